import ReducerKit

/// Runs `operation`, and every task it starts, serially on the main queue, in the order their
/// work is scheduled, so that asynchronous code interleaves deterministically with a
/// ``TestClock``.
///
/// ```swift
/// let value = try await withMainSerialExecutor {
///   let clock = TestClock()
///   async let value = model.loadAfterDelay(clock: clock)
///   await clock.advance(by: .seconds(1))
///   return try await value
/// }
/// ```
///
/// Like TCA's helper of this name, it runs every task spawned in `operation` (`async let`, task
/// groups, `Task { }`, `Task.detached { }`) on one serial executor. Unlike TCA's, it does so
/// without changing the global executor of the whole process, so tests running in parallel are
/// unaffected: `operation` itself runs on that executor (not on the main actor), and work it
/// hands to other actors runs there as usual. Test stores need none of this: their effects
/// always run on their own serial executor.
public func withMainSerialExecutor<Result: Sendable>(
  operation: @escaping @Sendable () async throws -> Result
) async rethrows -> Result {
  // NB: not isolated to the caller's actor: `operation` runs on the executor itself.
  try await withTaskExecutorPreference(SerialTestExecutor(), isolation: nil) {
    try await operation()
  }
}
