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
}

/// The test executor of the current thread, if any.
package enum TestExecution {
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
  /// one can start work on another).
  @MainActor
  package static func settle(_ executors: [any TestExecutionHooks], limit: Int = 100_000) async {
    for _ in 0..<100 {
      var wereQuiet = true
      for executor in executors where await executor.settle(limit: limit) != 0 {
        wereQuiet = false
      }
      if wereQuiet { return }
    }
  }
}
