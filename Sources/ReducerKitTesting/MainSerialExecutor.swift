import ReducerKit

/// Runs `operation` with its nonisolated asynchronous work, and that of its child tasks, on
/// the main queue, in the order it is scheduled: the executor test stores run effects on.
///
/// Use it for tests of code that is not an effect but must interleave deterministically with a
/// ``TestClock``:
///
/// ```swift
/// await withMainSerialExecutor {
///   let clock = TestClock()
///   async let value = model.loadAfterDelay(clock: clock)
///   await clock.advance(by: .seconds(1))
///   #expect(await value == 42)
/// }
/// ```
public func withMainSerialExecutor<Result>(
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> Result
) async rethrows -> Result {
  try await withTaskExecutorPreference(
    SerialTestExecutor(), isolation: isolation, operation: operation
  )
}
