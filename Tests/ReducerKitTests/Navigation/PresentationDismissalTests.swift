import ReducerKit
import ReducerKitTesting
import Testing

/// `.dismiss` of a presented child: it ends presented only when the parent presented a child of
/// another identity while handling it; a `.dismiss` with nothing presented is a warning.
@MainActor
@Suite struct PresentationDismissalTests {
  struct Child: Reducer {
    struct State: Equatable, Identifiable, Sendable { var id: Int }
    enum Action: Equatable, Sendable {}
    var body: some ReducerOf<Self> { EmptyReducer() }
  }

  /// A parent that, on `.dismiss`, presents `replacement` (when set) in place of the child.
  struct Parent: Reducer {
    struct State: Equatable, Sendable {
      @Presents var child: Child.State?
      var replacement: Child.State?
    }
    enum Action: Equatable, Sendable { case child(PresentationAction<Child.Action>) }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .child(.dismiss) = action, let replacement = state.replacement {
          state.child = replacement
        }
        return .none
      }
      .ifLet(\.$child, action: Action.child) { Child() }
    }
  }

  @Test func dismissingNilsTheChildOutAfterTheParentRan() async {
    let store = TestStore(initialState: Parent.State(child: Child.State(id: 1))) { Parent() }
    await store.send(.child(.dismiss)) { $0.child = nil }
  }

  @Test func aChildOfTheSameIdentityPresentedWhileDismissingIsStillDismissed() async {
    let store = TestStore(
      initialState: Parent.State(child: Child.State(id: 1), replacement: Child.State(id: 1))
    ) { Parent() }
    await store.send(.child(.dismiss)) { $0.child = nil }
  }

  @Test func aChildOfAnotherIdentityPresentedWhileDismissingStaysPresented() async {
    let store = TestStore(
      initialState: Parent.State(child: Child.State(id: 1), replacement: Child.State(id: 2))
    ) { Parent() }
    await store.send(.child(.dismiss)) { $0.child = Child.State(id: 2) }
    // Now the replacement has the presented child's identity, so this dismissal sticks.
    await store.send(.child(.dismiss)) { $0.child = nil }
  }

  @Test func dismissingWhileNothingIsPresentedIsAWarning() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await expectIssues {
      await store.send(.child(.dismiss))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""ifLet" received a child action while the presented state was nil; the action was dropped."#
      ) ?? false
    }
  }
}
