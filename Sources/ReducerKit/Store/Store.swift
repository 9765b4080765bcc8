/// Runs a feature: holds its state, reduces the actions sent to it, and runs their effects.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) {
///   Counter()
/// } withDependencies: {
///   $0.numberFact = .mock
/// }
/// store.send(.view(.incrementTapped))
/// store.count  // 1
/// await store.send(.view(.factTapped)).finish()
/// ```
///
/// `send` reduces the action synchronously. An action sent while another is being reduced (by
/// `.send`, an effect, a scoped store or an observer) is queued and processed, in order, before
/// the outer `send` returns.
///
/// Releasing the root store cancels every effect it started; ``cancelEffects()`` does so on
/// demand. A scoped store keeps its root alive.
@MainActor
@dynamicMemberLookup
public final class Store<State, Action: Sendable> {
  @usableFromInline package let core: StoreCore<State, Action>
  /// Sends to the root: the root's send loop, specialized for its reducer where it was created.
  @usableFromInline let sendAction: @MainActor (Action) -> StoreTask
  /// The store this one was scoped from (`nil` for a root). A scoped store keeps its parent,
  /// and so its root, alive; the parent's scope cache does not keep it alive.
  @usableFromInline let parentStore: (any ScopeCacheOwner)?
  /// The categories of `Action` checked when code outside the store sends one (`nil` when it
  /// does not follow the view/internal/delegate convention, or for a test store's store).
  ///
  /// NB: ``ActionCategories/unresolved`` until the first send from outside looks them up, not
  /// when the store is made: the lookup takes a process-wide lock, and most scoped stores (each
  /// level of a scope chain) are never sent to.
  @usableFromInline package var outsideCategories: ActionCategories?
  private let releaseEffects: (@Sendable () -> Void)?
  /// Made when the store is first observed (see `Store+Observation.swift`).
  // NB: unchecked exclusivity: read on every observed read, only on the main actor, and never
  // held across a call.
  @exclusivity(unchecked) @usableFromInline var observationStorage: StoreObservation<State, Action>?
  /// `observationStorage`, unretained, for the read path; set with it, and never outlives it.
  @exclusivity(unchecked) @usableFromInline var unretainedObservation:
    Unmanaged<StoreObservation<State, Action>>?
  /// The stores scoped from this one that are alive (see `ScopeCache.swift`): the first one
  /// inline (most stores have one child at a time), the others in a list.
  @exclusivity(unchecked) @usableFromInline var firstScope: ScopeEntry?
  @exclusivity(unchecked) @usableFromInline var moreScopes: ContiguousArray<ScopeEntry> = []
  /// The element store caches of this store's collection scopes (see `ScopeCache.swift`).
  @exclusivity(unchecked) var elementStoreCaches: [ElementCacheEntry] = []
  /// The key path this store was cached under in its parent's scope cache (see
  /// `ScopeCache.swift`), kept alive so that its address keeps naming it; `nil` if it never was.
  @exclusivity(unchecked) @usableFromInline var scopeKeyPath: AnyKeyPath?

