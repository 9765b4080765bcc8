import Dispatch
import ReducerKit
import Synchronization
import Testing

/// A task executor for tests: runs jobs on the main queue, one at a time, in the order they are
/// enqueued, and counts its own work so that a test can wait until it is quiet.
///
/// Each test store has its own, so waiting for one store's effects never waits for another
/// test's. Tasks that prefer it run on it; so do the unstructured tasks (`Task { }`,
/// `Task.detached { }`) created while one of its jobs runs, which the Swift runtime would
/// otherwise put on the global concurrent executor (see ``installRouting()``).
///
/// ``settle(limit:)`` waits, one main-queue round at a time, until nothing is queued, running or
/// in transit (resumed by a ``TestClock`` and not yet run), and a whole round passed with nothing
/// recorded. The number of rounds follows from the work itself, not from a fixed count of
/// yields, so the outcome is the same on every run; the limit is a count of rounds too.
///
/// Only this executor's own work counts: jobs of other tests share the main queue, and delay a
/// round, but never make it look busy.
@usableFromInline
package final class SerialTestExecutor: TaskExecutor, TestExecutionHooks, Sendable {
  private let events = Atomic<UInt64>(0)
  private let queued = Atomic<Int>(0)
  private let running = Atomic<Int>(0)
  private let inTransit = Atomic<Int>(0)
  private let jobCount = Atomic<UInt64>(0)
  /// Whose work this is, for a failure that names what kept it busy.
  private let label: String
  /// What the owner says of its work in flight (a test store lists its effects).
  private let workDescription = Mutex<(@MainActor @Sendable () -> String)?>(nil)

  /// Whether its jobs count as work a wait sees; `false` only for the process's own ``wakeUps``
  /// and ``hops``, which run on the main queue for their order but are nobody's work, and are
  /// never the executor a new store or task is routed to.
  private let countsWork: Bool

  /// - Parameters:
  ///   - label: Whose work it runs, as a failure names it ("the test store made at …").
  ///   - countsWork: Whether its jobs count as work a wait sees.
  package init(label: String = "a serial test executor", countsWork: Bool = true) {
    self.label = label
    self.countsWork = countsWork
    Self.installRouting()
  }

  @usableFromInline
  package func enqueue(_ job: consuming ExecutorJob) {
    run(UnownedJob(job))
  }

  /// Runs `job` on the main queue, counted (uncounted on ``wakeUps`` and ``hops``).
  func run(_ job: UnownedJob) {
    guard countsWork else {
      DispatchQueue.main.async { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
      return
    }
    queued.add(1, ordering: .sequentiallyConsistent)
    record()
    DispatchQueue.main.async { [self] in
      queued.subtract(1, ordering: .sequentiallyConsistent)
      running.add(1, ordering: .sequentiallyConsistent)
      jobCount.add(1, ordering: .relaxed)
      TestExecution.countJob()
      Self.withCurrent(self) { job.runSynchronously(on: asUnownedTaskExecutor()) }
      running.subtract(1, ordering: .sequentiallyConsistent)
      record()
    }
  }

  /// How many jobs this executor has run.
  package var jobsRun: UInt64 { jobCount.load(ordering: .relaxed) }

  /// Sets what ``busyDescription`` says of the owner's work in flight.
  package func describeWork(_ describe: @escaping @MainActor @Sendable () -> String) {
    workDescription.withLock { $0 = describe }
  }

  /// Whose work this is, what its owner says is in flight, and its queued, running and resumed
  /// jobs.
  @MainActor
  package var busyDescription: String {
    let queued = queued.load(ordering: .sequentiallyConsistent)
    let running = running.load(ordering: .sequentiallyConsistent)
    let inTransit = inTransit.load(ordering: .sequentiallyConsistent)
    var text = "    \(label): \(queued) jobs queued, \(running) running, \(inTransit) resumed by a "
    text += "test clock and not yet run"
    if let describe = workDescription.withLock({ $0 }) { text += "\n" + describe() }
    return text
  }

  /// Notes that something happened that may have created more work.
  package func record() {
    events.add(1, ordering: .sequentiallyConsistent)
  }

  /// A task of this executor was resumed by a test clock and has not run yet.
  package func beginTransit() {
    inTransit.add(1, ordering: .sequentiallyConsistent)
    record()
  }

  /// A resumed task runs again.
  package func endTransit() {
    inTransit.subtract(1, ordering: .sequentiallyConsistent)
    record()
  }

  /// Waits until a main-queue round passes in which nothing was recorded, and nothing is queued,
  /// running or in transit; returns how many rounds that took beyond the first (0: it was quiet
  /// already), or `nil` when it gave up.
  ///
  /// NB: the check runs inside the main-queue block that ends a round, outside any job: checked
  /// after the settling task resumed, the task's own resumption (when it prefers this executor)
  /// would look like new activity on every round. Its resumption goes through the global
  /// executor (a task without a preference), where the routing of unstructured tasks must not
  /// count it as any test's work: it is marked (``wakeUps``) and run on the main queue uncounted.
  ///
  /// - Parameter limit: Rounds after which it gives up (work that never stops).
  @discardableResult
  @MainActor
  package func settle(limit: Int = TestExecution.roundLimit) async -> Int? {
    for round in 0..<limit {
      let before = events.load(ordering: .sequentiallyConsistent)
      let isQuiet = await withCheckedContinuation { continuation in
        DispatchQueue.main.async { [self] in
          let isQuiet =
            events.load(ordering: .sequentiallyConsistent) == before
            && queued.load(ordering: .sequentiallyConsistent) == 0
            && running.load(ordering: .sequentiallyConsistent) == 0
            && inTransit.load(ordering: .sequentiallyConsistent) == 0
          Self.withCurrent(Self.wakeUps) { continuation.resume(returning: isQuiet) }
        }
      }
      if isQuiet { return round }
    }
    return nil
  }

  // MARK: The executor of this thread

  /// The executor whose job runs on this thread, or on whose behalf a test clock resumes a task.
  package static var current: SerialTestExecutor? {
    TestExecution.currentObject as? SerialTestExecutor
  }

  /// Runs `body` with `executor` as this thread's ``current`` executor.
  package static func withCurrent<Result>(
    _ executor: SerialTestExecutor?, _ body: () throws -> Result
  ) rethrows -> Result {
    try TestExecution.withCurrent(executor, body)
  }

  // MARK: Routing unstructured tasks

  /// Installs, once per process, the runtime hook (``EnqueueGlobalHook``) that sends a job for
  /// the global executor to ``ambient`` when there is one, and to the global executor otherwise;
  /// and gives new stores the same executor for their effects.
  private static let routing: Void = {
    _ = EnqueueGlobalHook.install { job, enqueueGlobal in
      if let executor = SerialTestExecutor.ambient {
        executor.run(job)
      } else if SerialTestExecutor.openScopes.load(ordering: .relaxed) > 0,
        withUnsafeCurrentTask(body: { $0 == nil })
      {
        // A hop off an actor (no task is current while the runtime enqueues it) while some
        // `withMainSerialExecutor` call runs: see ``openScopes``.
        SerialTestExecutor.hops.run(job)
      } else {
        enqueueGlobal(job)
      }
    }
    TestExecution.provideAmbientExecutor {
      SerialTestExecutor.ambient.flatMap {
        $0.countsWork ? $0 : nil
      }
    }
  }()

  /// Where work started here runs: the executor whose job runs on this thread (a task created
  /// inside one of its jobs), else that of the `withMainSerialExecutor` call the enqueuing task
  /// is in, else, with ``routesEveryTaskToMain``, the executor of the test the enqueuing task
  /// belongs to (``TestLineages``).
  package static var ambient: SerialTestExecutor? {
    if let executor = current ?? scoped { return executor }
    guard everyTaskToMain.load(ordering: .relaxed) else { return nil }
    return TestLineages.executorOfCurrentTest()
  }

  /// The executor of the `withMainSerialExecutor` call the enqueuing task is in: what its
  /// operation starts runs there, though the operation itself runs on its caller's actor.
  @TaskLocal package static var scoped: SerialTestExecutor?

  private static let everyTaskToMain = Atomic(false)

  /// How many `withMainSerialExecutor` calls are running in the process.
  ///
  /// NB: a task that leaves the main actor for nonisolated code (a `Task { }` made in the call's
  /// operation that iterates an `AsyncStream`, or awaits a nonisolated function) is enqueued on
  /// the global executor with no task current, so nothing tells which call it belongs to. Left
  /// to the pool, that step ran on another thread, at a moment no wait of the call could see;
  /// while a call runs, such hops run on the main queue instead, in the order they came,
  /// counted by no executor (so they never keep a wait busy, whoever they belong to).
  package static let openScopes = Atomic(0)

  /// Runs the hops of ``openScopes`` on the main queue, uncounted.
  private static let hops = SerialTestExecutor(label: "a hop off the main actor", countsWork: false)

  /// Marks, as ``current``, the resumption of a task waiting in ``settle(limit:)``: it runs on
  /// the main queue, counted by no executor. Routed like work, it would be counted as the work of
  /// whatever test executor the routing picks (and keep that executor's waits busy); left to the
  /// global executor, it would wait for a free thread of the pool, which tests blocking on a
  /// child process can hold.
  private static let wakeUps = SerialTestExecutor(label: "a waiter's wake-up", countsWork: false)

  /// Whether the hook sends every global job to the main queue (`uncheckedUseMainSerialExecutor`).
  package static var routesEveryTaskToMain: Bool {
    get { everyTaskToMain.load(ordering: .relaxed) }
    set {
      installRouting()
      everyTaskToMain.store(newValue, ordering: .relaxed)
    }
  }

  package static func installRouting() {
    _ = routing
  }
}

/// The executors of ``SerialTestExecutor/routesEveryTaskToMain``: one per test, so that a test
/// waiting for its own tasks never waits for another's.
///
/// With the switch on, every task of the process runs on the main queue, those of every test
/// running in parallel included. Counted on one executor, the tests kept each other's waits
/// busy (each test's clock saw the others' jobs as its own work) and could livelock. A job is
/// attributed to the test of the code that enqueues it: the running test store's or executor's
/// job (``SerialTestExecutor/current``), else the Swift Testing test (and argument case) whose
/// task enqueues it, read from the task's locals, which tasks inherit from the test.
///
/// The rest share one executor: code outside any Swift Testing test (an XCTest case, which runs
/// one at a time), and a task's hop from the main actor to the global executor, which the
/// runtime enqueues with no current task, so that no test can be read (a `TestClock.advance`
/// called from a `@MainActor` test is one). A clock called from such a hop counts that executor
/// too, so parallel tests' hops can delay its wait by a round each; they cannot keep it busy, as
/// a waiter's own wake-up (which once did) is never counted.
enum TestLineages {
  /// A test, or one argument case of a parameterized test.
  private struct Key: Hashable {
    let test: Test.ID
    /// The case's arguments as Swift Testing describes them; `nil` for a test without any.
    let testCase: String?
  }

  private static let executors = Mutex<[Key: SerialTestExecutor]>([:])
  private static let outsideTests = SerialTestExecutor(
    label: "tasks of no known test (an XCTest case's, or a hop off the main actor)")

  /// The executor of the test the current task belongs to.
  static func executorOfCurrentTest() -> SerialTestExecutor {
    guard let test = Test.current else { return outsideTests }
    // NB: described only for a parameterized case (a reflection, tens of microseconds): the
    // cases of one test run in parallel and share its id.
    let testCase = Test.Case.current.flatMap { $0.isParameterized ? String(describing: $0) : nil }
    let key = Key(test: test.id, testCase: testCase)
    return executors.withLock { executors in
      if let executor = executors[key] { return executor }
      let executor = SerialTestExecutor(label: "the tasks of the test \(test.name)")
      executors[key] = executor
      return executor
    }
  }
}
