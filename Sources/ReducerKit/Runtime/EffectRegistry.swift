import Synchronization

/// Every effect a root store has in flight: by token, by cancel key, by navigation element and by
/// the action tree (``ActionTree``) it belongs to.
///
/// One registry belongs to each root store (scoped stores share their root's), so two stores, or
/// two tests running in parallel, never cancel each other's effects. Mutations happen under one
/// lock; cancelling tasks and resuming waiters happen after it is released.
@usableFromInline
package final class EffectRegistry: Sendable {
  package typealias Entry = EffectEntry

  private let state: LockedState<EffectStateMachine>
  /// Issues tokens for effects, cancellation scopes and observers.
  private let tokens = Atomic<UInt64>(0)
  /// Where effect tasks run: the global executor, or a test store's serial executor.
  @usableFromInline package let executor: (any TaskExecutor)?
  /// Which navigation elements have effects in flight, for operators to read without the lock.
  package let summary: LiveElementSummary

  /// The test executor among them, told when an effect ends: an effect whose last step ran on
  /// the main actor (sending an action) ends there, in a job the executor does not run, and the
  /// work its end resumes (a concatenation's next step, a task waiting for it) must count as its
  /// work, or a test clock could stop waiting before that work ran.
  private let testExecution: (any TestExecutionHooks)?

  package init(executor: (any TaskExecutor)? = nil) {
    self.executor = executor
    testExecution = executor as? any TestExecutionHooks
    let summary = LiveElementSummary()
    self.summary = summary
    state = LockedState(EffectStateMachine(summary: summary))
  }

  /// Starts a task of the store's own (a concatenation's steps, a throttled effect's wait),
  /// recorded first, as an effect is; returns `nil` once the registry is closed.
  ///
  /// NB: the task starts on the main actor, where its operation runs: started on the global
  /// executor, it would hop to the main actor at once, a job on the pool (and a worker woken)
  /// for nothing.
  func start(
    keys: [CancelKey],
    path: NavigationPath,
    origin: (any Sendable)?,
    group: ActionTree?,
    priority: TaskPriority?,
    name: String?,
    operation: @escaping @MainActor @Sendable () async -> Void
  ) -> Task<Void, Never>? {
    let entry = EffectEntry(handle: .pending, keys: keys, path: path, origin: origin, group: group)
    guard let token = reserve(entry) else { return nil }
    let body = OwnTaskBody(operation: operation, registry: self, token: token)
    // NB: with a test store's executor, the task starts on it and hops to the main actor: the
    // executor counts the work it runs, test clocks hand it the tasks they resume, and a task
    // isolated to the main actor would resume there unseen, so that waiting for the executor
    // to be quiet ended too early (the debounce and throttle tests failed that way).
    let run: @isolated(any) @Sendable () async -> Void =
      if executor == nil {
        { @MainActor in await body.operation() }
      } else {
        { await body.operation() }
      }
    let task = makeTask(priority: priority, name: name, operation: run)
    if entry.attach(.task(task)) { task.cancel() }
    return task
  }

  /// A token for an effect or scope the registry will record, or for a finish observer.
  private func makeToken() -> EffectToken {
    EffectToken(tokens.add(1, ordering: .relaxed).oldValue)
  }

  /// Records `entry`, an effect whose task is about to be created (see
  /// `EffectStateMachine.reserve(_:token:)`); returns its token, or `nil`, recording nothing,
  /// once the registry is closed. `EffectEntry.attach(_:)` hands it the task.
  ///
  /// NB: recorded before its task exists, the effect is found by an effect on another thread
  /// that cancels its ID (`Task.cancel(id:)`, `cancelInFlight` of `withTaskCancellation`) while
  /// this one is being started, itself included; and it cannot finish before it is recorded,
  /// since the caller holds its body until then.
  @usableFromInline
  func reserve(_ entry: EffectEntry) -> EffectToken? {
    let token = makeToken()
    let (outcome, instrumentation) = state.withLock { machine in
      (machine.reserve(entry, token: token), machine.instrumentation)
    }
    guard outcome != .refused else { return nil }
    if let instrumentation, let info = entry.info {
      instrumentation.handler(.effectStarted(info))
    }
    return token
  }

  /// Makes room for `count` effects about to start in `group` (see
  /// `EffectStateMachine.reserveCapacity(forEffects:in:)`).
  @usableFromInline
  func reserveCapacity(forEffects count: Int, in group: ActionTree) {
    state.withLock { $0.reserveCapacity(forEffects: count, in: group) }
  }

  /// Receives effect events; see ``Store/instrumentation``.
  var instrumentation: StoreInstrumentation? {
    get { state.withLock { $0.instrumentation } }
    set { state.withLock { $0.instrumentation = newValue } }
  }

  /// A task of the store's own, started where `operation` is isolated, or on a test store's
  /// executor. (An effect's task is made by `effectTask`.)
  private func makeTask(
    priority: TaskPriority?, name: String?,
    operation: @escaping @isolated(any) @Sendable () async -> Void
  ) -> Task<Void, Never> {
    if let executor {
      return Task(
        name: name, executorPreference: executor, priority: priority, operation: operation)
    }
    return Task(name: name, priority: priority, operation: operation)
  }

  /// Records a `withTaskCancellation` scope under `key`; returns the token that ends it.
  package func register(
    _ key: CancelKey, cancelInFlight: Bool, cancel: @escaping @Sendable () -> Void
  ) -> EffectToken {
    let token = makeToken()
    perform(
      state.withLock { machine in
        machine.enterScope(
          key, cancelInFlight: cancelInFlight, handle: .cancel(cancel), token: token)
      })
    return token
  }

  package func unregister(_ token: EffectToken) {
    finish(token)
  }

  func finish(_ token: EffectToken) {
    testExecution?.record()
    let completion = state.withLock { $0.finish(token) }
    if let finished = completion.finished {
      completion.instrumentation?.handler(.effectFinished(finished))
    }
    for waiter in completion.waiters { waiter() }
    for observer in completion.observers { observer() }
  }

  /// Cancels the effects made cancellable with `key`, in its element and every element inside.
  @usableFromInline
  package func cancel(_ key: CancelKey) {
    perform(state.withLock { $0.cancel(key) })
  }

  /// Cancels the effects made cancellable with each of `keys`, in order, under one lock.
  @usableFromInline
  package func cancel(_ keys: [CancelKey]) {
    perform(state.withLock { $0.cancel(keys) })
  }

  /// Cancels every effect that runs inside the navigation element `path` (or deeper).
  @usableFromInline
  package func cancel(element path: NavigationPath) {
    perform(state.withLock { $0.cancel(element: path) })
  }

  /// Cancels the effects of the elements at `slot` that `keep` rejects (children their operator
  /// no longer holds).
  @usableFromInline
  package func cancelElements(in slot: ChildRegistryKey, except keep: (NavigationElement) -> Bool) {
    perform(state.withLock { $0.cancelElements(in: slot, except: keep) })
  }

  /// Cancels every effect of `group`, and any it starts later.
  package func cancel(_ group: ActionTree) {
    perform(state.withLock { $0.cancel(group) })
  }

  /// Suspends until every effect of `group` has finished.
  package func wait(for group: ActionTree) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isWaiting = state.withLock { machine in
        machine.wait(for: group) { continuation.resume() }
      }
      if !isWaiting { continuation.resume() }
    }
  }

  /// Whether `group` was cancelled, or every effect it started was.
  package func isCancelled(_ group: ActionTree) -> Bool {
    state.withLock { $0.isCancelled(group) }
  }

  /// Counts an action of `group` queued in the store as part of the group until ``release(_:)``.
  @usableFromInline
  package func retain(_ group: ActionTree) {
    state.withLock { $0.retain(group) }
  }

  /// Ends what ``retain(_:)`` started.
  @usableFromInline
  package func release(_ group: ActionTree) {
    let waiters = state.withLock { $0.release(group) }
    for waiter in waiters { waiter() }
  }

  /// Cancels every effect in flight; with `close`, effects started later are refused too.
  package func cancelAll(close: Bool) {
    perform(
      state.withLock { machine in
        machine.cancelAll(close: close)
      })
  }

  /// Reports the cancellations, then cancels the handles: outside the lock, since a cancelled
  /// task's handlers may run synchronously and call back into the registry.
  private func perform(_ cancellation: EffectStateMachine.Cancellation) {
    if let instrumentation = cancellation.instrumentation {
      for info in cancellation.cancelled { instrumentation.handler(.effectCancelled(info)) }
    }
    for handle in cancellation.handles { handle.cancel() }
  }

  /// How many entries the effect table has room for: it shrinks back when work ends.
  package var tableCapacity: Int {
    state.withLock { $0.entries.capacity }
  }

  /// Whether every table is empty: nothing in flight and nothing remembered (for tests).
  package var isEmpty: Bool {
    state.withLock { $0.isEmpty }
  }

  /// Whether any effect is in flight (cheaper than ``inFlight``).
  package var hasInFlight: Bool {
    state.withLock { state in state.entries.values.contains { $0.origin != nil } }
  }

  /// The effects in flight (not counting `withTaskCancellation` scopes inside them).
  package var inFlight: [Entry] {
    state.withLock { state in
      state.entries.sorted { $0.key < $1.key }.map(\.value).filter { $0.origin != nil }
    }
  }

  /// The tasks of the effects in flight.
  package var inFlightTasks: [Task<Void, Never>] {
    state.withLock { state in
      state.entries.values.compactMap {
        if case .task(let task) = $0.handle { return task }
        return nil
      }
    }
  }

  /// Calls `observer` (from any thread) each time an effect finishes, until removed.
  package func addFinishObserver(_ observer: @escaping @Sendable () -> Void) -> EffectToken {
    let token = makeToken()
    state.withLock { $0.addObserver(observer, token: token) }
    return token
  }

  package func removeFinishObserver(_ token: EffectToken) {
    state.withLock { $0.removeObserver(token) }
  }
}

/// What a task the store starts for itself runs (a concatenation's steps, a throttled effect's
/// wait), in one object its body captures. As with an effect's body (`EffectBody`), the task's
/// entry ends when the task releases it: its last step may run on the main actor, and ending it
/// there needs no hop back to the pool. It is made only once its entry is recorded, and always
/// gets a task.
final class OwnTaskBody: Sendable {
  let operation: @MainActor @Sendable () async -> Void
  let registry: EffectRegistry
  let token: EffectToken

  init(
    operation: @escaping @MainActor @Sendable () async -> Void, registry: EffectRegistry,
    token: EffectToken
  ) {
    self.operation = operation
    self.registry = registry
    self.token = token
  }

  deinit {
    registry.finish(token)
  }
}
