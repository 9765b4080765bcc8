import ReducerKit
import ReducerKitTesting
import Testing

/// The view/internal/delegate convention, checked where actions enter a store.
@MainActor
@Suite struct ActionCategoriesTests {
  struct Feature: Reducer {
    struct State: Equatable, Sendable { var log: [String] = [] }
    enum Action: Equatable, Sendable {
      case view(View)
      case `internal`(Internal)
      case delegate(Delegate)
      enum View: Equatable, Sendable { case tapped, refreshTapped, echoTapped }
      enum Internal: Equatable, Sendable { case loaded }
      enum Delegate: Equatable, Sendable { case done }
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .view(.tapped):
        state.log.append("tapped")
        return .none
      case .view(.refreshTapped):
        return .run { send in await send(.internal(.loaded)) }
      case .view(.echoTapped):
        // A mistake the store reports: an effect pretending to be the user.
        return .run { send in await send(.view(.tapped)) }
      case .internal(.loaded):
        state.log.append("loaded")
        return .none
      case .delegate:
        return .none
      }
    }
  }

  nonisolated private func isOutsideWarning(_ category: String) -> @Sendable (CapturedIssue) -> Bool
  {
    {
      $0.comments.first?.rawValue.hasPrefix(
        #""Store.send" was given the \#(category) action below from outside the store;"#)
        ?? false
    }
  }

  @Test func sendingInternalOrDelegateActionsFromOutsideAStoreIsAWarning() async {
    let store = Store(initialState: Feature.State()) { Feature() }
    expectIssues {
      store.send(.internal(.loaded))
    } matching: {
      isOutsideWarning("internal")($0)
    }
    expectIssues {
      store.send(.delegate(.done))
    } matching: {
      isOutsideWarning("delegate")($0)
    }
    // View actions are what the outside sends; effects may send internal actions.
    await store.send(.view(.refreshTapped)).finish()
    #expect(store.log == ["loaded", "loaded"])
  }

  @Test func anEffectSendingAViewActionIsAWarning() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await expectIssues {
      await store.send(.view(.echoTapped))
      await store.receive(.view(.tapped)) { $0.log = ["tapped"] }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #"An effect sent a "view" action; view actions describe what the user did"#) ?? false
    }
  }

  @Test func aTestStoreMaySendAnything() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.internal(.loaded)) { $0.log = ["loaded"] }
    await store.send(.delegate(.done))
  }

  @Test func oneSwitchTurnsTheChecksOffForAStore() async {
    let store = Store(initialState: Feature.State()) { Feature() }
    store.checksActionCategories = false
    store.send(.internal(.loaded))
    await store.send(.view(.echoTapped)).finish()
    #expect(store.log == ["loaded", "tapped"])
    #expect(!store.checksActionCategories)
  }

  @Test func aScopedStoreChecksItsOwnActions() {
    struct Parent: Reducer {
      struct State: Equatable, Sendable { var child = Feature.State() }
      enum Action: Equatable, Sendable { case child(Feature.Action) }
      var body: some ReducerOf<Self> {
        Scope(state: \.child, action: Action.child) { Feature() }
      }
    }
    let store = Store(initialState: Parent.State()) { Parent() }
    let child = store.scope(state: \.child, action: Parent.Action.child)
    expectIssues {
      child.send(.internal(.loaded))
    } matching: {
      isOutsideWarning("internal")($0)
    }
    // The parent's own actions do not follow the convention: nothing to check.
    store.send(.child(.internal(.loaded)))
    #expect(store.child.log == ["loaded", "loaded"])
  }
}
