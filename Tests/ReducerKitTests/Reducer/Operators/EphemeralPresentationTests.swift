import ReducerKit
import ReducerKitTesting
import Testing

/// A feature that asks before deleting, with an alert presented directly.
struct DeletionAlert: Reducer {
  struct State: Equatable, Sendable {
    @Presents var alert: AlertState<Action.Alert>?
    var isDeleted = false
  }
  enum Action: Equatable, Sendable {
    case alert(PresentationAction<Alert>)
    case deleteTapped
    enum Alert: Equatable, Sendable { case confirmDeletion, askAgain }
  }

  static func alert(_ title: TextState = "Delete?") -> AlertState<Action.Alert> {
    AlertState {
      title
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
      ButtonState(action: .askAgain) { TextState("Ask again") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .deleteTapped:
        state.alert = Self.alert()
      case .alert(.presented(.confirmDeletion)):
        state.isDeleted = true
      case .alert(.presented(.askAgain)):
        state.alert = Self.alert("Really delete?")
      case .alert(.dismiss):
        break
      }
      return .none
    }
    .ifLet(\.$alert, action: Action.alert)
  }
}

/// A feature presenting an alert, a dialog or a counter as cases of one destination.
struct DestinationAlerts: Reducer {
  struct Counter: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable { case increment }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }
  struct Destination: Reducer {
    enum State: Equatable, Sendable {
      case alert(AlertState<Choice>)
      case dialog(ConfirmationDialogState<Choice>)
      case counter(Counter.State)
    }
    enum Action: Equatable, Sendable {
      case alert(Choice)
      case dialog(Choice)
      case counter(Counter.Action)
    }
    enum Choice: Equatable, Sendable { case showAlert, showDialog, showCounter, nothing }
    var body: some ReducerOf<Self> {
      Scope(state: State.counter, action: Action.counter) { Counter() }
    }
  }
  struct State: Equatable, Sendable {
    @Presents var destination: Destination.State?
    var choices: [Destination.Choice] = []
  }
  enum Action: Equatable, Sendable {
    case destination(PresentationAction<Destination.Action>)
    case showAlert
    case showDialog
  }

  static let alert = AlertState<Destination.Choice> {
    TextState("Choose")
  } actions: {
    ButtonState(action: .showAlert) { TextState("Alert") }
    ButtonState(action: .showDialog) { TextState("Dialog") }
    ButtonState(action: .showCounter) { TextState("Counter") }
    ButtonState(action: .nothing) { TextState("Nothing") }
  }
  static let dialog = ConfirmationDialogState<Destination.Choice> {
    TextState("Choose")
  } actions: {
    ButtonState(action: .showAlert) { TextState("Alert") }
    ButtonState(action: .nothing) { TextState("Nothing") }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .showAlert:
        state.destination = .alert(Self.alert)
      case .showDialog:
        state.destination = .dialog(Self.dialog)
      case .destination(.presented(.alert(let choice))),
        .destination(.presented(.dialog(let choice))):
        state.choices.append(choice)
        switch choice {
        case .showAlert: state.destination = .alert(AlertState { TextState("Hello!") })
        case .showDialog: state.destination = .dialog(ConfirmationDialogState { TextState("Hi!") })
        case .showCounter: state.destination = .counter(Counter.State())
        case .nothing: break
        }
      case .destination:
        break
      }
      return .none
    }
    .ifLet(\.$destination, action: Action.destination) { Destination() }
  }
}

