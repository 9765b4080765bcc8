import Dispatch
import ReducerKit
import Synchronization

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
/// yields, so the outcome is the same on every run.
@usableFromInline
package final class SerialTestExecutor: TaskExecutor, TestExecutionHooks, Sendable {
  private let events = Atomic<UInt64>(0)
  private let queued = Atomic<Int>(0)
  private let running = Atomic<Int>(0)
  private let inTransit = Atomic<Int>(0)

  package init() {
    Self.installRouting()
  }

  @usableFromInline
  package func enqueue(_ job: consuming ExecutorJob) {
    run(UnownedJob(job))
  }

  /// Runs `job` on the main queue, counted.
  func run(_ job: UnownedJob) {
    queued.add(1, ordering: .sequentiallyConsistent)
    record()
    DispatchQueue.main.async { [self] in
      queued.subtract(1, ordering: .sequentiallyConsistent)
      running.add(1, ordering: .sequentiallyConsistent)
      Self.withCurrent(self) { job.runSynchronously(on: asUnownedTaskExecutor()) }
      running.subtract(1, ordering: .sequentiallyConsistent)
      record()
    }
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
  /// would look like new activity on every round.
  ///
  /// - Parameter limit: Rounds after which it gives up (work that never stops).
  @discardableResult
  @MainActor
  package func settle(limit: Int = 100_000) async -> Int? {
    for round in 0..<limit {
      let before = events.load(ordering: .sequentiallyConsistent)
      let isQuiet = await withCheckedContinuation { continuation in
        DispatchQueue.main.async { [self] in
          continuation.resume(
            returning: events.load(ordering: .sequentiallyConsistent) == before
              && queued.load(ordering: .sequentiallyConsistent) == 0
              && running.load(ordering: .sequentiallyConsistent) == 0
              && inTransit.load(ordering: .sequentiallyConsistent) == 0
          )
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
  /// the global executor to ``current`` when there is one (a task created inside one of its
  /// jobs), and to the global executor otherwise.
  private static let routing: Void = {
    _ = EnqueueGlobalHook.install { job, enqueueGlobal in
      if let executor = SerialTestExecutor.current ?? SerialTestExecutor.scoped {
        executor.run(job)
      } else if SerialTestExecutor.everyTaskToMain.load(ordering: .relaxed) {
        SerialTestExecutor.main.run(job)
      } else {
        enqueueGlobal(job)
      }
    }
  }()

  /// The executor of the `withMainSerialExecutor` call the enqueuing task is in: what its
  /// operation starts runs there, though the operation itself runs on its caller's actor.
  @TaskLocal package static var scoped: SerialTestExecutor?

  /// The executor of ``routesEveryTaskToMain``.
  private static let main = SerialTestExecutor()
  private static let everyTaskToMain = Atomic(false)

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
