import ReducerKit
import Testing

/// `store.scope(state: { $0.child }, action: { .child($0) })`, TCA's older closure form.
@MainActor
@Suite struct StoreClosureScopeTests {
  struct Parent: Reducer {
    struct State: Equatable, Sendable {
      var child = Child.State()
      var title = "parent"
    }
    enum Action: Sendable {
      case child(Child.Action)
      case rename(String)
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.child, action: \.child) { Child() }
      Reduce { state, action in
        if case .rename(let title) = action { state.title = title }
        return .none
      }
    }
  }
  struct Child: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Sendable { case increment }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  @Test func aClosureScopeSendsThroughTheParentAndFollowsItsState() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let child = store.scope(state: { $0.child }, action: { .child($0) })
    child.send(.increment)
    #expect(store.child.count == 1)
    #expect(child.count == 1)
    let derived = store.scope(state: { "\($0.title) \($0.child.count)" }, action: { .rename($0) })
    #expect(derived.state == "parent 1")
    derived.send("renamed")
    #expect(derived.state == "renamed 1")
  }

  @Test func aKeyPathStillPicksTheCachedForm() {
    let store = Store(initialState: Parent.State()) { Parent() }
    // NB: one place writes the scope (two places would be two closures, two stores).
    func childStore() -> StoreOf<Child> { store.scope(state: \.child, action: { .child($0) }) }
    let first = childStore()
    let second = childStore()
    #expect(first === second)
  }
}
