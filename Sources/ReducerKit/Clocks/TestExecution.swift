import Synchronization

/// What a test executor does for the test clocks: the seam through which ``TestClock`` and
/// ``ImmediateClock`` (public here, usable in previews) cooperate with the serial test executor
/// that lives in `ReducerKitTesting`.
///
/// A clock records its work on the executor of the task that sleeps, counts the tasks it resumes
/// as in transit until they run, and settles the executors of its sleepers before an `advance`
/// returns. With no test executor on the thread (an app, a preview) every call is skipped.
package protocol TestExecutionHooks: AnyObject, Sendable {
  /// Notes that something happened that may have created more work.
  func record()
  /// A task of this executor was resumed by a test clock and has not run yet.
  func beginTransit()
  /// A resumed task runs again.
  func endTransit()
  /// Waits until the executor is quiet; returns how many rounds that took beyond the first
  /// (0: it was quiet already), or `nil` when it gave up after `limit` rounds.
  @MainActor func settle(limit: Int) async -> Int?
  /// What keeps the executor busy, for a failure that gave up waiting: its effects in flight
  /// and where they were created, its queued and running jobs.
  @MainActor var busyDescription: String { get }
  /// How many jobs this executor has run: compared with ``TestExecution/jobsRun`` it tells how
  /// much of the main queue's work while waiting belonged to other tests.
  var jobsRun: UInt64 { get }
}

/// How a wait for test executors ended.
package enum TestSettling: Equatable {
  /// Every executor was quiet, after this many main-queue rounds.
  case quiet(rounds: Int)
  /// The round limit passed with work still running on one of them.
  case gaveUp(rounds: Int)
}

/// The test executor of the current thread, if any.
package enum TestExecution {
  /// Main-queue rounds one wait may take before it gives up: far more than finite work needs
  /// (each round runs everything queued before it, so rounds count steps of a chain of work, not
  /// jobs), and few enough that work which never stops fails in seconds instead of hanging. A
  /// count, not a time, so a slow machine does not fail it.
  package static let roundLimit = 10_000

  /// The executor whose job runs on this thread, or on whose behalf a test clock resumes a task.
  package static var current: (any TestExecutionHooks)? {
    currentObject as? any TestExecutionHooks
  }

  /// ``current`` as a plain object, without the cast to the protocol: the task-routing hook asks
  /// on every enqueue, where most of the time there is none.
  package static var currentObject: AnyObject? {
    ThreadLocalObject(.testExecutor).current
  }

  /// Runs `body` with `executor` as this thread's ``current`` executor.
  package static func withCurrent<Result>(
    _ executor: (any TestExecutionHooks)?, _ body: () throws -> Result
  ) rethrows -> Result {
    try ThreadLocalObject(.testExecutor).with(executor.map { $0 as AnyObject }, body)
  }

  /// Settles each of `executors`, again and again, until a pass finds all of them quiet (work on
  /// one can start work on another), or until `roundLimit` main-queue rounds have passed in all.
  @MainActor
  package static func settle(
    _ executors: [any TestExecutionHooks], roundLimit: Int = roundLimit
  ) async -> TestSettling {
    var rounds = 0
    while true {
      var wereQuiet = true
      for executor in executors {
        guard let used = await executor.settle(limit: max(1, roundLimit - rounds)) else {
          return .gaveUp(rounds: roundLimit)
        }
        rounds += used + 1
        if used != 0 { wereQuiet = false }
      }
      if wereQuiet { return .quiet(rounds: rounds) }
      if rounds >= roundLimit { return .gaveUp(rounds: rounds) }
    }
  }

  // MARK: Ambient executor

  /// The test executor a new store's effects run on when nothing else chose one: the one of the
  /// `withMainSerialExecutor` call, or of the test, that the store is made in (`nil` outside
  /// them, and in an app). Set once by `ReducerKitTesting`.
  package static var ambientExecutor: (any TaskExecutor)? {
    guard hasAmbientProvider.load(ordering: .acquiring) else { return nil }
    return ambientProvider.withLock { $0 }?()
  }

  /// Installs what ``ambientExecutor`` asks (`ReducerKitTesting` does, as it installs its
  /// routing of unstructured tasks).
  package static func provideAmbientExecutor(
    _ provider: @escaping @Sendable () -> (any TaskExecutor)?
  ) {
    ambientProvider.withLock { $0 = provider }
    hasAmbientProvider.store(true, ordering: .releasing)
  }

  private static let hasAmbientProvider = Atomic(false)
  // NB: a pthread lock (`LockedState`), not `Mutex`: ThreadSanitizer does not see `Mutex` on
  // Linux, and reported every first read of the provider by two tests at once as a race.
  private static let ambientProvider = LockedState<(@Sendable () -> (any TaskExecutor)?)?>(nil)

  // MARK: Work counted across tests

  /// Jobs run by every test executor of the process: what ran on the main queue meanwhile,
  /// when a wait compares it with its own executors' ``TestExecutionHooks/jobsRun``.
  package static var jobsRun: UInt64 { jobCounter.load(ordering: .relaxed) }

  /// Counts one job of a test executor in ``jobsRun``.
  package static func countJob() {
    jobCounter.add(1, ordering: .relaxed)
  }

  private static let jobCounter = Atomic<UInt64>(0)
}
