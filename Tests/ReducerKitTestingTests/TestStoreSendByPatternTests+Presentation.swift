import ReducerKit
import ReducerKitTesting
import Testing

/// Case patterns through a presentation action, written as TCA's case key paths write them:
/// `\.destination.alert.confirmTapped` steps into `.presented` without naming it.
@MainActor
@Suite struct TestStoreSendByPatternPresentationTests {
  struct Sheet: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      @Presents var alert: AlertState<Action.Alert>?
    }
    enum Action: Equatable, Sendable {
      case alert(PresentationAction<Alert>)
      case incrementTapped
      case deleteTapped

      enum Alert: Equatable, Sendable { case confirmDeletion }
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .incrementTapped:
          state.count += 1
          return .none
        case .deleteTapped:
          state.alert = AlertState {
            TextState("Delete?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
          }
          return .none
        case .alert(.presented(.confirmDeletion)):
          state.count = 0
          return .none
        case .alert:
          return .none
        }
      }
      .ifLet(\.$alert, action: Action.alert)
    }
  }

  struct Parent: Reducer {
    struct State: Equatable, Sendable { @Presents var sheet: Sheet.State? }
    enum Action: Equatable, Sendable {
      case sheet(PresentationAction<Sheet.Action>)
      case showTapped
      case closeLater
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .showTapped:
          state.sheet = Sheet.State()
          return .none
        case .closeLater:
          return .send(.sheet(.dismiss))
        case .sheet:
          return .none
        }
      }
      .ifLet(\.$sheet, action: Action.sheet) { Sheet() }
    }
  }

  @Test func sendsAndReceivesThroughPresentationWithoutNamingPresented() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.showTapped) { $0.sheet = Sheet.State() }
    await store.send(\.sheet.incrementTapped) { $0.sheet?.count = 1 }
    await store.send(\.sheet.presented.incrementTapped) { $0.sheet?.count = 2 }
    await store.send(\.sheet.deleteTapped) {
      $0.sheet?.alert = AlertState {
        TextState("Delete?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
      }
    }
    await store.send(\.sheet.alert.confirmDeletion) {
      $0.sheet?.alert = nil
      $0.sheet?.count = 0
    }
    // `dismiss` is the presentation action's own case.
    await store.send(.closeLater)
    await store.receive(\.sheet.dismiss) { $0.sheet = nil }
  }

  @Test func matchesThroughPresentationWithoutNamingPresented() {
    let presented = Parent.Action.sheet(.presented(.alert(.presented(.confirmDeletion))))
    #expect(presented.is(\.sheet.alert.confirmDeletion))
    #expect(presented.is(\.sheet.presented.alert.presented.confirmDeletion))
    #expect(!presented.is(\.sheet.incrementTapped))
    #expect(!presented.is(\.sheet.dismiss))
    let dismissed = Parent.Action.sheet(.dismiss)
    #expect(dismissed.is(\.sheet.dismiss))
    #expect(!dismissed.is(\.sheet.incrementTapped))
  }

  @Test func aDismissalIsNotTheChildsAction() async {
    let store = TestStore(initialState: Parent.State(sheet: Sheet.State())) { Parent() }
    await store.send(.closeLater)
    await expectIssues {
      await store.receive(\.sheet.incrementTapped)
    } matching: { issue in
      let message = issue.comments.first?.rawValue ?? ""
      return message.contains("Parent.Action.sheet(.dismiss)")
        && message.contains("the pattern expects .incrementTapped, the action holds .dismiss")
    }
  }

  @Test func aTypoIsCheckedAgainstThePresentedChildsCases() async {
    let store = TestStore(initialState: Parent.State(sheet: Sheet.State())) { Parent() }
    await expectIssues {
      await store.send(\.sheet.incremntTapped)
    } matching: { issue in
      issue.comments.first?.rawValue.contains(
        #"Sheet.Action has no case "incremntTapped"; its cases are: .alert, .incrementTapped"#)
        ?? false
    }
    await expectIssues {
      await store.receive(\.sheet.incremntTapped)
    } matching: { issue in
      issue.comments.first?.rawValue.contains(
        #"names no case of TestStoreSendByPatternPresentationTests.Sheet.Action: there is no ".incremntTapped""#
      ) ?? false
    }
  }
}
