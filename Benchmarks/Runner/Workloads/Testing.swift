import ReducerKit
import ReducerKitTesting

let testingWorkloads: [Workload] = [
  Workload("W9", "TestStore") { options in
    let count = options.size(10_000, quick: 200)
    return {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      for _ in 0..<count {
        await store.send(.increment) { $0.count += 1 }
      }
      return count
    }
  },
  Workload("W9r", "TestStore.Receive") { options in
    // A step whose action sends another one back (`.send`, no task), and the step that
    // receives it: the received action is recorded, matched and asserted.
    let count = options.size(10_000, quick: 200)
    return {
      let store = TestStore(initialState: Relay.State()) { Relay() }
      for _ in 0..<count {
        await store.send(.forward) { $0.forwarded += 1 }
        await store.receive(.arrived) { $0.arrived += 1 }
      }
      return count
    }
  },
]

/// W9r's feature: `forward` sends `arrived` back at once.
struct Relay: Reducer {
  struct State: Equatable, Sendable {
    var forwarded = 0
    var arrived = 0
  }
  enum Action: Equatable, Sendable {
    case forward
    case arrived
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .forward:
      state.forwarded += 1
      return .send(.arrived)
    case .arrived:
      state.arrived += 1
      return .none
    }
  }
}
