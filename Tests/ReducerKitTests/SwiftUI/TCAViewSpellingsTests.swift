import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// What TCA 1.25's view spellings make, through the stores' and bindings' API (the SwiftUI
/// overloads forward to these; `.ci/swiftui-fixtures/TCASpellings.swift` type-checks them).
@MainActor
@Suite struct TCAViewSpellingsTests {
  private let site = SourceSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)

  @Test func unlabelledScopesAreTheLabelledOnesStores() {
    let store = Store(
      initialState: ViewHost.State(
        rows: [ViewHost.Row.State(id: 1)],
        path: StackState([ViewHost.Editor.State(text: "pushed")]),
        child: ViewHost.Editor.State(text: "child"))
    ) { ViewHost() }
    let labelled: StoreOf<ViewHost.Editor>? = store.scope(state: \.child, action: \.child)
    let unlabelled: StoreOf<ViewHost.Editor>? = store.scope(\.child, action: \.child)
    #expect(labelled != nil && labelled === unlabelled)
    let presents: StoreOf<ViewHost.Editor>? = store.scope(\.$child, action: \.child)
    #expect(presents?.text == "child")
    presents?.send(.textChanged("edited"))
    #expect(store.withState(\.child?.text) == "edited")
    let rows: [StoreOf<ViewHost.Row>] = store.scope(\.rows, action: \.rows)
    let labelledRows: [StoreOf<ViewHost.Row>] = store.scope(state: \.rows, action: \.rows)
    #expect(rows.count == 1 && rows.first === labelledRows.first)
    let stack: [StoreOf<ViewHost.Editor>] = store.scope(\.path, action: \.path)
    #expect(stack.map(\.text) == ["pushed"])
    let query: Store<String, String> = store.scope(\.query, action: \.queryChanged)
    query.send("q")
    #expect(store.withState(\.query) == "q")
  }

  @Test func aStateThatNamesItsReducerTypesTheUnwrappedStore() {
    let store = Store(initialState: SpelledHost.State(note: SpelledNote.State(text: "a"))) {
      SpelledHost()
    }
    // No annotation: the state names its reducer.
    if let note = store.scope(state: \.note, action: \.note) {
      note.send(.textChanged("b"))
    }
    if let note = store.scope(\.note, action: \.note) {
      #expect(note.text == "b")
    }
    #expect(store.withState(\.note?.text) == "b")
  }

  @Test func aPresentedCaseMemberReadsTheCasesStoreAndDismisses() {
    let store = Store(
      initialState: ViewHost.State(destination: .editor(ViewHost.Editor.State(text: "draft")))
    ) { ViewHost() }
    let destination: StoreBindingAccessors<StoreOf<ViewHost.Destination>?> =
      store.presentationAccessors(state: \.destination, action: \.destination, site: site)
    let editor: StoreBindingAccessors<StoreOf<ViewHost.Editor>?> =
      StoreOf<ViewHost.Destination>.presentedCaseAccessors(
        destination, member: "editor", site: site)
    #expect(editor.get()?.text == "draft")
    #expect(editor.get() === editor.get())
    editor.get()?.send(.textChanged("final"))
    #expect(store.withState(\.destination) == .editor(ViewHost.Editor.State(text: "final")))
    editor.set(nil)
    #expect(store.withState(\.destination) == nil)
    #expect(store.withState(\.log).last == .destination(.dismiss))
    #expect(editor.get() == nil)
  }

  @Test func aPresentedCaseMemberOfAnotherCaseReadsNilAndDoesNotDismiss() {
    let alert = AlertState<ViewHost.Destination.Alert> { TextState("Sure?") }
    let store = Store(initialState: ViewHost.State(destination: .alert(alert))) { ViewHost() }
    let destination: StoreBindingAccessors<StoreOf<ViewHost.Destination>?> =
      store.presentationAccessors(state: \.destination, action: \.destination, site: site)
    let editor: StoreBindingAccessors<StoreOf<ViewHost.Editor>?> =
      StoreOf<ViewHost.Destination>.presentedCaseAccessors(
        destination, member: "editor", site: site)
    #expect(editor.get() == nil)
    editor.set(nil)
    #expect(store.withState(\.destination) == .alert(alert))
  }

  @Test func anAlertWhoseActionTypeNothingNamesSendsTheFeaturesAction() {
    let alert = AlertState<ViewHost.Destination.Alert> {
      TextState("Sure?")
    } actions: {
      ButtonState(role: .destructive, action: .confirm) { TextState("Yes") }
    }
    let store = Store(initialState: ViewHost.State(destination: .alert(alert))) { ViewHost() }
    // What `.alert($store.scope(state: \.destination?.alert, action: \.destination.alert))`
    // makes with no annotation.
    let binding: StoreBindingAccessors<Store<AlertState<ErasedButtonAction>, ErasedButtonAction>?> =
      store.presentationAccessors(
        state: \.destination?.alert, action: \.destination.alert, site: site)
    let erased = binding.get()
    #expect(erased?.withState(\.title) == TextState("Sure?"))
    #expect(erased?.withState(\.id) == alert.id)
    let button = erased?.withState(\.buttons.first)
    #expect(button?.role == .destructive)
    #expect(button?.action.action?.base as? ViewHost.Destination.Alert == .confirm)
    if let action = button?.action.action { erased?.send(action) }
    #expect(store.withState(\.log) == [.destination(.presented(.alert(.confirm)))])
    #expect(store.withState(\.destination) == nil)
  }

  @Test func switchingOverAStoresCaseYieldsTheCasesStore() {
    let store = Store(initialState: SpelledPath.State.second(SpelledNote.State(text: "2"))) {
      SpelledPath()
    }
    switch store.case {
    case .first:
      Issue.record("expected the second case")
    case .second(let second):
      #expect(second.text == "2")
      second.send(.textChanged("two"))
    }
    #expect(store.withState { $0 } == .second(SpelledNote.State(text: "two")))
    guard case .second(let again) = store.case, case .second(let once) = store.case else {
      Issue.record("expected the second case")
      return
    }
    #expect(again === once)
  }

  @Test func aCaseThatIsNotAFeatureHoldsTheStatesOwnPayload() {
    // TCA's `@ReducerCaseIgnored` cases, as the migration tool writes them; no runtime warning.
    let message = Store(initialState: IgnoringPath.State.message("Saved")) { IgnoringPath() }
    guard case .message(let text) = message.case else {
      Issue.record("expected the message case")
      return
    }
    #expect(text == "Saved")
    let meeting = Store(initialState: IgnoringPath.State.meeting("Stand-up", minutes: 15)) {
      IgnoringPath()
    }
    guard case .meeting(let title, let minutes) = meeting.case else {
      Issue.record("expected the meeting case")
      return
    }
    #expect(title == "Stand-up" && minutes == 15)
    let empty = Store(initialState: IgnoringPath.State.empty) { IgnoringPath() }
    guard case .empty = empty.case else {
      Issue.record("expected the empty case")
      return
    }
    let note = Store(initialState: IgnoringPath.State.note(SpelledNote.State(text: "n"))) {
      IgnoringPath()
    }
    guard case .note(let store) = note.case else {
      Issue.record("expected the note case")
      return
    }
    #expect(store.text == "n")
  }

  @Test func aSharedArrayIsItsElementsAsSharedValues() {
    @Shared(value: ["a", "b"]) var tags: [String]
    let elements = Array($tags)
    #expect(elements.map(\.wrappedValue) == ["a", "b"])
    elements[1].withLock { $0 = "B" }
    #expect(tags == ["a", "B"])
  }

  @Test func inMemoryFileStorageWritesAtOnceAndTouchesNoDisk() {
    let url = URL(fileURLWithPath: "/nonexistent/reducerkit/settings.json")
    withDependencies {
      $0.defaultFileStorage = .inMemory
    } operation: {
      @Shared(.fileStorage(url)) var count = 0
      $count.withLock { $0 = 3 }
      @Shared(.fileStorage(url)) var again = 0
      #expect(again == 3)
    }
  }
}