  /// Creates a root store.
  ///
  /// - Parameters:
  ///   - initialState: The feature's state when the store starts.
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Overrides of the dependencies in force where the store is created.
  ///     Every reducer call and effect of the store sees the result.
  ///   - fileID: Where the store is created, for its runtime warnings.
  ///   - filePath: The same place, as a path.
  ///   - line: The line of that place.
  ///   - column: The column of that place.
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    var dependencies = DependencyValues.current.forNewStore()
    if let prepareDependencies { DependencySetting.run { prepareDependencies(&dependencies) } }
    let (state, reducer) = withUnsafePointer(to: &dependencies) { pointer in
      DependencyValues.withFrame(pointer) { (initialState(), reducer()) }
    }
    self.init(
      root: RootCore.make(
        initialState: state, reducer: reducer, dependencies: dependencies,
        site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
      )
    )
  }

  /// A root store whose effects run on `executor` (a test store's serial executor).
  @inlinable
  package convenience init<R: Reducer<State, Action>>(
    initialState: State,
    reducer: R,
    dependencies: DependencyValues,
    executor: (any TaskExecutor)?
  ) {
    self.init(
      root: RootCore.make(
        initialState: initialState, reducer: reducer, dependencies: dependencies,
        executor: executor
      )
    )
  }

  @usableFromInline
  package init<R: Reducer<State, Action>>(root: RootCore<R>) {
    core = root
    sendAction = root.specializedSend ?? { [unowned(unsafe) root] in root.send($0) }
    parentStore = nil
    outsideCategories = .unresolved
    let registry = root.registry
    releaseEffects = { registry.cancelAll(close: true) }
  }

  @usableFromInline
  init(
    scoped core: StoreCore<State, Action>,
    parentStore: any ScopeCacheOwner,
    sendAction: @escaping @MainActor (Action) -> StoreTask
  ) {
    self.core = core
    self.sendAction = sendAction
    self.parentStore = parentStore
    releaseEffects = nil
    outsideCategories = .unresolved
  }

  /// Looks up ``outsideCategories`` (see there).
  @usableFromInline
  func resolveOutsideCategories() -> ActionCategories? {
    outsideCategories = ActionCategories.of(Action.self)
    return outsideCategories
  }

  isolated deinit {
    releaseEffects?()
    observationStorage?.finish()
    if scopeKeyPath != nil {
      parentStore?.removeCachedScope(ObjectIdentifier(self))
    }
  }

  /// The current state. Observing it (see `Observable`) registers the whole
  /// state; prefer reading fields (`store.count`) so that only changes to them notify.
  public var state: State {
    let state = core.readableState("Store.state")
    trackAccess(\State.self, in: state)
    return state.pointee
  }

  /// A field of the current state: `store.count`. Observing it registers only this field.
  // NB: always inlined so that the optimizer sees the key path literal at the call site and
  // turns the projection into a plain load (applying a key path generically costs ~40 ns).
  @inlinable @inline(__always)
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    let state = core.readableState("Store.subscript(dynamicMember:)")
    trackAccess(keyPath, in: state)
    return state.pointee[keyPath: keyPath]
  }

  /// Reads the current state without copying it out of the store, and without registering the
  /// read for observation.
  ///
  /// ```swift
  /// let total = store.withState { $0.items.reduce(0) { $0 + $1.price } }
  /// ```
  @inlinable
  public func withState<Result>(_ body: (State) throws -> Result) rethrows -> Result {
    try body(core.readableState("Store.withState").pointee)
  }

  /// Sends an action: reduces it now and starts its effects.
  ///
  /// The returned task covers the effects this action caused, through the actions they send
  /// back; `await store.send(action).finish()` waits for them. An action sent while the store is
  /// already processing one is queued, and its effects belong to the outer send's task (this
  /// call then returns an empty task).
  ///
  /// > Important: When `Action` has top-level cases named `view`, `internal` and `delegate`,
  /// > sending an `internal` or `delegate` action from outside the store is a runtime warning:
  /// > those come from the feature's effects. See ``checksActionCategories``.
  @inlinable
  @discardableResult
  public func send(
    _ action: Action,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StoreTask {
    if var categories = outsideCategories {
      if categories.isUnresolved {
        guard let resolved = resolveOutsideCategories() else { return sendAction(action) }
        categories = resolved
      }
      if let category = categories.innerCategory(of: action),
        core.family.categoryChecks.isEnabled
      {
        reportInnerActionFromOutside(
          action, category: category,
          site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
      }
    }
    return sendAction(action)
  }

  /// Whether this store, the stores scoped from its root and their effects check the action
  /// categories (true by default): an effect sending a `view` action, or code outside the store
  /// sending an `internal` or `delegate` action, is a runtime warning.
  ///
  /// ```swift
  /// let store = Store(initialState: Legacy.State()) { Legacy() }
  /// store.checksActionCategories = false   // a feature that does not follow the convention
  /// ```
  public var checksActionCategories: Bool {
    get { core.family.categoryChecks.isEnabled }
    set { core.family.categoryChecks.isEnabled = newValue }
  }

  /// Cancels every effect the store (and every store scoped from its root) has in flight, as
  /// when a screen is torn down. Effects started afterwards run normally.
  public func cancelEffects() {
    core.family.cancelEffects()
  }

  /// A store for a part of this store's state, sending through this store.
  ///
  /// ```swift
  /// let counterStore = store.scope(state: \.counter, action: Action.counter)
  /// counterStore.send(.incrementTapped)
  /// ```
  ///
  /// Scoping again with the same key path and action function returns the same store while
  /// something holds it, as in TCA: a view body that scopes on every render keeps one child
  /// store. The key path and the function are compared by identity (see the Performance guide):
  /// a literal key path and a closure literal always match their earlier selves; an unapplied
  /// case such as `Action.counter` matches in optimized builds, while a debug build wraps it in
  /// a new closure each time and gets a new store (correct, only not cached). Each place in the
  /// code makes its own closure, so the same scope written at two places makes two stores, where
  /// TCA's key paths, compared by value, find one. Unlike TCA, the cache does not keep its stores
  /// alive, so scoping never keeps a store alive on its own.
  // NB: disfavored, so that the optional, identified-array and stack forms, which this one
  // would also match, win for their state.
  @_disfavoredOverload
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState>,
    action fromChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let key = ScopeKey(statePath: toChildState, action: ClosureIdentity(fromChildAction))
    return cachedScope(key, statePath: toChildState) {
      scoped(
        initialState: withState { $0[keyPath: toChildState] },
        update: Self.fieldUpdate(toChildState), fromAction: fromChildAction)
    }
  }

  /// A store for optional child state, or `nil` while the state is `nil`.
  ///
  /// Once created, the child store keeps showing the child's last state if it later becomes
  /// `nil`; actions sent to it then reach the parent, which reports them as a runtime warning.
  /// It is cached like a non-optional scope's store until a scope finds the state `nil`:
  /// presenting again after that makes a new store.
  ///
  /// ```swift
  /// if let detailStore = store.scope(state: \.detail, action: Action.detail) { … }
  /// ```
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState?>,
    action fromChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    let key = ScopeKey(statePath: toChildState, action: ClosureIdentity(fromChildAction))
    return cachedOptionalScope(
      key, statePath: toChildState, initialState: { withState { $0[keyPath: toChildState] } },
      make: { initialState in
        scoped(
          initialState: initialState, update: Self.optionalFieldUpdate(toChildState),
          fromAction: fromChildAction)
      })
  }

  /// The update of a child store whose state is the field `path` names.
  @usableFromInline
  static func fieldUpdate<ChildState>(
    _ path: KeyPath<State, ChildState>
  ) -> (UnsafePointer<State>, UnsafeMutablePointer<ChildState>) -> Bool {
    let field = FieldReader(path)
    return {
      $1.pointee = field.read($0)
      return true
    }
  }

  /// The update of a child store whose state is the optional field `path` names: it keeps the
  /// last state (returning `false`) while the field is `nil`.
  @usableFromInline
  static func optionalFieldUpdate<ChildState>(
    _ path: KeyPath<State, ChildState?>
  ) -> (UnsafePointer<State>, UnsafeMutablePointer<ChildState>) -> Bool {
    let field = FieldReader(path)
    return { parent, child in
      guard let state = field.read(parent) else { return false }
      child.pointee = state
      return true
    }
  }

  /// A store whose state `update` derives from this one's (writing it into the child's
  /// storage, or leaving the last value) and whose actions are embedded by `fromAction`.
  ///
  /// NB: takes closures, not key paths: appending key paths instantiates a new key path (with
  /// metadata lookups by mangled name) on every call, which made scoping cost microseconds.
  @inlinable
  func scoped<ChildState, ChildAction: Sendable>(
    initialState: ChildState,
    update: @escaping (UnsafePointer<State>, UnsafeMutablePointer<ChildState>) -> Bool,
    fromAction: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      scoped: ScopedCore(
        parent: core, initialState: initialState, update: update
      ),
      parentStore: self,
      sendAction: { [sendAction] in sendAction(fromAction($0)) }
    )
  }
}

/// A store of a feature's state and actions.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action> where R.Action: Sendable