/// Alerts and dialogs go away by themselves once the parent handled one of their buttons,
/// presented directly or as a destination's case, unless the parent presented something else.
@MainActor
@Suite struct EphemeralPresentationTests {
  @Test func aButtonsActionDismissesTheAlertAfterTheParentHandledIt() async {
    let store = TestStore(initialState: DeletionAlert.State()) { DeletionAlert() }
    await store.send(.deleteTapped) {
      $0.alert = AlertState {
        TextState("Delete?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        ButtonState(action: .askAgain) { TextState("Ask again") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    }
    await store.send(.alert(.presented(.confirmDeletion))) {
      $0.alert = nil
      $0.isDeleted = true
    }
  }

  @Test func aButtonWithoutAnActionDismisses() async {
    let store = TestStore(initialState: DeletionAlert.State()) { DeletionAlert() }
    await store.send(.deleteTapped) { $0.alert = DeletionAlert.alert() }
    let cancel = try! #require(store.state.alert?.buttons.last)
    await store.send(.alert(cancel.presentationAction)) { $0.alert = nil }
  }

  @Test func anAlertPresentedWhileHandlingAButtonStays() async {
    let store = TestStore(initialState: DeletionAlert.State()) { DeletionAlert() }
    await store.send(.deleteTapped) { $0.alert = DeletionAlert.alert() }
    await store.send(.alert(.presented(.askAgain))) {
      $0.alert = DeletionAlert.alert("Really delete?")
    }
    await store.send(.alert(.presented(.confirmDeletion))) {
      $0.alert = nil
      $0.isDeleted = true
    }
  }

  @Test func aLiveStoreDismissesTheAlertOfATappedButton() {
    let store = Store(initialState: DeletionAlert.State()) { DeletionAlert() }
    store.send(.deleteTapped)
    let delete = try! #require(store.alert?.buttons.first)
    store.send(.alert(delete.presentationAction))
    #expect(store.alert == nil)
    #expect(store.isDeleted)
  }

  @Test func aDestinationAlertIsDismissedAfterItsButton() async {
    let store = TestStore(initialState: DestinationAlerts.State()) { DestinationAlerts() }
    await store.send(.showAlert) { $0.destination = .alert(DestinationAlerts.alert) }
    await store.send(.destination(.presented(.alert(.nothing)))) {
      $0.destination = nil
      $0.choices = [.nothing]
    }
    await store.send(.showDialog) { $0.destination = .dialog(DestinationAlerts.dialog) }
    await store.send(.destination(.presented(.dialog(.nothing)))) {
      $0.destination = nil
      $0.choices = [.nothing, .nothing]
    }
  }

  @Test func anAlertThenADialogThenAnAlert() async {
    let store = TestStore(initialState: DestinationAlerts.State()) { DestinationAlerts() }
    await store.send(.showAlert) { $0.destination = .alert(DestinationAlerts.alert) }
    await store.send(.destination(.presented(.alert(.showDialog)))) {
      $0.destination = .dialog(ConfirmationDialogState { TextState("Hi!") })
      $0.choices = [.showDialog]
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }

    await store.send(.showDialog) { $0.destination = .dialog(DestinationAlerts.dialog) }
    await store.send(.destination(.presented(.dialog(.showAlert)))) {
      $0.destination = .alert(AlertState { TextState("Hello!") })
      $0.choices = [.showDialog, .showAlert]
    }
    await store.send(.destination(.dismiss)) { $0.destination = nil }
  }

  @Test func anAlertThenAnotherAlertInTheSameCase() async {
    let store = TestStore(initialState: DestinationAlerts.State()) { DestinationAlerts() }
    await store.send(.showAlert) { $0.destination = .alert(DestinationAlerts.alert) }
    await store.send(.destination(.presented(.alert(.showAlert)))) {
      $0.destination = .alert(AlertState { TextState("Hello!") })
      $0.choices = [.showAlert]
    }
  }

  @Test func anAlertThenAChildFeature() async {
    let store = TestStore(initialState: DestinationAlerts.State()) { DestinationAlerts() }
    await store.send(.showAlert) { $0.destination = .alert(DestinationAlerts.alert) }
    await store.send(.destination(.presented(.alert(.showCounter)))) {
      $0.destination = .counter(DestinationAlerts.Counter.State())
      $0.choices = [.showCounter]
    }
    // A child feature is not ephemeral: its actions leave it presented.
    await store.send(.destination(.presented(.counter(.increment)))) {
      $0.destination = .counter(DestinationAlerts.Counter.State(count: 1))
    }
  }

  @Test func anAlertStaysForAnotherCasesAction() async {
    let store = TestStore(initialState: DestinationAlerts.State()) { DestinationAlerts() }
    await store.send(.showAlert) { $0.destination = .alert(DestinationAlerts.alert) }
    await expectIssues {
      await store.send(.destination(.presented(.counter(.increment))))
    } matching: { issue in
      issue.comments.first?.rawValue.contains("Scope") ?? false
    }
    #expect(store.state.destination == .alert(DestinationAlerts.alert))
  }

  @Test func dismissingWithoutAButtonClearsTheAlert() async {
    let store = TestStore(initialState: DeletionAlert.State()) { DeletionAlert() }
    await store.send(.deleteTapped) { $0.alert = DeletionAlert.alert() }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  @Test func aFailedAssertionShowsTheAlertReadably() async {
    let store = TestStore(initialState: DeletionAlert.State()) { DeletionAlert() }
    await expectIssues {
      await store.send(.deleteTapped) { $0.alert = DeletionAlert.alert("Remove?") }
    } matching: { issue in
      issue.comments.first?.rawValue.contains(
        """
              DeletionAlert.State(
                alert: AlertState<DeletionAlert.Action.Alert>(
            −     title: "Remove?",
            +     title: "Delete?",
                  message: nil,
        """
      ) ?? false
    }
  }
}
