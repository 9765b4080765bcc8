import ReducerKit
import ReducerKitTesting
import Testing

/// A child that counts, and counts again through an effect (so its action must be embedded back
/// into the parent's), and can dismiss itself.
private struct Counter: Reducer {
  struct State: Equatable, Sendable, Identifiable {
    var id = 0
    var count = 0
  }
  enum Action: Equatable, Sendable {
    case increment
    case incrementLater
    case close
  }
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .incrementLater:
      return .send(.increment)
    case .close:
      return .run { _ in await dismiss() }
    }
  }
}

/// A destination enum composed with case patterns for both its state and its actions.
private struct Destination: Reducer {
  enum State: Equatable, Sendable {
    case editor(Counter.State)
    case alert(AlertState<Action.Alert>)
  }
  enum Action: Equatable, Sendable {
    case editor(Counter.Action)
    case alert(Alert)
    enum Alert: Equatable, Sendable { case confirm }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.editor, action: \.editor) { Counter() }
  }
}

/// Every operator, given case patterns as TCA writes case key paths.
private struct Parent: Reducer {
  struct State: Equatable, Sendable {
    var counter = Counter.State()
    var optional: Counter.State?
    @Presents var destination: Destination.State?
    @Presents var alert: AlertState<Action.Alert>?
    @Presents var dialog: ConfirmationDialogState<Action.Alert>?
    var rows: IdentifiedArrayOf<Counter.State> = []
    var path = StackState<Counter.State>()
    var confirmed = 0
  }
  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case optional(Counter.Action)
    case destination(PresentationAction<Destination.Action>)
    case alert(PresentationAction<Alert>)
    case dialog(PresentationAction<Alert>)
    case rows(IdentifiedActionOf<Counter>)
    case path(StackActionOf<Counter>)
    enum Alert: Equatable, Sendable { case confirm }
  }

  var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) { Counter() }
    Reduce { state, action in
      if case .alert(.presented(.confirm)) = action { state.confirmed += 1 }
      if case .dialog(.presented(.confirm)) = action { state.confirmed += 10 }
      return .none
    }
    .ifLet(\.optional, action: \.optional) { Counter() }
    .ifLet(\.$destination, action: \.destination) { Destination() }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$dialog, action: \.dialog)
    .forEach(\.rows, action: \.rows) { Counter() }
    .forEach(\.path, action: \.path) { Counter() }
  }
}

/// A feature whose state is an enum of screens.
private struct Screens: Reducer {
  enum State: Equatable, Sendable {
    case loggedIn(Counter.State)
    case loggedOut
  }
  enum Action: Equatable, Sendable {
    case loggedIn(Counter.Action)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifCaseLet(\.loggedIn, action: \.loggedIn) { Counter() }
  }
}

@MainActor
@Suite struct OperatorsByCasePatternTests {
  @Test func scopeRoutesAndEmbedsThroughTheCaseItNames() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.counter(.incrementLater))
    await store.receive(.counter(.increment)) { $0.counter.count = 1 }
  }

  @Test func ifLetRunsAnOptionalChild() async {
    let store = TestStore(initialState: Parent.State(optional: Counter.State())) { Parent() }
    await store.send(.optional(.incrementLater))
    await store.receive(.optional(.increment)) { $0.optional?.count = 1 }
  }

  @Test func ifLetPresentsADestinationScopedByEnumPatternsThatDismissesItself() async {
    let store = TestStore(
      initialState: Parent.State(destination: .editor(Counter.State()))
    ) { Parent() }
    await store.send(.destination(.presented(.editor(.incrementLater))))
    await store.receive(.destination(.presented(.editor(.increment)))) {
      $0.destination = .editor(Counter.State(count: 1))
    }
    await store.send(.destination(.presented(.editor(.close))))
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func ifLetWithoutAChildPresentsAnAlertThatIsDismissedAfterItsAction() async {
    let store = TestStore(
      initialState: Parent.State(alert: AlertState { TextState("Sure?") })
    ) { Parent() }
    await store.send(.alert(.presented(.confirm))) {
      $0.alert = nil
      $0.confirmed = 1
    }
  }

  @Test func ifLetWithoutAChildPresentsADialogThatIsDismissedAfterItsAction() async {
    let store = TestStore(
      initialState: Parent.State(dialog: ConfirmationDialogState { TextState("Sure?") })
    ) { Parent() }
    await store.send(.dialog(.presented(.confirm))) {
      $0.dialog = nil
      $0.confirmed = 10
    }
  }

  @Test func forEachRunsRowsAndStackElements() async {
    let store = TestStore(
      initialState: Parent.State(rows: [Counter.State(id: 7)])
    ) { Parent() }
    await store.send(.rows(.element(id: 7, action: .incrementLater)))
    await store.receive(.rows(.element(id: 7, action: .increment))) { $0.rows[id: 7]?.count = 1 }
    await store.send(.path(.push(id: 0, state: Counter.State()))) {
      $0.path.append(Counter.State())
    }
    await store.send(.path(.element(id: 0, action: .incrementLater)))
    await store.receive(.path(.element(id: 0, action: .increment))) { $0.path[id: 0]?.count = 1 }
    await store.send(.path(.element(id: 0, action: .close)))
    await store.receive(.path(.popFrom(id: 0))) { $0.path = StackState() }
  }

  @Test func ifCaseLetRunsTheCaseTheStateAndActionPatternsName() async {
    let store = TestStore(initialState: Screens.State.loggedIn(Counter.State())) { Screens() }
    await store.send(.loggedIn(.incrementLater))
    await store.receive(.loggedIn(.increment)) { $0 = .loggedIn(Counter.State(count: 1)) }
  }

  @Test func aPatternNamingNoSuchCaseIsAWarningWhenBuiltAndTheChildGetsNothing() async {
    struct Misspelled: Reducer {
      struct State: Equatable, Sendable { var counter = Counter.State() }
      enum Action: Equatable, Sendable { case counter(Counter.Action) }
      var body: some ReducerOf<Self> {
        Scope(state: \.counter, action: \.countr) { Counter() }
      }
    }
    await expectIssues {
      let store = TestStore(initialState: Misspelled.State()) { Misspelled() }
      await store.send(.counter(.increment))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""Scope" was given the case pattern \.countr, but OperatorsByCasePatternTests.Misspelled.Action has no case "countr"; its cases are: .counter."#
      ) == true
    }
  }
}
