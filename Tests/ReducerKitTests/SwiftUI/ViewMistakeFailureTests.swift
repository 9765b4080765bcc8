import ReducerKit
import ReducerKitTesting
import Testing

/// The mistakes a view's scopes used to show only when a sheet should have opened, each reported
/// when the binding or store is made, with nothing presented. (Each test has types of its own:
/// a mistake is reported once per process.)
@MainActor
@Suite struct ViewMistakeFailureTests {
  private let site = SourceSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)

  @Test func anAlertGivenAnotherFeaturesAlertTypeIsReportedWhenTheBindingIsMade() async {
    let store = Store(initialState: AlertMistake.State()) { AlertMistake() }
    let messages = await capturedIssues {
      let _: StoreBindingAccessors<Store<AlertState<OtherAlert>, OtherAlert>?> =
        store.presentationAccessors(
          state: \.destination?.alert, action: \.destination.alert, site: site)
    }.compactMap { $0.comments.first?.rawValue }
    #expect(
      messages == [
        """
        The case member ".alert" was written, but the payload of \
        ViewMistakeFailureTests.AlertMistake.Destination.State.alert is of type \
        AlertState<ViewMistakeFailureTests.AlertMistake.Destination.Alert>, not \
        AlertState<ViewMistakeFailureTests.OtherAlert>.

        A case member names a case of the enum, and reads its payload as the type the value goes \
        to (a scope's child state, an annotated constant). Check the spelling and the type the \
        result is given: until then it reads nil, and a sheet or alert scoped through it never \
        shows.
        """,
        """
        "store.scope" was given the case pattern \\.destination.alert, but it ends at a value of \
        type ViewMistakeFailureTests.AlertMistake.Destination.Alert, not \
        ViewMistakeFailureTests.OtherAlert or \
        PresentationAction<ViewMistakeFailureTests.OtherAlert>.

        Name the cases from ViewMistakeFailureTests.AlertMistake.Action to the one holding \
        ViewMistakeFailureTests.OtherAlert (through a presentation, its child's case: \
        \\.destination.editor), or pass a closure that builds the action. Until then nothing \
        goes through it.
        """,
      ])
  }

  @Test func aStackOfAnotherFeaturesActionsIsReportedWhenScopedEmpty() async {
    let store = Store(initialState: StackMistake.State()) { StackMistake() }
    let messages = await capturedIssues {
      let _: [Store<Leaf.State, OtherAlert>] = store.scope(state: \.path, action: \.path)
    }.compactMap { $0.comments.first?.rawValue }
    #expect(messages.count == 1)
    #expect(
      messages.first?.hasPrefix(
        """
        "store.scope" was given the case pattern \\.path, but it ends at a value of type \
        StackAction<ViewMistakeFailureTests.Leaf.State, ViewMistakeFailureTests.Leaf.Action>, \
        not StackAction<ViewMistakeFailureTests.Leaf.State, ViewMistakeFailureTests.OtherAlert>
        """) == true)
  }

  @Test func aStateAndAnActionOfDifferentChildrenAreReportedWhileTheChildIsNil() async {
    let store = Store(initialState: PairMistake.State()) { PairMistake() }
    let messages = await capturedIssues {
      let detail: Store<Leaf.State, Leaf.Action>? = store.scope(
        state: \.detail, action: \.destination)
      #expect(detail == nil)
    }.compactMap { $0.comments.first?.rawValue }
    #expect(messages.count == 1)
    #expect(
      messages.first?.hasPrefix(
        """
        "store.scope" was given the case pattern \\.destination, but it ends at a value of type \
        PresentationAction<ViewMistakeFailureTests.PairMistake.Destination>, not \
        ViewMistakeFailureTests.Leaf.Action or \
        PresentationAction<ViewMistakeFailureTests.Leaf.Action>.
        """) == true)
  }

  @Test func aMisspelledCaseMemberIsReportedWhenItsKeyPathIsWritten() async {
    let store = Store(initialState: TypoMistake.State()) { TypoMistake() }
    let messages = await capturedIssues {
      let _: StoreBindingAccessors<Store<Leaf.State, Leaf.Action>?> = store.presentationAccessors(
        state: \.destination?.ad, action: \.destination.add, site: site)
    }.compactMap { $0.comments.first?.rawValue }
    #expect(messages.count == 1)
    #expect(
      messages.first?.hasPrefix(
        """
        The case member ".ad" was written, but \
        ViewMistakeFailureTests.TypoMistake.Destination.State has no case "ad"; its cases are: \
        .add.
        """) == true)
  }

  @Test func aCaseMemberAfterAPresentationBindingIsCheckedAgainstBothEnums() async {
    let store = Store(initialState: TypoMistake.State()) { TypoMistake() }
    let messages = await capturedIssues {
      let destination:
        StoreBindingAccessors<Store<TypoMistake.Destination.State, TypoMistake.Destination.Action>?> =
          store.presentationAccessors(state: \.destination, action: \.destination, site: site)
      let _: StoreBindingAccessors<Store<Leaf.State, Leaf.Action>?> =
        Store<TypoMistake.Destination.State, TypoMistake.Destination.Action>
        .presentedCaseAccessors(destination, member: "edit", site: site)
    }.compactMap { $0.comments.first?.rawValue }
    #expect(messages.count == 2)
    #expect(messages.first?.contains(#"TypoMistake.Destination.State has no case "edit""#) == true)
    #expect(messages.last?.contains(#"TypoMistake.Destination.Action has no case "edit""#) == true)
  }

  @Test func aCaseScopeEnumMissingACaseIsReportedOnItsFirstRead() async {
    let store = Store(initialState: PartialPath.State.shown(Leaf.State())) { PartialPath() }
    let messages = await capturedIssues {
      guard case .shown(let leaf) = store.case else {
        Issue.record("expected the shown case")
        return
      }
      #expect(leaf.withState { $0 } == Leaf.State())
    }.compactMap { $0.comments.first?.rawValue }
    #expect(
      messages == [
        """
        "store.case" switches over ViewMistakeFailureTests.PartialPath.CaseScope, which does not \
        hold a store for every case of ViewMistakeFailureTests.PartialPath.State:
          - .hidden has no case in ViewMistakeFailureTests.PartialPath.CaseScope.

        Give ViewMistakeFailureTests.PartialPath.CaseScope a case per case of the state, of the \
        same name, holding a store of that case's state and action: case \
        detail(StoreOf<Detail>).
        """
      ])
  }

  enum OtherAlert: Equatable, Sendable { case other }

  struct Leaf: Reducer {
    struct State: Equatable, Sendable {}
    enum Action: Equatable, Sendable { case tapped }
    func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
  }

  struct AlertMistake: Reducer {
    struct Destination: Reducer {
      @dynamicMemberLookup
      enum State: CasePathable, Equatable, Sendable { case alert(AlertState<Alert>) }
      enum Action: Equatable, Sendable { case alert(Alert) }
      enum Alert: Equatable, Sendable { case confirm }
      var body: some ReducerOf<Self> { EmptyReducer() }
    }
    struct State: Equatable, Sendable { @Presents var destination: Destination.State? }
    enum Action: Equatable, Sendable { case destination(PresentationAction<Destination.Action>) }
    var body: some ReducerOf<Self> { EmptyReducer() }
  }

  struct StackMistake: Reducer {
    struct State: Equatable, Sendable { var path = StackState<Leaf.State>() }
    enum Action: Equatable, Sendable { case path(StackActionOf<Leaf>) }
    var body: some ReducerOf<Self> { EmptyReducer() }
  }

  struct PairMistake: Reducer {
    enum Destination: Equatable, Sendable { case leaf(Leaf.Action) }
    struct State: Equatable, Sendable { var detail: Leaf.State? }
    enum Action: Equatable, Sendable {
      case detail(Leaf.Action)
      case destination(PresentationAction<Destination>)
    }
    var body: some ReducerOf<Self> { EmptyReducer() }
  }

  struct TypoMistake: Reducer {
    struct Destination: Reducer {
      @dynamicMemberLookup
      enum State: CasePathable, Equatable, Sendable { case add(Leaf.State) }
      enum Action: Equatable, Sendable { case add(Leaf.Action) }
      var body: some ReducerOf<Self> { EmptyReducer() }
    }
    struct State: Equatable, Sendable { @Presents var destination: Destination.State? }
    enum Action: Equatable, Sendable { case destination(PresentationAction<Destination.Action>) }
    var body: some ReducerOf<Self> { EmptyReducer() }
  }

  struct PartialPath: CaseReducer {
    @dynamicMemberLookup
    enum State: CasePathable, Equatable, Sendable {
      case shown(Leaf.State)
      case hidden(Leaf.State)
    }
    enum Action: Equatable, Sendable {
      case shown(Leaf.Action)
      case hidden(Leaf.Action)
    }
    enum CaseScope: CaseScopeEnum { case shown(StoreOf<Leaf>) }
    var body: some ReducerOf<Self> { EmptyReducer() }
  }
}

extension ViewMistakeFailureTests.PartialPath.State: CaseReducerState {
  typealias StateReducer = ViewMistakeFailureTests.PartialPath
}
