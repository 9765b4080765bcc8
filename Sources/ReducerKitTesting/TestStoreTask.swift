import ReducerKit

/// The effects started by an action sent to a ``TestStore``.
///
/// ```swift
/// let task = await store.send(.view(.onAppear))
/// await store.receive(\.internal.loaded) { … }
/// await task.cancel()  // a long-living effect, such as a subscription
/// ```
public struct TestStoreTask: Hashable, Sendable {
  let storeTask: StoreTask
  let timeout: Duration
  /// The store's executor, whose queued work runs before a timeout is reported.
  let executor: SerialTestExecutor

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storeTask == rhs.storeTask && lhs.timeout == rhs.timeout
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(storeTask)
    hasher.combine(timeout)
  }

  /// Waits for the effects to finish, failing if they take longer than `timeout`.
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let limit = timeout ?? self.timeout
    let finished = await withFirstOf(limit, draining: executor) { await storeTask.finish() }
    guard !finished else { return }
    recordTestFailure(
      TestFailures.taskFinishTimedOut(after: limit),
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// Cancels the effects and waits until they have stopped.
  public func cancel() async {
    storeTask.cancel()
    await storeTask.finish()
  }

  /// Whether the effects were cancelled (true when there were none).
  public var isCancelled: Bool { storeTask.isCancelled }
}

/// Runs `operation` and returns `true` if it finished within `limit`, counting the work
/// `executor` had queued when the limit passed (see ``ChangeSignal``). The operation is not
/// cancelled when the limit passes (so waiting cannot cancel the effects being waited for).
@MainActor
func withFirstOf(
  _ limit: Duration, draining executor: SerialTestExecutor,
  _ operation: @escaping @Sendable () async -> Void
) async -> Bool {
  let signal = ChangeSignal()
  // NB: the operation prefers the store's executor, whose work a drain waits for: on the global
  // executor, it waited for a thread of the pool, which tests blocking on a child process or a
  // loaded machine can hold past the limit, and no drain could let it run.
  let waiter = Task(executorPreference: executor) {
    await operation()
    await signal.notify()
  }
  var drains = 0
  let finished = await signal.wait(
    until: ContinuousClock.now + limit, draining: executor, drains: &drains)
  if finished { await waiter.value }
  return finished
}
