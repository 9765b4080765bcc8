import Foundation

extension Task where Success == Never, Failure == Never {
  /// Suspends the current task `count` times, each time behind a low-priority task, so that
  /// work already started elsewhere (an effect of a ``ReducerKit/Store``, a task a model
  /// spawned) gets to run first: swift-concurrency-extras' helper, which TCA exports.
  ///
  /// ```swift
  /// let store = Store(initialState: Feature.State()) { Feature() }
  /// store.send(.onAppear)
  /// await Task.megaYield()
  /// #expect(store.isLoaded)
  /// ```
  ///
  /// It makes a test on the real executors likelier to pass, never certain. A ``TestStore``
  /// needs none of it: `await store.receive(…)` and `await store.finish()` wait for exactly
  /// the work they name. The count defaults to 20, or to the `TASK_MEGA_YIELD_COUNT`
  /// environment variable (0 to 10,000).
  public static func megaYield(count: Int = defaultMegaYieldCount) async {
    for _ in 0..<count {
      await Task<Void, Never>.detached(priority: .background) { await Task<Never, Never>.yield() }
        .value
    }
  }
}

/// How many times `Task.megaYield()` yields unless told: 20, or `TASK_MEGA_YIELD_COUNT`.
public let defaultMegaYieldCount: Int = megaYieldCount(
  environment: ProcessInfo.processInfo.environment)

/// The yield count `environment` asks for, kept within 0…10,000 (20 when it asks nothing).
package func megaYieldCount(environment: [String: String]) -> Int {
  let requested = environment["TASK_MEGA_YIELD_COUNT"].flatMap { Int($0) } ?? 20
  return min(max(requested, 0), 10_000)
}
