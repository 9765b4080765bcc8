/// Shared by a root store and all stores scoped from it.
@MainActor
@usableFromInline
package final class StoreRoot {
  /// Bumped after every batch of actions; scoped stores recompute their state when it moves.
  @exclusivity(unchecked) @usableFromInline package var version: UInt64 = 0
  /// Cancels every effect in flight (``Store/cancelEffects()``).
  let cancelEffects: @Sendable () -> Void

  init(cancelEffects: @escaping @Sendable () -> Void) {
    self.cancelEffects = cancelEffects
  }
}

/// The runtime behind a ``Store``: the root one reduces actions; scoped ones derive their state
/// from their parent and send through it.
@MainActor
@usableFromInline
package class StoreCore<State, Action: Sendable> {
  /// The root store's shared facts.
  @usableFromInline package let root: StoreRoot
  /// The state: the source of truth for a root core, a cache for a scoped core.
  ///
  /// NB: held behind a pointer so that reducing `inout` and reading through key paths need no
  /// dynamic exclusivity checks and no copy of the whole state.
  @usableFromInline package let statePointer: UnsafeMutablePointer<State>
  /// The root version ``statePointer`` reflects.
  @exclusivity(unchecked) @usableFromInline final var stateVersion: UInt64

  @usableFromInline
  init(root: StoreRoot, initialState: State) {
    self.root = root
    statePointer = .allocate(capacity: 1)
    statePointer.initialize(to: initialState)
    stateVersion = root.version
  }

  isolated deinit {
    statePointer.deinitialize(count: 1)
    statePointer.deallocate()
  }

  /// Brings ``statePointer`` up to date with the root.
  @inlinable
  package final func syncState() {
    if stateVersion != root.version { refreshState() }
  }

  /// Recomputes a scoped core's state; a root core is always current.
  @usableFromInline
  func refreshState() {}

  /// Sends an action to the root, through every scope in between.
  @usableFromInline
  package func send(_ action: Action) -> StoreTask {
    preconditionFailure("StoreCore is abstract; RootCore and ScopedCore implement send(_:).")
  }
}

/// A store scoped from another: its state is derived from the parent's, its actions embedded
/// into the parent's.
@usableFromInline
final class ScopedCore<ParentState, ParentAction: Sendable, State, Action: Sendable>:
  StoreCore<State, Action>
{
  let parent: StoreCore<ParentState, ParentAction>
  /// The child state in the parent's, or `nil` to keep the last value (an optional child that
  /// went away).
  let toState: (ParentState) -> State?
  let fromAction: @Sendable (Action) -> ParentAction

  @usableFromInline
  init(
    parent: StoreCore<ParentState, ParentAction>,
    initialState: State,
    toState: @escaping (ParentState) -> State?,
    fromAction: @escaping @Sendable (Action) -> ParentAction
  ) {
    self.parent = parent
    self.toState = toState
    self.fromAction = fromAction
    super.init(root: parent.root, initialState: initialState)
  }

  @usableFromInline
  override func refreshState() {
    parent.syncState()
    if let state = toState(parent.statePointer.pointee) {
      statePointer.pointee = state
    }
    stateVersion = root.version
  }

  override package func send(_ action: Action) -> StoreTask {
    parent.send(fromAction(action))
  }
}
