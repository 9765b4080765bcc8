/// What a root store and every store scoped from it share: the state version, the reducing
/// flag, instrumentation, observers and action-category checks.
///
/// The runtime behind stores, at a glance:
/// - ``StoreTree``: one per root store, shared by the whole family of stores scoped from it.
/// - ``StoreCore``: one per ``Store``; holds (or caches) its state.
/// - ``RootCore``: the root store's core; it queues and reduces actions and starts effects.
/// - ``ScopedCore``: a scoped store's core; it derives its state from its parent's.
@MainActor
@usableFromInline
package final class StoreTree {
  /// Bumped after every batch of actions; scoped stores recompute their state when it moves.
  @exclusivity(unchecked) @usableFromInline package var version: UInt64 = 0
  /// True while a reducer of the root runs: the state may then be half-way through an in-place
  /// change, and reading it through a store is a mistake (see ``StoreCore/readableState(_:)``).
  @exclusivity(unchecked) @usableFromInline package var isReducing = false
  /// Cancels every effect in flight (``Store/cancelEffects()``).
  let cancelEffects: @Sendable () -> Void
  /// Passes ``Store/instrumentation`` on to the effect registry.
  let setEffectInstrumentation: (StoreInstrumentation?) -> Void
  /// See ``Store/instrumentation``.
  @exclusivity(unchecked) @usableFromInline package var instrumentation: StoreInstrumentation? {
    didSet { applyInstrumentation() }
  }
  /// The effect events of the session recording in progress (see ``Store/startRecording(limit:)``).
  @exclusivity(unchecked) var recordingInstrumentation: StoreInstrumentation? {
    didSet { applyInstrumentation() }
  }
  /// Checked once per action. NB: a flag, because copying the instrumentation out to test it
  /// would retain and release its handler on every action.
  @exclusivity(unchecked) @usableFromInline package private(set) var isInstrumented = false
  /// Whether ``instrumentation`` is set (a recording alone needs no reduce timings).
  @exclusivity(unchecked) private(set) var hasUserInstrumentation = false
  /// Called after each batch of actions (while actions they send are queued, not nested), by
  /// the observation of every store of this root; each returns `false` once its store is gone.
  @exclusivity(unchecked) @usableFromInline package var didProcess: [() -> Bool] = []
  /// How many stores of this root have fields armed or streams open: notifications are
  /// skipped while there are none.
  @exclusivity(unchecked) @usableFromInline package var activeObservations = 0

  /// Where the root store was created, for warnings about the store as a whole.
  let site: SourceSite?
  /// Where warnings about the store point: where it was created, or, for a store made without
  /// a site (a test store's), the library line that reports.
  var warningSite: SourceSite {
    site ?? SourceSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  }
  /// Whether the stores of this root and their effects check the action categories.
  @usableFromInline package let categoryChecks = ActionCategoryChecks()

  init(
    site: SourceSite?,
    cancelEffects: @escaping @Sendable () -> Void,
    setEffectInstrumentation: @escaping (StoreInstrumentation?) -> Void
  ) {
    self.site = site
    self.cancelEffects = cancelEffects
    self.setEffectInstrumentation = setEffectInstrumentation
  }

  /// Turns the per-action check on while anything listens, and gives the effect registry what
  /// listens to effects: the user's instrumentation, the recording's, or both.
  private func applyInstrumentation() {
    hasUserInstrumentation = instrumentation != nil
    isInstrumented = hasUserInstrumentation || recordingInstrumentation != nil
    switch (instrumentation, recordingInstrumentation) {
    case (let user?, let recording?):
      setEffectInstrumentation(
        StoreInstrumentation { event in
          user.handler(event)
          recording.handler(event)
        })
    case (let only, nil), (nil, let only):
      setEffectInstrumentation(only)
    }
  }

  @usableFromInline
  package func notifyDidProcess() {
    // NB: iterates a copy: an observer may create a store that starts observing (appended).
    let observers = didProcess
    var gone: [Int] = []
    for (position, observer) in observers.enumerated() where !observer() {
      gone.append(position)
    }
    if !gone.isEmpty {
      didProcess.remove(atOffsets: gone)
    }
  }
}

