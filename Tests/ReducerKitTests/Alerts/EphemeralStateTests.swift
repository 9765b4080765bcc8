import ReducerKit
import ReducerKitTesting
import Testing

/// Alerts, dialogs and states of one's own that opt in (`_EphemeralState`, as TCA spells it) go
/// away once the parent handled their action: in a plain optional too, as in TCA.
@MainActor
@Suite struct EphemeralStateTests {
  struct ShareMenu: Equatable, Sendable, _EphemeralState {
    typealias Action = ShareMenuAction
    var targets: [String]
  }
  enum ShareMenuAction: Equatable, Sendable { case shareTapped(String) }

  struct Feature: Reducer {
    struct State: Equatable, Sendable {
      var alert: AlertState<Action.Alert>?
      @Presents var menu: ShareMenu?
      var sharedWith: [String] = []
      var deleted = false
    }
    enum Action: Equatable, Sendable {
      case deleteTapped
      case shareTapped
      case alert(Alert)
      case menu(PresentationAction<ShareMenuAction>)
      enum Alert: Equatable, Sendable { case confirmDeletion }
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .deleteTapped:
          state.alert = AlertState {
            TextState("Delete?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
          }
        case .shareTapped:
          state.menu = ShareMenu(targets: ["Mail", "Messages"])
        case .alert(.confirmDeletion):
          state.deleted = true
        case .menu(.presented(.shareTapped(let target))):
          state.sharedWith.append(target)
        case .menu(.dismiss):
          break
        }
        return .none
      }
      .ifLet(\.alert, action: \.alert)
      .ifLet(\.$menu, action: \.menu)
    }
  }

  @Test func anAlertInAPlainOptionalIsClearedAfterItsButton() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.deleteTapped) {
      $0.alert = AlertState {
        TextState("Delete?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
      }
    }
    await store.send(.alert(.confirmDeletion)) {
      $0.deleted = true
      $0.alert = nil
    }
  }

  @Test func aStateOfOnesOwnThatOptsInIsDismissedAfterItsAction() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.shareTapped) { $0.menu = ShareMenu(targets: ["Mail", "Messages"]) }
    await store.send(.menu(.presented(.shareTapped("Mail")))) {
      $0.sharedWith = ["Mail"]
      $0.menu = nil
    }
  }
}
