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

  /// The deprecated closure scopes, made where calling them warns nowhere: in deprecated
  /// witnesses, which the test reaches through ``ClosureScopes`` (Swift Testing refuses a
  /// deprecated test).
  struct Scopes: ClosureScopes {
    @available(*, deprecated, message: "Calls the deprecated closure scope under test")
    static func child(of store: StoreOf<Parent>) -> StoreOf<Child> {
      store.scope(state: { $0.child }, action: { .child($0) })
    }
    @available(*, deprecated, message: "Calls the deprecated closure scope under test")
    static func title(of store: StoreOf<Parent>) -> Store<String, String> {
      store.scope(state: { "\($0.title) \($0.child.count)" }, action: { .rename($0) })
    }
    @available(*, deprecated, message: "Calls the deprecated closure scope under test")
    static func counted(
      of store: StoreOf<Parent>, derivations: LockIsolated<Int>
    ) -> StoreOf<Child> {
      store.scope(
        state: { state in
          derivations.withValue { $0 += 1 }
          return state.child
        },
        action: { .child($0) })
    }
  }

  @Test func aClosureScopeSendsThroughTheParentAndFollowsItsState() {
    func run<Made: ClosureScopes>(_: Made.Type) {
      let store = Store(initialState: Parent.State()) { Parent() }
      let child = Made.child(of: store)
      child.send(.increment)
      #expect(store.child.count == 1)
      #expect(child.count == 1)
      let derived = Made.title(of: store)
      #expect(derived.state == "parent 1")
      derived.send("renamed")
      #expect(derived.state == "renamed 1")
    }
    run(Scopes.self)
  }

  /// As in TCA, a closure scope derives its state when it is read, not when it is made or sent
  /// to: a view that never reads a store pays nothing for it.
  @Test func aClosureScopeDerivesItsStateOnlyWhenRead() {
    func run<Made: ClosureScopes>(_: Made.Type) {
      let store = Store(initialState: Parent.State()) { Parent() }
      let derivations = LockIsolated(0)
      let child = Made.counted(of: store, derivations: derivations)
      #expect(derivations.value == 0)
      child.send(.increment)
      child.send(.increment)
      #expect(derivations.value == 0)
      #expect(child.count == 2)
      #expect(child.state.count == 2)
      #expect(derivations.value == 1)
      child.send(.increment)
      #expect(child.count == 3)
      #expect(derivations.value == 2)
    }
    run(Scopes.self)
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

/// The closure scopes ``StoreClosureScopeTests`` makes.
@MainActor
protocol ClosureScopes {
  static func child(
    of store: StoreOf<StoreClosureScopeTests.Parent>
  ) -> StoreOf<StoreClosureScopeTests.Child>
  static func title(of store: StoreOf<StoreClosureScopeTests.Parent>) -> Store<String, String>
  static func counted(
    of store: StoreOf<StoreClosureScopeTests.Parent>, derivations: LockIsolated<Int>
  ) -> StoreOf<StoreClosureScopeTests.Child>
}
