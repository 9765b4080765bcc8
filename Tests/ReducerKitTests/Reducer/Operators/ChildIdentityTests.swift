import ReducerKit
import ReducerKitTesting
import Testing

/// A counter that ticks once a second while started, and can change its own id.
struct Ticker: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    var id: Int
    var ticks = 0
  }
  enum Action: Equatable, Sendable {
    case start
    case tick
    case changeID(Int)
  }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    case .changeID(let id):
      state.id = id
      return .none
    }
  }
}

/// A parent presenting a ticker three ways: `Presents`, a plain optional, and a case of a
/// destination enum.
struct TickerHost: Reducer {
  struct Destination: Reducer {
    enum State: Equatable, Sendable {
      case ticker(Ticker.State)
      case other(Ticker.State)
    }
    enum Action: Equatable, Sendable {
      case ticker(Ticker.Action)
      case other(Ticker.Action)
    }
    var body: some ReducerOf<Self> {
      Scope(state: State.ticker, action: Action.ticker) { Ticker() }
      Scope(state: State.other, action: Action.other) { Ticker() }
    }
  }
  struct State: Equatable, Sendable {
    @Presents var sheet: Ticker.State?
    var optional: Ticker.State?
    @Presents var destination: Destination.State?
  }
  enum Action: Equatable, Sendable {
    case sheet(PresentationAction<Ticker.Action>)
    case optional(Ticker.Action)
    case destination(PresentationAction<Destination.Action>)
    case setSheet(Ticker.State?)
    case setOptional(Ticker.State?)
    case setDestination(Destination.State?)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .setSheet(let sheet): state.sheet = sheet
      case .setOptional(let optional): state.optional = optional
      case .setDestination(let destination): state.destination = destination
      case .sheet, .optional, .destination: break
      }
      return .none
    }
    .ifLet(\.$sheet, action: Action.sheet) { Ticker() }
    .ifLet(\.optional, action: Action.optional) { Ticker() }
    .ifLet(\.$destination, action: Action.destination) { Destination() }
  }
}

@MainActor
@Suite struct ChildIdentityTests {
  private func makeStore(_ clock: TestClock) -> TestStore<TickerHost.State, TickerHost.Action> {
    TestStore(initialState: TickerHost.State()) {
      TickerHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func reassigningAPresentedChildWithTheSameIDKeepsItsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.setSheet(Ticker.State(id: 1))) { $0.sheet = Ticker.State(id: 1) }
    await store.send(.sheet(.presented(.start)))
    await store.send(.setSheet(Ticker.State(id: 1, ticks: 10))) { $0.sheet?.ticks = 10 }
    await clock.advance(by: .seconds(1))
    await store.receive(.sheet(.presented(.tick))) { $0.sheet?.ticks = 11 }
    await store.send(.setSheet(nil)) { $0.sheet = nil }
  }

  @Test func presentingAChildWithAnotherIDCancelsTheOldOnesEffects() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.setSheet(Ticker.State(id: 1))) { $0.sheet = Ticker.State(id: 1) }
    await store.send(.sheet(.presented(.start)))
    await store.send(.setSheet(Ticker.State(id: 2))) { $0.sheet = Ticker.State(id: 2) }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func theSameRuleHoldsForAPlainOptional() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.setOptional(Ticker.State(id: 1))) { $0.optional = Ticker.State(id: 1) }
    await store.send(.optional(.start))
    await store.send(.setOptional(Ticker.State(id: 1, ticks: 5))) { $0.optional?.ticks = 5 }
    await clock.advance(by: .seconds(1))
    await store.receive(.optional(.tick)) { $0.optional?.ticks = 6 }
    await store.send(.setOptional(Ticker.State(id: 2))) { $0.optional = Ticker.State(id: 2) }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aDestinationsCaseAndIDAreItsIdentity() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.setDestination(.ticker(Ticker.State(id: 1)))) {
      $0.destination = .ticker(Ticker.State(id: 1))
    }
    await store.send(.destination(.presented(.ticker(.start))))
    // Same case, same id: the same child.
    await store.send(.setDestination(.ticker(Ticker.State(id: 1, ticks: 7)))) {
      $0.destination = .ticker(Ticker.State(id: 1, ticks: 7))
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.destination(.presented(.ticker(.tick)))) {
      $0.destination = .ticker(Ticker.State(id: 1, ticks: 8))
    }
    // Same id, another case: another child.
    await store.send(.setDestination(.other(Ticker.State(id: 1)))) {
      $0.destination = .other(Ticker.State(id: 1))
    }
    await clock.advance(by: .seconds(3))
    await store.send(.destination(.presented(.other(.start))))
    // Same case, another id: another child.
    await store.send(.setDestination(.other(Ticker.State(id: 2)))) {
      $0.destination = .other(Ticker.State(id: 2))
    }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }

  @Test func aChildThatChangesItsOwnIDLosesItsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.setSheet(Ticker.State(id: 1))) { $0.sheet = Ticker.State(id: 1) }
    await store.send(.sheet(.presented(.start)))
    await store.send(.sheet(.presented(.changeID(2)))) { $0.sheet?.id = 2 }
    await clock.advance(by: .seconds(3))
    await store.finish()
  }
}
