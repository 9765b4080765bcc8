import ReducerKit
import ReducerKitTesting
import Testing

/// Presentation scenario by scenario as TCA's own tests of it: children presented outside their
/// `ifLet`, dismissal sent down from a grandparent, a parent removing a child with an effect,
/// and removal by reducers before and after the `ifLet`.
extension IfLetTests {
  /// Dismisses itself on `close`; `wait` runs until cancelled.
  struct Leaf: Reducer {
    struct State: Equatable, Sendable {}
    enum Action: Equatable, Sendable {
      case close
      case wait
      case dismissMe
      case askToBeDismissed
    }
    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .close: .run { [dismiss] _ in await dismiss() }
      case .wait: .run { _ in try await Task.never() }
      case .dismissMe: .none
      case .askToBeDismissed: .send(.dismissMe)
      }
    }
  }

  /// Presents a `Leaf`, or lets its parent present it.
  struct Middle: Reducer {
    struct State: Equatable, Sendable {
      @Presents var leaf: Leaf.State?
    }
    enum Action: Equatable, Sendable {
      case leaf(PresentationAction<Leaf.Action>)
      case presentLeaf
      case open
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .presentLeaf: state.leaf = Leaf.State()
        case .leaf(.presented(.dismissMe)): state.leaf = nil
        case .leaf, .open: break
        }
        return .none
      }
      .ifLet(\.$leaf, action: Action.leaf) { Leaf() }
    }
  }

  /// Holds a `Middle`, presented or in place, and acts on it from outside.
  struct Top: Reducer {
    struct State: Equatable, Sendable {
      var inPlace = Middle.State()
      @Presents var middle: Middle.State?
    }
    enum Action: Equatable, Sendable {
      case inPlace(Middle.Action)
      case middle(PresentationAction<Middle.Action>)
      case presentMiddle
      case dismissLeaf
      case removeMiddleBefore
      case removeMiddleAfter
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .presentMiddle: state.middle = Middle.State()
        case .dismissLeaf: return .send(.middle(.presented(.leaf(.dismiss))))
        case .removeMiddleBefore: state.middle = nil
        default: break
        }
        return .none
      }
      Scope(state: \.inPlace, action: Top.Action.inPlace) { Middle() }
      Reduce<State, Action> { _, _ in .none }
        .ifLet(\.$middle, action: Action.middle) { Middle() }
      Reduce { state, action in
        switch action {
        // Presented after the `Scope` whose `ifLet` runs the leaf.
        case .inPlace(.open): state.inPlace.leaf = Leaf.State()
        case .removeMiddleAfter: state.middle = nil
        default: break
        }
        return .none
      }
    }
  }

  @Test func aChildPresentedOutsideItsIfLetDismissesItselfAgainAndAgain() async {
    let store = TestStore(initialState: Top.State()) { Top() }
    for _ in 0..<2 {
      await store.send(.inPlace(.open)) { $0.inPlace.leaf = Leaf.State() }
      await store.send(.inPlace(.leaf(.presented(.close))))
      await store.receive(.inPlace(.leaf(.dismiss))) { $0.inPlace.leaf = nil }
    }
  }

  @Test func aGrandparentDismissesAGrandchildAndCancelsItsEffects() async {
    let store = TestStore(initialState: Top.State()) { Top() }
    await store.send(.presentMiddle) { $0.middle = Middle.State() }
    await store.send(.middle(.presented(.presentLeaf))) { $0.middle?.leaf = Leaf.State() }
    await store.send(.middle(.presented(.leaf(.presented(.wait)))))
    await store.send(.dismissLeaf)
    await store.receive(.middle(.presented(.leaf(.dismiss)))) { $0.middle?.leaf = nil }
    await store.send(.middle(.dismiss)) { $0.middle = nil }
  }

  @Test func aParentRemovingItsChildOnItsRequestCancelsTheChildsEffects() async {
    let store = TestStore(initialState: Middle.State()) { Middle() }
    await store.send(.presentLeaf) { $0.leaf = Leaf.State() }
    await store.send(.leaf(.presented(.wait)))
    await store.send(.leaf(.presented(.askToBeDismissed)))
    await store.receive(.leaf(.presented(.dismissMe))) { $0.leaf = nil }
  }

  @Test func aChildRemovedBeforeOrAfterItsIfLetHasItsEffectsCancelled() async {
    let store = TestStore(initialState: Top.State()) { Top() }
    await store.send(.presentMiddle) { $0.middle = Middle.State() }
    await store.send(.middle(.presented(.presentLeaf))) { $0.middle?.leaf = Leaf.State() }
    await store.send(.middle(.presented(.leaf(.presented(.wait)))))
    await store.send(.removeMiddleBefore) { $0.middle = nil }

    await store.send(.presentMiddle) { $0.middle = Middle.State() }
    await store.send(.middle(.presented(.presentLeaf))) { $0.middle?.leaf = Leaf.State() }
    await store.send(.middle(.presented(.leaf(.presented(.wait)))))
    await store.send(.removeMiddleAfter) { $0.middle = nil }
    // As in TCA, a reducer after the `ifLet` removes the child behind its back: its effects are
    // cancelled when the next action reaches the `ifLet` (any action of this feature).
    await store.send(.removeMiddleAfter)
  }

  @Test func aChildLeftPresentedWithAnEffectRunningFailsTheTest() async {
    await expectIssues {
      let store = TestStore(initialState: Middle.State()) { Middle() }
      await store.send(.presentLeaf) { $0.leaf = Leaf.State() }
      await store.send(.leaf(.presented(.wait)))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "The test store was released with 1 effect still running.") ?? false
    }
  }
}
