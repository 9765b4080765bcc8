import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct InterceptTests {
  struct Counter: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var log: [String] = []
    }
    enum Action: Equatable, Sendable {
      case increment
      case decrement
      case secret
      case didHandle
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment: state.count += 1
      case .decrement: state.count -= 1
      case .secret: state.log.append("secret reached the reducer")
      case .didHandle: state.log.append("didHandle")
      }
      return .none
    }
  }

  @Test func seesEachActionAroundTheWrappedReducer() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter().intercept { state, action, next in
        state.log.append("before \(action): \(state.count)")
        let effect = next(&state, action)
        state.log.append("after \(action): \(state.count)")
        return effect
      }
    }
    await store.send(.increment) {
      $0.count = 1
      $0.log = ["before increment: 0", "after increment: 1"]
    }
  }

  @Test func dropsAnActionByNotCallingNext() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter().intercept { state, action, next in
        action == .secret ? .none : next(&state, action)
      }
    }
    await store.send(.secret)
    await store.send(.increment) { $0.count = 1 }
  }

  @Test func rewritesTheAction() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter().intercept { state, action, next in
        next(&state, action == .decrement ? .increment : action)
      }
    }
    await store.send(.decrement) { $0.count = 1 }
  }

  @Test func shortCircuitsWithItsOwnEffectOrAppendsEffects() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter().intercept { state, action, next in
        switch action {
        case .secret: .send(.didHandle)
        case .increment: next(&state, action).merge(with: .send(.didHandle))
        default: next(&state, action)
        }
      }
    }
    await store.send(.secret)
    await store.receive(.didHandle) { $0.log = ["didHandle"] }
    await store.send(.increment) { $0.count = 1 }
    await store.receive(.didHandle) { $0.log.append("didHandle") }
  }

  @Test func theLastInterceptorWrittenIsTheOutermost() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
        .intercept { state, action, next in
          state.log.append("first written")
          return next(&state, action)
        }
        .intercept { state, action, next in
          state.log.append("second written")
          return next(&state, action)
        }
    }
    await store.send(.increment) {
      $0.count = 1
      $0.log = ["second written", "first written"]
    }
  }
}
