import ReducerKit
import ReducerKitTesting
import Testing

/// A `StoreTask` stands for the whole tree of effects an action caused, through the actions its
/// effects sent back.
@MainActor
@Suite struct StoreTaskTests {
  struct Refresh: Reducer {
    struct State: Equatable, Sendable { var log: [String] = [] }
    enum Action: Equatable, Sendable {
      case refresh
      case response
      case done
    }
    let gate: Gate
    let probe: Locked<[String]>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .refresh:
        state.log.append("refresh")
        return .run { send in await send(.response) }
      case .response:
        state.log.append("response")
        return .run { [gate, probe] send in
          await withTaskCancellationHandler {
            await gate.wait()
          } onCancel: {
            probe.withLock { $0.append("second effect cancelled") }
          }
          guard !Task.isCancelled else { return }
          await send(.done)
        }
      case .done:
        state.log.append("done")
        return .none
      }
    }
  }

  @Test func finishWaitsForEffectsStartedByTheActionsItsEffectsSent() async {
    let gate = Gate()
    let store = Store(initialState: Refresh.State()) {
      Refresh(gate: gate, probe: Locked([]))
    }
    let finished = Locked(false)
    let waiter = Task {
      await store.send(.refresh).finish()
      finished.withLock { $0 = true }
    }
    // The second effect, started by `.response`, waits on the gate.
    while !gate.hasWaiters { await Task.yield() }
    for _ in 0..<20 { await Task.yield() }
    #expect(!finished.value)
    gate.open()
    await waiter.value
    #expect(store.log == ["refresh", "response", "done"])
  }

  @Test func cancelCancelsTheWholeTree() async {
    let gate = Gate()
    let probe = Locked<[String]>([])
    let store = Store(initialState: Refresh.State()) { Refresh(gate: gate, probe: probe) }
    let task = store.send(.refresh)
    while !gate.hasWaiters { await Task.yield() }
    task.cancel()
    await task.finish()
    #expect(probe.value == ["second effect cancelled"])
    #expect(store.log == ["refresh", "response"])
    #expect(task.isCancelled)
  }

  @Test func aTreeThatFinishedNormallyIsNotCancelled() async {
    let gate = Gate()
    gate.open()
    let store = Store(initialState: Refresh.State()) { Refresh(gate: gate, probe: Locked([])) }
    let task = store.send(.refresh)
    await task.finish()
    #expect(store.log == ["refresh", "response", "done"])
    #expect(!task.isCancelled)
  }

  @Test func anActionWithoutEffectsHasAnEmptyTask() async {
    let store = Store(initialState: Refresh.State()) {
      Refresh(gate: Gate(), probe: Locked([]))
    }
    let task = store.send(.done)
    await task.finish()
    #expect(task.isCancelled)
    #expect(task == store.send(.done))
  }

  @Test func aTestStoreTaskCancelsTheWholeTree() async {
    let probe = Locked<[String]>([])
    let store = TestStore(initialState: Refresh.State()) {
      Refresh(gate: Gate(), probe: probe)
    }
    let task = await store.send(.refresh) { $0.log = ["refresh"] }
    await store.receive(.response) { $0.log.append("response") }
    await task.cancel()
    // The effect `.response` started is cancelled too, so the test ends with nothing running.
    #expect(probe.value == ["second effect cancelled"])
  }

  @Test func aTestStoreTaskFinishesTheWholeTree() async {
    let gate = Gate()
    let store = TestStore(initialState: Refresh.State()) {
      Refresh(gate: gate, probe: Locked([]))
    }
    let task = await store.send(.refresh) { $0.log = ["refresh"] }
    await store.receive(.response) { $0.log.append("response") }
    gate.open()
    await task.finish()
    await store.receive(.done) { $0.log.append("done") }
  }
}
