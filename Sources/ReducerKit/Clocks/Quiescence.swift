import Dispatch
import Synchronization

/// Lets tests wait until the work they started has run as far as it can.
///
/// Effects a test store starts run on ``MainQueueTaskExecutor``; its jobs are counted here
/// (queued and running), and so are tasks a test clock resumed that have not run yet ("in
/// transit": a resumed task passes through the global executor on its way back to its own).
/// ``settle()`` waits, one main-queue round at a time, until nothing is queued, running or in
/// transit, and a whole round passed with nothing recorded. The number of rounds follows from
/// the work itself, not from a fixed count of yields, so the outcome is the same on every run.
///
/// NB: nonisolated async code started elsewhere (a task on the global executor, or a main-actor
/// task calling a nonisolated async function such as `Clock.sleep(for:)`) runs on the global
/// executor, which cannot be observed; its timing is not deterministic.
package enum Quiescence {
  private static let events = Atomic<UInt64>(0)
  private static let queued = Atomic<Int>(0)
  private static let running = Atomic<Int>(0)
  private static let inTransit = Atomic<Int>(0)

  /// Notes that something happened that may have created more work.
  package static func record() {
    events.add(1, ordering: .sequentiallyConsistent)
  }

  /// A task was resumed and has not run yet.
  static func beginTransit() {
    inTransit.add(1, ordering: .sequentiallyConsistent)
    record()
  }

  /// A resumed task runs again.
  static func endTransit() {
    inTransit.subtract(1, ordering: .sequentiallyConsistent)
    record()
  }

  /// Runs `body` on the main queue, counted as queued, then running.
  static func enqueueCounted(_ body: @escaping @Sendable () -> Void) {
    queued.add(1, ordering: .sequentiallyConsistent)
    record()
    DispatchQueue.main.async {
      queued.subtract(1, ordering: .sequentiallyConsistent)
      running.add(1, ordering: .sequentiallyConsistent)
      body()
      running.subtract(1, ordering: .sequentiallyConsistent)
      record()
    }
  }

  /// Waits until a main-queue round passes in which nothing was recorded, and nothing is queued,
  /// running or in transit.
  ///
  /// NB: the check runs inside the main-queue block that ends a round, outside any counted job:
  /// checked after the settling task resumed, the task's own resumption (counted when it prefers
  /// the test executor) would look like new activity on every round.
  ///
  /// - Parameter limit: Rounds after which it gives up (work that never stops).
  @MainActor
  package static func settle(limit: Int = 100_000) async {
    for _ in 0..<limit {
      let before = events.load(ordering: .sequentiallyConsistent)
      let isQuiet = await withCheckedContinuation { continuation in
        DispatchQueue.main.async {
          continuation.resume(
            returning: events.load(ordering: .sequentiallyConsistent) == before
              && queued.load(ordering: .sequentiallyConsistent) == 0
              && running.load(ordering: .sequentiallyConsistent) == 0
              && inTransit.load(ordering: .sequentiallyConsistent) == 0
          )
        }
      }
      if isQuiet { return }
    }
  }
}

/// Runs tasks on the main queue, in the order they are enqueued.
///
/// Effects a test store starts prefer this executor, so their nonisolated code interleaves with
/// the test and the store deterministically, on one queue.
package final class MainQueueTaskExecutor: TaskExecutor {
  package static let shared = MainQueueTaskExecutor()

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    Quiescence.enqueueCounted {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
    }
  }
}