/// A child whose state names its reducer.
private struct SpelledNote: Reducer {
  struct State: Equatable, Sendable { var text = "" }
  enum Action: Equatable, Sendable { case textChanged(String) }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .textChanged(let text) = action { state.text = text }
    return .none
  }
}
extension SpelledNote.State: ReducerState { fileprivate typealias StateReducer = SpelledNote }

private struct SpelledHost: Reducer {
  struct State: Equatable, Sendable { var note: SpelledNote.State? }
  enum Action: Equatable, Sendable { case note(SpelledNote.Action) }
  var body: some ReducerOf<Self> {
    EmptyReducer().ifLet(\.note, action: \.note) { SpelledNote() }
  }
}

private struct SpelledPath: CaseReducer {
  @dynamicMemberLookup
  enum State: CasePathable, Equatable, Sendable {
    case first(SpelledNote.State)
    case second(SpelledNote.State)
  }
  enum Action: Equatable, Sendable {
    case first(SpelledNote.Action)
    case second(SpelledNote.Action)
  }
  enum CaseScope: CaseScopeEnum {
    case first(StoreOf<SpelledNote>)
    case second(StoreOf<SpelledNote>)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.first, action: \.first) { SpelledNote() }
    Scope(state: \.second, action: \.second) { SpelledNote() }
  }
}
extension SpelledPath.State: CaseReducerState { fileprivate typealias StateReducer = SpelledPath }

private struct IgnoringPath: CaseReducer {
  @dynamicMemberLookup
  enum State: CasePathable, Equatable, Sendable {
    case note(SpelledNote.State)
    case message(String)
    case meeting(String, minutes: Int)
    case empty
  }
  enum Action: Equatable, Sendable {
    case note(SpelledNote.Action)
  }
  enum CaseScope: CaseScopeEnum {
    case note(StoreOf<SpelledNote>)
    case message(String)
    case meeting(String, minutes: Int)
    case empty
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.note, action: \.note) { SpelledNote() }
  }
}
extension IgnoringPath.State: CaseReducerState { fileprivate typealias StateReducer = IgnoringPath }
