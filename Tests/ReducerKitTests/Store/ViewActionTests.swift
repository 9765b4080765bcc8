import ReducerKit
import Testing

/// A store of a ``ViewAction`` feature takes view actions without the `view` case around them.
@MainActor
@Suite struct ViewActionTests {
  struct Counter: Reducer {
    enum Action: ViewAction, Equatable, Sendable {
      case view(View)
      case `internal`(Internal)
      enum View: Equatable, Sendable { case incrementTapped }
      enum Internal: Equatable, Sendable { case incremented }
    }
    func reduce(into state: inout [Action], action: Action) -> Effect<Action> {
      state.append(action)
      guard action == .view(.incrementTapped) else { return .none }
      return .send(.internal(.incremented))
    }
  }

  @Test func sendingAViewActionSendsItInTheViewCase() {
    let store = Store(initialState: [Counter.Action]()) { Counter() }
    store.send(.incrementTapped)
    store.send(.view(.incrementTapped))
    #expect(
      store.withState { $0 } == [
        .view(.incrementTapped), .internal(.incremented),
        .view(.incrementTapped), .internal(.incremented),
      ])
  }

  @Test func aViewActionSentWithAnAnimationIsSentInTheViewCase() {
    let store = Store(initialState: [Counter.Action]()) { Counter() }
    store.send(.incrementTapped, animation: .default)
    #expect(store.withState { $0 } == [.view(.incrementTapped), .internal(.incremented)])
  }
}
