/// The effects started by sending an action to a store.
///
/// Await ``finish()`` to wait until they are done (the "send and wait" idiom), or ``cancel()``
/// them:
///
/// ```swift
/// await store.send(.view(.refreshPulled)).finish()
/// ```
public struct StoreTask: Hashable, Sendable {
  @usableFromInline let tasks: [Task<Void, Never>]

  @inlinable
  init(tasks: [Task<Void, Never>] = []) {
    self.tasks = tasks
  }

  /// Waits until every effect has finished. Cancelling the waiting task cancels the effects.
  public func finish() async {
    guard !tasks.isEmpty else { return }
    let tasks = self.tasks
    await withTaskCancellationHandler {
      for task in tasks { await task.value }
    } onCancel: {
      for task in tasks { task.cancel() }
    }
  }

  /// Cancels the effects.
  public func cancel() {
    for task in tasks { task.cancel() }
  }

  /// Whether every effect has been cancelled (true when there were none).
  public var isCancelled: Bool {
    tasks.allSatisfy(\.isCancelled)
  }
}
