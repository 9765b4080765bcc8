import ReducerKit
import ReducerKitTesting
import Testing

/// Effects of a test store, and everything they start, run on that store's own executor, which
/// a test waits for without waiting for other tests.
@MainActor
@Suite struct SerialTestExecutorTests {
  struct Spawner: Reducer {
    enum Action: Equatable, Sendable {
      case plainTask
      case cancellableScope
      case busy
      case reported(Bool)
    }
    enum CancelID: Hashable, Sendable { case scope }
    func reduce(into state: inout [Bool], action: Action) -> Effect<Action> {
      switch action {
      case .plainTask:
        return .run { send in
          let onExecutor = await Task { SerialTestExecutor.current != nil }.value
          await send(.reported(onExecutor))
        }
      case .cancellableScope:
        return .run { send in
          let onExecutor = await withTaskCancellation(id: CancelID.scope) {
            SerialTestExecutor.current != nil
          }
          await send(.reported(onExecutor))
        }
      case .busy:
        return .run { _ in
          while !Task.isCancelled { await Task.yield() }
        }
      case .reported(let value):
        state.append(value)
        return .none
      }
    }
  }

  @Test func aPlainTaskInsideAnEffectRunsOnTheStoresExecutor() async {
    let store = TestStore(initialState: [Bool]()) { Spawner() }
    await store.send(.plainTask)
    await store.receive(.reported(true)) { $0 = [true] }
  }

  @Test func theTaskBehindWithTaskCancellationRunsOnTheStoresExecutor() async {
    let store = TestStore(initialState: [Bool]()) { Spawner() }
    await store.send(.cancellableScope)
    await store.receive(.reported(true)) { $0 = [true] }
  }

  @Test func waitingForOneStoreDoesNotWaitForAnother() async {
    let busy = TestStore(initialState: [Bool]()) { Spawner() }
    let task = await busy.send(.busy)
    // The busy store's executor never goes quiet; another executor does, at once.
    let other = SerialTestExecutor()
    #expect(await other.settle(limit: 50) != nil)
    await task.cancel()
  }

  @Test func withMainSerialExecutorRunsTheTasksItStartsOnItsExecutor() async {
    let onExecutor = await withMainSerialExecutor {
      await Task.detached { SerialTestExecutor.current != nil }.value
    }
    #expect(onExecutor)
  }
}
