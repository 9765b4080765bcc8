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
/// Like TCA's helper of this name, it runs the tasks spawned in `operation` on one serial
/// executor. Unlike TCA's, it does so without changing the global executor of the whole process,
/// so tests running in parallel are unaffected.
///
/// `operation` runs where the caller is:
/// - Called from nonisolated code (a `nonisolated` test or helper), it runs on the serial
///   executor with everything it starts: `async let`, task groups, `Task { }`,
///   `Task.detached { }`.
/// - Called from a `@MainActor` test, it stays on the main actor, so it makes and drives test
///   stores as TCA's tests do inside it. `async let`, task groups and `Task.detached { }` it
///   starts still run on the serial executor. A `Task { }` made there belongs to the main actor,
///   though, and the nonisolated code it calls (an async sequence's iterator, a nonisolated
///   `async` function) runs on the global executor, where a ``TestClock`` cannot wait for it:
///   start such a task from nonisolated code or with `Task.detached`, or turn on
///   ``uncheckedUseMainSerialExecutor``, which, as TCA's helper does, sends every task of the
///   process to the main queue.
///
/// Test stores need none of this: their effects always run on their own serial executor.
///
/// > Note: The runtime hands a task that leaves the main actor to the global executor without
/// > saying which call it came from, so no scoped routing can follow it there; only the
/// > process-wide switch can.
public func withMainSerialExecutor<Result>(
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> Result
) async rethrows -> Result {
  // NB: `operation` runs where the caller is (a `@MainActor` test stays on the main actor, and
  // can make test stores); the tasks it starts prefer the serial executor.
  let executor = SerialTestExecutor()
  SerialTestExecutor.openScopes.add(1, ordering: .relaxed)
  defer { SerialTestExecutor.openScopes.subtract(1, ordering: .relaxed) }
  return try await SerialTestExecutor.$scoped.withValue(
    executor,
    operation: {
      try await withTaskExecutorPreference(executor, isolation: isolation) {
        try await operation()
      }
    }, isolation: isolation)
}

/// Runs the synchronous `operation` with ``uncheckedUseMainSerialExecutor`` on, as an XCTest
/// case's `invokeTest` override does in TCA's tests:
///
/// ```swift
/// override func invokeTest() {
///   withMainSerialExecutor { super.invokeTest() }
/// }
/// ```
public func withMainSerialExecutor(_ operation: () throws -> Void) rethrows {
  let previous = uncheckedUseMainSerialExecutor
  uncheckedUseMainSerialExecutor = true
  defer { uncheckedUseMainSerialExecutor = previous }
  try operation()
}

/// Whether every task of the process is run on the main queue, one job at a time, in the order
/// they are enqueued: TCA's switch, set in a test's `setUp` (or a suite's `init`) and reset in
/// its `tearDown`.
///
/// ```swift
/// override func setUp() { uncheckedUseMainSerialExecutor = true }
/// override func tearDown() { uncheckedUseMainSerialExecutor = false }
/// ```
///
/// > Important: It changes the executor of the whole process, so tests running in parallel
/// > (Swift Testing's default) run serially with it too. Test stores do not need it: they run
/// > their effects on an executor of their own; ``withMainSerialExecutor(isolation:operation:)``
/// > scopes the same to one call.
public var uncheckedUseMainSerialExecutor: Bool {
  get { SerialTestExecutor.routesEveryTaskToMain }
  set { SerialTestExecutor.routesEveryTaskToMain = newValue }
}