/// The runtime behind a ``Store``: the root one reduces actions; scoped ones derive their state
/// from their parent and send through it.
@MainActor
@usableFromInline
package class StoreCore<State, Action: Sendable> {
  /// What this store shares with its root and the root's other scoped stores.
  @usableFromInline package let family: StoreTree
  /// The state: the source of truth for a root core, a cache for a scoped core.
  ///
  /// NB: held behind a pointer so that reducing `inout` and reading through key paths need no
  /// dynamic exclusivity checks and no copy of the whole state.
  @usableFromInline package let statePointer: UnsafeMutablePointer<State>
  /// The root version ``statePointer`` reflects.
  @exclusivity(unchecked) @usableFromInline final var stateVersion: UInt64
  /// Whether the parent held this store's state at the last refresh (always, for a root and a
  /// non-optional scope); `false` while an optional child, a case or an element is gone, and
  /// ``statePointer`` keeps its last value.
  @exclusivity(unchecked) @usableFromInline final var isSourcePresent = true

  /// Whether ``statePointer`` holds a state: `false` only for a deferred scope
  /// (``DeferredScopedCore``) until it is first read.
  @exclusivity(unchecked) final var holdsState = true

  @usableFromInline
  init(family: StoreTree, initialState: State) {
    self.family = family
    statePointer = .allocate(capacity: 1)
    statePointer.initialize(to: initialState)
    stateVersion = family.version
  }

  /// A core whose state is derived on its first read: its version is one the root has not
  /// reached, so that read refreshes (see ``DeferredScopedCore``).
  init(family: StoreTree, deferringState: Void) {
    self.family = family
    statePointer = .allocate(capacity: 1)
    stateVersion = family.version &- 1
    holdsState = false
  }

  isolated deinit {
    if holdsState { statePointer.deinitialize(count: 1) }
    statePointer.deallocate()
  }

  /// Brings ``statePointer`` up to date with the root.
  @inlinable
  package final func syncState() {
    if stateVersion != family.version { refreshState() }
  }

  /// Recomputes a scoped core's state; a root core is always current.
  @usableFromInline
  func refreshState() {}

  /// Starts a recording of the session (see ``Store/startRecording(limit:)``); `nil` for a
  /// scoped core, which reduces nothing.
  func startRecording(limit: Int) -> SessionRecording<State, Action>? { nil }

  /// The state to read through a store: the current one, brought up to date; while a reducer of
  /// the root runs, a consistent copy instead (after a runtime warning naming `api`).
  @inlinable @inline(__always)
  package final func readableState(_ api: StaticString) -> UnsafePointer<State> {
    if _slowPath(family.isReducing) { return stateDuringReduce(api) }
    syncState()
    return UnsafePointer(statePointer)
  }

  /// The slow path of ``readableState(_:)``. A scoped core returns its last derived state, a
  /// separate value the reducer is not changing.
  @usableFromInline
  func stateDuringReduce(_ api: StaticString) -> UnsafePointer<State> {
    reportReadDuringReduce(api)
    return UnsafePointer(statePointer)
  }

  @usableFromInline
  final func reportReadDuringReduce(_ api: StaticString) {
    let site = family.warningSite
    reportRuntimeWarning(
      """
      "\(api)" read the store while one of its reducers was running; it returned the state as \
      it was at that moment, part-way through the action.

      A reducer must not reach back into its store: it is given the state to read and change. \
      Read its "state" parameter instead, or move the read into an effect or a view.
      """,
      at: site
    )
  }
}

/// A store scoped from another: its state is derived from the parent's. (Its actions reach the
/// root through the store's `sendAction` chain, not through the core.)
@usableFromInline
final class ScopedCore<ParentState, ParentAction: Sendable, State, Action: Sendable>:
  StoreCore<State, Action>
{
  let parent: StoreCore<ParentState, ParentAction>
  /// Writes the child state derived from the parent's into the child's storage and returns
  /// `true`, or leaves the last value and returns `false` (an optional child that went away).
  ///
  /// NB: one closure built where the types are concrete, so that refreshing (on every read
  /// after a send) involves no generic metadata lookups.
  let update: (UnsafePointer<ParentState>, UnsafeMutablePointer<State>) -> Bool

  @usableFromInline
  init(
    parent: StoreCore<ParentState, ParentAction>,
    initialState: State,
    update: @escaping (UnsafePointer<ParentState>, UnsafeMutablePointer<State>) -> Bool
  ) {
    self.parent = parent
    self.update = update
    super.init(family: parent.family, initialState: initialState)
  }

  @usableFromInline
  override func refreshState() {
    parent.syncState()
    isSourcePresent = update(parent.statePointer, statePointer)
    stateVersion = family.version
  }
}

/// A scoped core whose state a closure derives from the parent's, first when something reads
/// it: TCA's closure `scope(state:action:)` does not call its closure until then, and a store a
/// view makes but never reads costs nothing.
final class DeferredScopedCore<ParentState, ParentAction: Sendable, State, Action: Sendable>:
  StoreCore<State, Action>
{
  let parent: StoreCore<ParentState, ParentAction>
  let derive: (ParentState) -> State

  init(parent: StoreCore<ParentState, ParentAction>, derive: @escaping (ParentState) -> State) {
    self.parent = parent
    self.derive = derive
    super.init(family: parent.family, deferringState: ())
  }

  override func refreshState() {
    parent.syncState()
    store(derive(parent.statePointer.pointee))
    stateVersion = family.version
  }

  /// While a reducer runs, the state last derived; or, never read before, the one derived from
  /// the parent's consistent copy.
  override func stateDuringReduce(_ api: StaticString) -> UnsafePointer<State> {
    if !holdsState { store(derive(parent.stateDuringReduce(api).pointee)) }
    return super.stateDuringReduce(api)
  }

  private func store(_ state: State) {
    if holdsState {
      statePointer.pointee = state
    } else {
      statePointer.initialize(to: state)
      holdsState = true
    }
  }
}

extension Array {
  /// Removes the elements at `offsets` (ascending).
  fileprivate mutating func remove(atOffsets offsets: [Int]) {
    var offsetIterator = offsets.makeIterator()
    var nextOffset = offsetIterator.next()
    var kept = 0
    for position in indices {
      if position == nextOffset {
        nextOffset = offsetIterator.next()
      } else {
        swapAt(kept, position)
        kept += 1
      }
    }
    removeLast(count - kept)
  }
}
