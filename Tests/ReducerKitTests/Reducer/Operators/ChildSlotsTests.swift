import ReducerKit
import ReducerKitTesting
import Testing

/// Children removed by code outside their operator (a sibling reducer) have their effects
/// cancelled once the next action passes through the operator — for all five navigation
/// operators.
@MainActor
@Suite struct ChildSlotsTests {
  struct Mode: Reducer {
    enum State: Equatable, Sendable {
      case idle
      case ticking(Ticker.State)
    }
    enum Action: Equatable, Sendable {
      case ticking(Ticker.Action)
      case poke
    }
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .ifCaseLet(State.ticking, action: Action.ticking) { Ticker() }
    }
  }

  struct Outside: Reducer {
    struct State: Equatable, Sendable {
      @Presents var sheet: Ticker.State?
      var optional: Ticker.State?
      var mode = Mode.State.idle
      var rows: IdentifiedArrayOf<Ticker.State> = []
      var path = StackState<Ticker.State>()
    }
    enum Action: Equatable, Sendable {
      case sheet(PresentationAction<Ticker.Action>)
      case optional(Ticker.Action)
      case mode(Mode.Action)
      case rows(IdentifiedActionOf<Ticker>)
      case path(StackActionOf<Ticker>)
      case setUp
      case replaceCollections
      case removeEverything
      case poke
    }

    var body: some ReducerOf<Self> {
      CombineReducers {
        Reduce { state, action in
          if case .setUp = action {
            state.sheet = Ticker.State(id: 1)
            state.optional = Ticker.State(id: 2)
            state.mode = .ticking(Ticker.State(id: 3))
            state.rows = [Ticker.State(id: 4)]
            state.path = [Ticker.State(id: 5)]
          }
          if case .replaceCollections = action {
            state.rows = [Ticker.State(id: 40)]
            state.path = [Ticker.State(id: 50)]
          }
          return .none
        }
        .ifLet(\.$sheet, action: Action.sheet) { Ticker() }
        .ifLet(\.optional, action: Action.optional) { Ticker() }
        .forEach(\.rows, action: Action.rows) { Ticker() }
        .forEach(\.path, action: Action.path) { Ticker() }
        Scope(state: \.mode, action: Action.mode) { Mode() }
      }
      // A sibling of every operator: they see its removals only at their next action.
      Reduce { state, action in
        if case .removeEverything = action {
          state.sheet = nil
          state.optional = nil
          state.mode = .idle
          state.rows.removeAll()
          state.path.removeAll()
        }
        return .none
      }
    }
  }

  private func setUp(_ clock: TestClock) async -> TestStore<Outside.State, Outside.Action> {
    let store = TestStore(initialState: Outside.State()) {
      Outside()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.setUp) {
      $0.sheet = Ticker.State(id: 1)
      $0.optional = Ticker.State(id: 2)
      $0.mode = .ticking(Ticker.State(id: 3))
      $0.rows = [Ticker.State(id: 4)]
      $0.path = [Ticker.State(id: 5)]
    }
    return store
  }

  private func removeEverything(_ store: TestStore<Outside.State, Outside.Action>) async {
    await store.send(.removeEverything) {
      $0.sheet = nil
      $0.optional = nil
      $0.mode = .idle
      $0.rows = []
      $0.path = []
    }
  }

  @Test func aPresentedChildRemovedOutsideItsIfLet() async {
    let clock = TestClock()
    let store = await setUp(clock)
    await store.send(.sheet(.presented(.start)))
    await removeEverything(store)
    await store.send(.poke)
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func anOptionalChildRemovedOutsideItsIfLet() async {
    let clock = TestClock()
    let store = await setUp(clock)
    await store.send(.optional(.start))
    await removeEverything(store)
    await store.send(.poke)
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aCaseLeftOutsideItsIfCaseLet() async {
    let clock = TestClock()
    let store = await setUp(clock)
    await store.send(.mode(.ticking(.start)))
    await removeEverything(store)
    await store.send(.mode(.poke))
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aRowRemovedOutsideItsForEach() async {
    let clock = TestClock()
    let store = await setUp(clock)
    await store.send(.rows(.element(id: 4, action: .start)))
    await removeEverything(store)
    await store.send(.poke)
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aStackElementPoppedOutsideItsForEach() async {
    let clock = TestClock()
    let store = await setUp(clock)
    await store.send(.path(.element(id: 0, action: .start)))
    await removeEverything(store)
    await store.send(.poke)
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aCollectionReplacedWholesaleLosesTheOldElementsEffects() async {
    let clock = TestClock()
    let store = await setUp(clock)
    await store.send(.rows(.element(id: 4, action: .start)))
    await store.send(.path(.element(id: 0, action: .start)))
    // New collections the operators have not seen: they ask the store what still runs.
    await store.send(.replaceCollections) {
      $0.rows = [Ticker.State(id: 40)]
      $0.path = [Ticker.State(id: 50)]
    }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }
}
