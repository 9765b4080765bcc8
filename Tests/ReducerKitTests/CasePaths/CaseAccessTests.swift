import ReducerKit
import ReducerKitTesting
import Testing

/// Case access without macros: `is`, `[case:]`, `modify`, and stores scoped to one case.
@MainActor
@Suite struct CaseAccessTests {
  enum Action: CasePathable, Sendable {
    case view(View)
    case `internal`(Internal)
    case rows(IdentifiedAction<Int, Row>)
    enum View: Sendable { case incrementTapped, factTapped }
    enum Internal: Sendable { case factResponse(Result<String, any Error>) }
    enum Row: Sendable { case toggled }
  }

  enum Destination: Equatable, Sendable {
    case editor(Editor)
    case viewer(String)
    struct Editor: Equatable, Sendable { var text = "" }
  }

  @Test func isMatchesCasesOutermostFirstIgnoringPayloads() {
    let tap = Action.view(.incrementTapped)
    #expect(tap.is(\.view))
    #expect(tap.is(\.view.incrementTapped))
    #expect(!tap.is(\.view.factTapped))
    #expect(!tap.is(\.internal))
    let response = Action.internal(.factResponse(.success("fact")))
    #expect(response.is(\.internal.factResponse.success))
    #expect(!response.is(\.internal.factResponse.failure))
    let row = Action.rows(.element(id: 3, action: .toggled))
    #expect(row.is(\.rows[id: 3].toggled))
    #expect(!row.is(\.rows[id: 4]))
  }

  @Test func equatableTypesGetCaseAccessWithoutConforming() {
    var destination = Destination.editor(Destination.Editor(text: "draft"))
    #expect(destination.is(\.editor))
    #expect(!destination.is(\.viewer))
    #expect(destination[case: Destination.editor]?.text == "draft")
    #expect(destination[case: Destination.viewer] == nil)
    destination.modify(Destination.editor) { $0.text = "" }
    #expect(destination == .editor(Destination.Editor(text: "")))
    destination[case: Destination.viewer] = "read only"
    #expect(destination == .viewer("read only"))
    destination[case: Destination.editor] = nil
    #expect(destination == .viewer("read only"))
  }

  enum Screen: Equatable, Sendable {
    case list([Int])
    case detail(Int)
    indirect case nested(Screen)
  }

  /// The address of the array's storage, to tell a change in place from a copy.
  private static func storage(of screen: Screen) -> UnsafeRawPointer? {
    guard case .list(let items) = screen else { return nil }
    return items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  @Test func modifyChangesThePayloadInPlace() {
    var screen = Screen.list(Array(0..<1_000))
    let before = Self.storage(of: screen)
    screen.modify(Screen.list) { $0[0] = -1 }
    // NB: a payload changed while the enum still held it was copied, all 1,000 elements.
    #expect(Self.storage(of: screen) == before)
    #expect(screen[case: Screen.list]?.first == -1)
    var nested = Screen.nested(.detail(1))
    nested.modify(Screen.nested) { $0 = .detail(2) }
    #expect(nested == .nested(.detail(2)))
  }

  struct Oops: Error {}

  @Test func aModifyThatThrowsKeepsWhatItChangedBeforeAsInoutDoes() {
    var screen = Screen.list([1, 2])
    #expect(throws: Oops.self) {
      try screen.modify(Screen.list) {
        $0.append(3)
        throw Oops()
      }
    }
    #expect(screen == .list([1, 2, 3]))
  }

  @Test func modifyingAnotherCaseIsAWarningAndChangesNothing() {
    var destination = Destination.viewer("text")
    expectIssues {
      destination.modify(Destination.editor) { $0.text = "lost" }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""modify" was asked to change a case of"#) ?? false
        && issue.comments.first?.rawValue.contains(#"it holds ".viewer""#) ?? false
    }
    #expect(destination == .viewer("text"))
  }

  @Test func modifyOnAnOptionalChangesTheValueInsideAndWarnsWhenNil() {
    // TCA's `try (/Destination.editor).modify(&parent.destination) { … }`, ported without
    // knowing whether the value is optional.
    struct Parent { var destination: Destination? = .editor(Destination.Editor(text: "a")) }
    var parent = Parent()
    parent.destination.modify(Destination.editor) { $0.text = "b" }
    #expect(parent.destination == .editor(Destination.Editor(text: "b")))
    parent.destination?.modify(Destination.editor) { $0.text = "c" }
    #expect(parent.destination == .editor(Destination.Editor(text: "c")))
    parent.destination = nil
    expectIssues {
      parent.destination.modify(Destination.editor) { $0.text = "lost" }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""modify" was asked to change a case of CaseAccessTests.Destination in an optional "#
          + "that is nil; nothing changed.") ?? false
    }
    #expect(parent.destination == nil)
  }

  @Test func aMisspelledPatternIsReportedOnceWithTheCasesThatExist() {
    let tap = Action.view(.incrementTapped)
    func check() -> Bool { tap.is(\.view.incrementTaped) }
    expectIssues {
      #expect(!check())
    } matching: { issue in
      issue.comments.first?.rawValue.contains(
        """
        names no case of CaseAccessTests.Action.View: there is no ".incrementTaped". \
        It matches nothing.
        """) ?? false
        && issue.comments.first?.rawValue.contains("    .incrementTapped\n    .factTapped")
          ?? false
    }
    // The same pattern again: no second report.
    #expect(!check())
  }

  struct Host: Reducer {
    struct State: Equatable, Sendable {
      @Presents var destination: Destination?
      var mode = Destination.viewer("hello")
    }
    enum Action: Sendable {
      case destination(PresentationAction<EditorAction>)
      case mode(EditorAction)
    }
    enum EditorAction: Sendable { case setText(String) }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .destination(.presented(.setText(let text))):
          state.destination?.modify(Destination.editor) { $0.text = text }
        case .mode(.setText(let text)):
          state.mode.modify(Destination.editor) { $0.text = text }
        case .destination(.dismiss):
          break
        }
        return .none
      }
    }
  }

  @Test func scopesAStoreToOneCaseOfAnEnumState() {
    let store = Store(
      initialState: Host.State(destination: .editor(Destination.Editor(text: "a")))
    ) { Host() }
    let editor = store.scope(
      state: \.destination, case: Destination.editor,
      action: { (action: Host.EditorAction) in .destination(.presented(action)) })
    #expect(editor?.text == "a")
    editor?.send(.setText("b"))
    #expect(editor?.text == "b")
    #expect(store.state.destination == .editor(Destination.Editor(text: "b")))
    let sameThroughPresents = store.scope(
      state: \.$destination, case: Destination.editor,
      action: { (action: Host.EditorAction) in .destination(.presented(action)) })
    #expect(sameThroughPresents?.text == "b")
    let viewer = store.scope(
      state: \.destination, case: Destination.viewer,
      action: { (_: Never) -> Host.Action in })
    #expect(viewer == nil)
    // A plain enum field: nil while it holds another case.
    #expect(
      store.scope(state: \.mode, case: Destination.editor, action: Host.Action.mode) == nil)
    #expect(
      store.scope(
        state: \.mode, case: Destination.viewer, action: { (_: Never) -> Host.Action in })?
        .withState { $0 } == "hello")
  }
}
