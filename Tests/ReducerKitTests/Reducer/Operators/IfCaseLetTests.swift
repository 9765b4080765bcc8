import ReducerKit
import ReducerKitTesting
import Testing

enum Screen: Equatable, Sendable {
  case editor(Editor.State)
  case empty
}

struct CaseHost: Reducer {
  typealias State = Screen
  enum Action: Equatable, Sendable {
    case editor(Editor.Action)
    case clear
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .clear = action { state = .empty }
      return .none
    }
    .ifCaseLet(Screen.editor, action: Action.editor) { Editor() }
  }
}

@MainActor
@Suite struct IfCaseLetTests {
  @Test func runsInItsCaseAndCancelsWhenTheCaseChanges() async {
    let clock = TestClock()
    let store = TestStore(initialState: Screen.editor(Editor.State(id: 1))) {
      CaseHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.editor(.start))
    await store.send(.clear) { $0 = .empty }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func warnsAboutAChildActionInAnotherCase() async {
    let store = TestStore(initialState: Screen.empty) { CaseHost() }
    await withKnownIssue {
      await store.send(.editor(.tick))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""ifCaseLet" received a child action while the state held another case; the action was dropped."#
      ) ?? false
    }
  }
}
