import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct TaskNeverTests {
  @Test func suspendsUntilCancelledThenThrowsCancellation() async {
    let started = LockIsolated(false)
    let task = Task {
      started.setValue(true)
      try await Task.never()
    }
    while !started.value { await Task.yield() }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  struct KeepAlive: Reducer {
    enum Action: Equatable, Sendable { case start, stop }
    enum CancelID: Hashable, Sendable { case keepAlive }
    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { _ in try await Task.never() }.cancellable(id: CancelID.keepAlive)
      case .stop:
        return .cancel(id: CancelID.keepAlive)
      }
    }
  }

  @Test func keepsAnEffectAliveUntilItIsCancelled() async {
    let store = TestStore(initialState: 0) { KeepAlive() }
    await store.send(.start)
    await store.send(.stop)
    await store.finish()
  }
}
