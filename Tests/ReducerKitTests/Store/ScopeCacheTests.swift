import Foundation
import ReducerKit
import Testing

/// Scoping a store again the same way returns the store made the first time, while it is alive.
///
/// The scopes below go through helper functions whose closure literals capture nothing: each
/// call then passes the same function value, in debug builds too. (An unapplied case reference
/// such as `Action.child` is the same value only in optimized builds; a debug build wraps it in a
/// new closure on every evaluation, and the scope then makes a new store.)
@MainActor
@Suite struct ScopeCacheTests {
  struct Leaf: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable { case tap }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  struct Parent: Reducer {
    struct State: Equatable, Sendable {
      var leaf = Leaf.State()
      @Presents var sheet: Leaf.State?
      var mode: Mode = .idle
      /// The same state as `leaf`, through another key path.
      var leafAgain: Leaf.State { leaf }
    }
    enum Mode: Equatable, Sendable {
      case idle
      case editing(Leaf.State)
      case viewing(Leaf.State)
    }
    enum Action: Equatable, Sendable {
      case leaf(Leaf.Action)
      case sheet(PresentationAction<Leaf.Action>)
      case mode(Leaf.Action)
      case present
      case dismiss
      case edit
      case view
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.leaf, action: Action.leaf) { Leaf() }
      Reduce { state, action in
        switch action {
        case .leaf, .sheet, .mode: break
        case .present: state.sheet = Leaf.State(count: 100)
        case .dismiss: state.sheet = nil
        case .edit: state.mode = .editing(Leaf.State(count: 1))
        case .view: state.mode = .viewing(Leaf.State(count: 2))
        }
        return .none
      }
      .ifLet(\.$sheet, action: Action.sheet) { Leaf() }
    }
  }

  struct Grandparent: Reducer {
    struct State: Equatable, Sendable { var parent = Parent.State() }
    enum Action: Equatable, Sendable {
      case parent(Parent.Action)
      case tapLeaf
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.parent, action: Action.parent) { Parent() }
      Reduce { state, action in
        if case .tapLeaf = action { state.parent.leaf.count += 1 }
        return .none
      }
    }
  }

  func parentStore(_ store: StoreOf<Grandparent>) -> StoreOf<Parent> {
    store.scope(state: \.parent, action: { .parent($0) })
  }
  func leafStore(
    _ store: StoreOf<Parent>, through path: KeyPath<Parent.State, Leaf.State> = \.leaf
  ) -> StoreOf<Leaf> {
    store.scope(state: path, action: { .leaf($0) })
  }
  func sheetStore(_ store: StoreOf<Parent>) -> StoreOf<Leaf>? {
    store.scope(state: \.$sheet, action: { .sheet($0) })
  }
  func editingStore(_ store: StoreOf<Parent>) -> StoreOf<Leaf>? {
    store.scope(state: \.mode, case: { .editing($0) }, action: { .mode($0) })
  }

  @Test func scopingTheSameWayTwiceReturnsTheSameStoreAtEveryLevel() {
    let root = Store(initialState: Grandparent.State()) { Grandparent() }
    let parent = parentStore(root)
    #expect(parent === parentStore(root))
    let leaf = leafStore(parent)
    #expect(leaf === leafStore(parent))
    #expect(leaf === leafStore(parentStore(root)))
  }

  @Test func anotherActionFunctionOrKeyPathMakesAnotherStore() {
    let root = Store(initialState: Grandparent.State()) { Grandparent() }
    let parent = parentStore(root)
    #expect(parent !== root.scope(state: \.parent, action: { .parent($0) }))
    let leaf = leafStore(parent)
    #expect(leaf !== parent.scope(state: \.leaf, action: { .leaf($0) }))
    let otherPath = \Parent.State.leafAgain
    let throughOtherPath = leafStore(parent, through: otherPath)
    #expect(leaf !== throughOtherPath)
    #expect(throughOtherPath === leafStore(parent, through: otherPath))
  }

  /// Written at two places, one scope makes two stores (each place is another function); both
  /// are the same child: either one's send is seen through the other.
  @Test func theSameScopeWrittenTwiceMakesTwoStoresOfOneChild() {
    let root = Store(initialState: Grandparent.State()) { Grandparent() }
    let parent = parentStore(root)
    let here = parent.scope(state: \.leaf, action: Parent.Action.leaf)
    let there = parent.scope(state: \.leaf, action: Parent.Action.leaf)
    #expect(here !== there)
    here.send(.tap)
    there.send(.tap)
    #expect(here.count == 2 && there.count == 2)
    #expect(root.withState(\.parent.leaf.count) == 2)
  }

  @Test func aCachedStoreShowsTheCurrentStateAndSendsThroughItsParent() {
    let root = Store(initialState: Grandparent.State()) { Grandparent() }
    let leaf = leafStore(parentStore(root))
    leaf.send(.tap)
    root.send(.tapLeaf)
    #expect(leafStore(parentStore(root)).count == 2)
    #expect(root.withState(\.parent.leaf.count) == 2)
  }

  @Test func aStoreOutlivesTheParentStoreItWasScopedFrom() {
    let root = Store(initialState: Grandparent.State()) { Grandparent() }
    var parent: StoreOf<Parent>? = parentStore(root)
    let leaf = leafStore(parent!)
    leaf.send(.tap)
    parent = nil
    leaf.send(.tap)
    root.send(.tapLeaf)
    #expect(leaf.count == 3)
    #expect(root.withState(\.parent.leaf.count) == 3)
    #expect(leafStore(parentStore(root)) === leaf)
  }

  @Test func theCacheHoldsStoresWeaklyAndForgetsThemWhenTheyGo() {
    let root = Store(initialState: Grandparent.State()) { Grandparent() }
    weak var released: StoreOf<Parent>?
    do {
      let parent = parentStore(root)
      released = parent
      #expect(root.cachedScopeCount == 1)
    }
    #expect(released == nil)
    #expect(root.cachedScopeCount == 0)
  }

  @Test func aStoreReleasedOffTheMainActorIsNotFoundWhileItsDeinitWaits() async {
    // The cache does not retain its stores (and does not use `weak`): a store whose last
    // reference went away on another thread has a `deinit` queued on the main actor, and until
    // it runs the store is still in the cache, and must not be handed out again.
    let root = Store(initialState: Grandparent.State()) { Grandparent() }
    let holder = LockIsolated<StoreOf<Parent>?>(nil)
    let released: ObjectIdentifier
    do {
      let parent = parentStore(root)
      released = ObjectIdentifier(parent)
      holder.withValue { $0 = parent }
    }
    let isReleased = LockIsolated(false)
    Thread.detachNewThread {
      holder.setValue(nil)
      isReleased.setValue(true)
    }
    // NB: waits without giving up the main actor, so the deinit queued there cannot run before
    // the lookup below. (Awaiting the other thread instead let the main actor run the deinit
    // first, which it had queued first, and the fresh store could take the freed address.)
    while !isReleased.value {}
    let fresh = parentStore(root)
    // NB: the released store's memory is still allocated (its deinit has not run), so the fresh
    // store cannot have its address.
    #expect(ObjectIdentifier(fresh) != released)
    #expect(parentStore(root) === fresh)
    await Task.yield()
    #expect(root.cachedScopeCount == 1)
    #expect(parentStore(root) === fresh)
  }

  @Test func eachOfSeveralChildrenIsCachedAndLeavesOnItsOwn() {
    let parent = Store(initialState: Parent.State(sheet: Leaf.State())) { Parent() }
    parent.send(.edit)
    var leaf: StoreOf<Leaf>? = leafStore(parent)
    let sheet = sheetStore(parent)
    var editing: StoreOf<Leaf>? = editingStore(parent)
    #expect(parent.cachedScopeCount == 3)
    leaf = nil
    #expect(parent.cachedScopeCount == 2)
    #expect(sheetStore(parent) === sheet)
    #expect(editingStore(parent) === editing)
    editing = nil
    #expect(parent.cachedScopeCount == 1)
    #expect(sheetStore(parent) === sheet)
    leaf = leafStore(parent)
    #expect(parent.cachedScopeCount == 2)
    #expect(leafStore(parent) === leaf)
  }

  @Test func cachedChildrenDoNotKeepTheRootAlive() async {
    weak var releasedRoot: StoreOf<Grandparent>?
    weak var releasedLeaf: StoreOf<Leaf>?
    do {
      let root = Store(initialState: Grandparent.State()) { Grandparent() }
      let leaf = leafStore(parentStore(root))
      releasedRoot = root
      releasedLeaf = leaf
    }
    #expect(releasedLeaf == nil)
    #expect(releasedRoot == nil)
  }

  @Test func aPresentedStoreIsCachedWhilePresented() {
    let parent = Store(initialState: Parent.State()) { Parent() }
    #expect(sheetStore(parent) == nil)
    parent.send(.present)
    let sheet = sheetStore(parent)
    #expect(sheet != nil)
    #expect(sheetStore(parent) === sheet)
    sheet?.send(.tap)
    #expect(sheetStore(parent)?.count == 101)
  }

  @Test func dismissedAndPresentedAgainUnreadKeepsTheSameStore() {
    let parent = Store(initialState: Parent.State()) { Parent() }
    parent.send(.present)
    let sheet = sheetStore(parent)
    parent.send(.dismiss)
    parent.send(.present)
    #expect(sheetStore(parent) === sheet)
  }

  @Test func readWhileDismissedThenPresentedAgainMakesANewStore() {
    let parent = Store(initialState: Parent.State()) { Parent() }
    parent.send(.present)
    let sheet = sheetStore(parent)
    sheet?.send(.tap)
    #expect(sheet?.count == 101)
    parent.send(.dismiss)
    #expect(sheetStore(parent) == nil)
    // The old store keeps showing the state it last had.
    #expect(sheet?.count == 101)
    parent.send(.present)
    let presentedAgain = sheetStore(parent)
    #expect(presentedAgain != nil)
    #expect(presentedAgain !== sheet)
    #expect(presentedAgain?.count == 100)
  }

  @Test func anOptionalStoreIsCachedAndForgottenWhenReadAsNil() {
    let parent = Store(initialState: Parent.State(sheet: Leaf.State())) { Parent() }
    let optional = parent.scope(state: \.sheet, action: { .sheet(.presented($0)) })
    #expect(optional != nil)
    let again = optionalSheetStore(parent)
    #expect(again === optionalSheetStore(parent))
    parent.send(.dismiss)
    #expect(optionalSheetStore(parent) == nil)
    parent.send(.present)
    #expect(optionalSheetStore(parent) !== again)
  }
  func optionalSheetStore(_ store: StoreOf<Parent>) -> StoreOf<Leaf>? {
    store.scope(state: \.sheet, action: { .sheet(.presented($0)) })
  }

  @Test func aCaseStoreIsCachedPerCase() {
    let parent = Store(initialState: Parent.State()) { Parent() }
    #expect(editingStore(parent) == nil)
    parent.send(.edit)
    let editing = editingStore(parent)
    #expect(editing?.count == 1)
    #expect(editingStore(parent) === editing)
    let viewing: () -> StoreOf<Leaf>? = {
      parent.scope(state: \.mode, case: Parent.Mode.viewing, action: { .mode($0) })
    }
    #expect(viewing() == nil)
    parent.send(.view)
    #expect(editingStore(parent) == nil)
    #expect(viewing()?.count == 2)
  }

  func rowStores(_ store: StoreOf<RowList>) -> [StoreOf<TimedRow>] {
    store.scope(state: \.rows, action: { .rows($0) })
  }

  @Test func elementStoresAreCachedByID() {
    let store = Store(
      initialState: RowList.State(rows: [TimedRow.State(id: 1), TimedRow.State(id: 2)])
    ) { RowList() }
    let rows = rowStores(store)
    let again = rowStores(store)
    #expect(rows.count == 2 && again.count == 2)
    #expect(zip(rows, again).allSatisfy { $0 === $1 })
    rows[1].send(.toggle)
    #expect(rowStores(store)[1].isOn)

    store.send(.add(3))
    let grown = rowStores(store)
    #expect(grown.map(\.id) == [1, 2, 3])
    #expect(grown[0] === rows[0] && grown[1] === rows[1])
    #expect(rowStores(store)[2] === grown[2])
  }

  @Test func anElementStoreLeavesWithItsElementOrWhenReleased() {
    let store = Store(
      initialState: RowList.State(rows: [TimedRow.State(id: 1), TimedRow.State(id: 2)])
    ) { RowList() }
    weak var released: StoreOf<TimedRow>?
    var kept = rowStores(store)[0]
    released = rowStores(store)[1]
    #expect(released == nil)
    #expect(rowStores(store)[0] === kept)

    store.send(.remove(1))
    #expect(rowStores(store).map(\.id) == [2])
    store.send(.add(1))
    let readded = rowStores(store)
    #expect(readded.map(\.id) == [2, 1])
    #expect(readded[1] !== kept)
    kept = readded[1]
    #expect(rowStores(store)[1] === kept)
  }

  @Test func aScopeWhoseClosureIsNewEachTimeKeepsOneElementCache() {
    let store = Store(initialState: RowList.State(rows: [TimedRow.State(id: 1)])) { RowList() }
    var held: [StoreOf<TimedRow>] = []
    for tag in 0..<50 {
      // Captures `tag`: a new closure context on every pass (kept alive by the held stores, so
      // no address is reused), so nothing is cached.
      let rows = store.scope(state: \.rows) { (action: IdentifiedActionOf<TimedRow>) in
        _ = tag
        return RowList.Action.rows(action)
      }
      #expect(rows.count == 1)
      held += rows
    }
    #expect(Set(held.map(ObjectIdentifier.init)).count == 50)
    #expect(store.elementStoreCacheCount == 1)
  }
}
