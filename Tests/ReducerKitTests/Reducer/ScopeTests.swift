import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct ScopeTests {
  struct Counter: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable { case increment, incrementLater, incremented }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .incrementLater:
        return .run { send in await send(.incremented) }
      case .incremented:
        state.count += 10
        return .none
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable, Sendable {
      var counter = Counter.State()
      var log: [String] = []
    }
    enum Action: Sendable {
      case counter(Counter.Action)
      case other
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: Action.counter) { Counter() }
      Reduce { state, action in
        switch action {
        case .counter(let action): state.log.append("parent saw \(action)")
        case .other: state.log.append("other")
        }
        return .none
      }
    }
  }

  @Test func runsTheChildForItsActionsBeforeTheParent() {
    let store = Store(initialState: Parent.State()) { Parent() }
    store.send(.counter(.increment))
    #expect(store.counter.count == 1)
    #expect(store.log == ["parent saw increment"])
    store.send(.other)
    #expect(store.counter.count == 1)
    #expect(store.log == ["parent saw increment", "other"])
  }

  /// A computed child has no offset in its parent: the scope applies the key path instead of
  /// writing through a pointer, and must behave the same.
  @Test func scopesThroughAComputedProperty() {
    struct Wrapper: Reducer {
      struct State: Equatable, Sendable {
        var counts = [0]
        var counter: Counter.State {
          get { Counter.State(count: counts[0]) }
          set { counts[0] = newValue.count }
        }
      }
      enum Action: Sendable { case counter(Counter.Action) }
      var body: some ReducerOf<Self> {
        Scope(state: \.counter, action: Action.counter) { Counter() }
      }
    }
    #expect(MemoryLayout<Wrapper.State>.offset(of: \Wrapper.State.counter) == nil)
    let store = Store(initialState: Wrapper.State()) { Wrapper() }
    store.send(.counter(.increment))
    store.send(.counter(.increment))
    #expect(store.counts == [2])
    #expect(store.scope(state: \.counter, action: Wrapper.Action.counter).count == 2)
  }

  @Test func mapsChildEffectsIntoParentActions() async {
    let store = Store(initialState: Parent.State()) { Parent() }
    await store.send(.counter(.incrementLater)).finish()
    #expect(store.counter.count == 10)
    #expect(store.log == ["parent saw incrementLater", "parent saw incremented"])
  }

  enum Screen: Equatable, Sendable {
    case counter(Counter.State)
    case empty
  }
  enum ScreenAction: Sendable {
    case counter(Counter.Action)
  }

  @Test func scopesIntoAnEnumCase() {
    let store = Store(initialState: Screen.counter(.init())) {
      Scope(state: Screen.counter, action: ScreenAction.counter) { Counter() }
    }
    store.send(.counter(.increment))
    #expect(store.state == .counter(.init(count: 1)))
  }

  @Test func warnsWhenTheEnumStateHoldsAnotherCase() {
    let store = Store(initialState: Screen.empty) {
      Scope(state: Screen.counter, action: ScreenAction.counter) { Counter() }
    }
    expectIssues {
      store.send(.counter(.increment))
    } matching: { issue in
      issue.comments.first?.rawValue == """
        "Scope" received a child action while the parent state held a different case; the \
        action was dropped.

          Action:
            ScopeTests.ScreenAction.counter(.increment)
          State:
            ScopeTests.Screen.empty

        A scope into an enum case runs its child only while the state holds that case. This \
        usually means an effect of that case kept running after the state moved to another \
        case: cancel it when leaving the case (ifCaseLet and ifLet do this for you), or stop \
        sending the action from views of other cases.
        """
    }
    #expect(store.state == .empty)
  }
}
