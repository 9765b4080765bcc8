import ReducerKit
import ReducerKitTesting
import Testing

/// `XCTModify`, as TCA's tests write it (from swift-case-paths).
@Suite struct XCTModifyTests {
  struct Editor: Equatable { var text = "" }
  enum Destination: Equatable {
    case editor(Editor)
    case viewer(String)
  }

  @Test func modifiesAnOptionalAndTheCaseAnEnumHolds() {
    var editor: Editor? = Editor()
    XCTModify(&editor) { $0.text = "a" }
    #expect(editor == Editor(text: "a"))
    var destination = Destination.editor(Editor())
    XCTModify(&destination, case: Destination.editor) { $0.text = "b" }
    #expect(destination == .editor(Editor(text: "b")))
    XCTModify(&destination, case: \.editor) { (editor: inout Editor) in editor.text = "c" }
    #expect(destination == .editor(Editor(text: "c")))
  }

  @Test func failsOnNilAnotherCaseAnUnchangedValueOrAThrow() {
    var editor: Editor?
    expectIssues {
      XCTModify(&editor) { $0.text = "a" }
    } matching: { issue in
      issue.comments.first?.rawValue
        == #""XCTModify" failed: expected a value of type "XCTModifyTests.Editor", but it is nil"#
    }
    var destination = Destination.viewer("x")
    expectIssues {
      XCTModify(&destination, case: Destination.editor, "while editing") { $0.text = "b" }
    } matching: { issue in
      issue.comments.first?.rawValue == """
        "XCTModify" failed: expected XCTModifyTests.Destination to hold a case with a payload \
        of type "XCTModifyTests.Editor", but it holds another:

          XCTModifyTests.Destination.viewer("x")

        while editing
        """
    }
    #expect(destination == .viewer("x"))
    var unchanged: Editor? = Editor(text: "same")
    expectIssues {
      XCTModify(&unchanged) { $0.text = "same" }
    } matching: { issue in
      issue.comments.first?.rawValue.contains("was left as it was") ?? false
    }
    struct Oops: Error {}
    expectIssues {
      XCTModify(&unchanged) { _ in throw Oops() }
    } matching: { issue in
      issue.comments.first?.rawValue.contains("its closure threw an error") ?? false
    }
  }

  @MainActor
  @Test func anUnchangedValueIsNoFailureInANonExhaustiveStoresAssertion() async {
    struct Feature: Reducer {
      struct State: Equatable { var editor: Editor? = Editor(text: "same") }
      enum Action: Sendable { case touch }
      func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
    }
    let store = TestStore(initialState: Feature.State()) { Feature() }
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.touch) {
      XCTModify(&$0.editor) { $0.text = "same" }
    }
  }
}
