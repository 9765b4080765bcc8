import Synchronization

/// Every effect a root store has in flight: by token, by cancel key, by navigation element and by
/// the action tree (``EffectGroup``) it belongs to.
///
/// One registry belongs to each root store (scoped stores share their root's), so two stores, or
/// two tests running in parallel, never cancel each other's effects. Mutations happen under one
/// lock; cancelling tasks and resuming waiters happen after it is released.
@usableFromInline
package final class EffectRegistry: Sendable {
  package typealias Entry = EffectEntry

  private let state = LockedState(EffectTable())
  /// Issues tokens for effects, cancellation scopes and observers.
  private let tokens = Atomic<UInt64>(0)
  /// Mirrors `EffectTable.isClosed`, to refuse new effects without taking the lock.
  private let isClosed = Atomic(false)
  /// Where effect tasks run: the global executor, or a test store's serial executor.
  package let executor: (any TaskExecutor)?
  /// Which navigation elements have effects in flight, for operators to read without the lock.
  package let summary = LiveElementSummary()

  package init(executor: (any TaskExecutor)? = nil) {
    self.executor = executor
  }

  /// Starts a task for an effect and records it; returns `nil` once the registry is closed.
  ///
  /// NB: the task is created outside the lock and recorded after: creating a task can wake a
  /// worker thread (a system call), and effects finishing on other threads must not wait for
  /// that. A task that finishes before it is recorded leaves its token in `finishedEarly`, so
  /// it is never recorded; one started as the registry closes is cancelled at once.
  func start(
    keys: [CancelKey],
    path: NavigationPath,
    origin: (any Sendable)?,
    site: SourceSite?,
    group: EffectGroup?,
    priority: TaskPriority?,
    name: String?,
    operation: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never>? {
    guard !isClosed.load(ordering: .acquiring) else { return nil }
    let token = tokens.add(1, ordering: .relaxed).oldValue
    let task = makeTask(priority: priority, name: name) { [self] in
      await operation()
      self.finish(token)
    }
    let summary = self.summary
    let (outcome, instrumentation) = state.withLock {
      state -> (StartOutcome, StoreInstrumentation?) in
      if state.finishedEarly.remove(token) != nil {
        if let group { group.started += 1 }
        return (.finishedEarly, state.instrumentation)
      }
      guard !state.isClosed else {
        state.abandoned.insert(token)
        return (.refused, nil)
      }
      let isCancelled = group?.isCancelRequested ?? false
      state.insert(
        EffectEntry(
          handle: .task(task), keys: keys, path: path, origin: origin, site: site, group: group,
          isCancelled: isCancelled
        ),
        token: token, summary: summary
      )
      return (isCancelled ? .recordedCancelled : .recorded, state.instrumentation)
    }
    switch outcome {
    case .refused, .recordedCancelled: task.cancel()
    case .recorded, .finishedEarly: break
    }
    guard outcome != .refused else { return nil }
    if let instrumentation, let origin {
      let info = EffectInfo(
        id: token, action: origin, fileID: site?.fileID ?? "", line: site?.line ?? 0)
      instrumentation.handler(.effectStarted(info))
      if outcome == .finishedEarly { instrumentation.handler(.effectFinished(info)) }
    }
    return task
  }

  private enum StartOutcome { case recorded, recordedCancelled, finishedEarly, refused }

  /// Receives effect events; see ``Store/instrumentation``.
  var instrumentation: StoreInstrumentation? {
    get { state.withLock { $0.instrumentation } }
    set { state.withLock { $0.instrumentation = newValue } }
  }

  private func makeTask(
    priority: TaskPriority?, name: String?, operation: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    if let executor {
      return Task(
        name: name, executorPreference: executor, priority: priority, operation: operation)
    }
    return Task(name: name, priority: priority, operation: operation)
  }

  package func register(
    _ key: CancelKey, cancelInFlight: Bool, cancel: @escaping @Sendable () -> Void
  ) -> UInt64 {
    let summary = self.summary
    let token = tokens.add(1, ordering: .relaxed).oldValue
    let cancelled = state.withLock { state -> [EffectHandle] in
      if state.isClosed { return [.cancel(cancel)] }
      let cancelled = cancelInFlight ? state.cancel(state.byKey[key] ?? []) : []
      state.insert(
        EffectEntry(handle: .cancel(cancel), keys: [key], path: key.path, origin: nil, site: nil),
        token: token, summary: summary
      )
      return cancelled
    }
    for handle in cancelled { handle.cancel() }
    return token
  }

  package func unregister(_ token: UInt64) {
    finish(token)
  }

  private func finish(_ token: UInt64) {
    let summary = self.summary
    typealias Outcome = (
      observers: [@Sendable () -> Void], finished: EffectInfo?,
      instrumentation: StoreInstrumentation?, waiters: [CheckedContinuation<Void, Never>]
    )
    let (observers, finished, instrumentation, waiters) = state.withLock { state -> Outcome in
      if state.abandoned.remove(token) != nil { return ([], nil, nil, []) }
      let finished = state.instrumentation == nil ? nil : state.effectInfo(token)
      var waiters: [CheckedContinuation<Void, Never>] = []
      if let (_, resumed) = state.remove(token, summary: summary) {
        waiters = resumed
      } else {
        state.finishedEarly.insert(token)
      }
      let observers = state.observers.isEmpty ? [] : Array(state.observers.values)
      return (observers, finished, state.instrumentation, waiters)
    }
    if let finished { report([.effectFinished(finished)], to: instrumentation) }
    for waiter in waiters { waiter.resume() }
    for observer in observers { observer() }
  }

  /// Cancels the effects made cancellable with `key`, in its element and every element inside.
  package func cancel(_ key: CancelKey) {
    cancel { state in state.byKey[key] ?? [] }
  }

  /// Cancels every effect that runs inside the navigation element `path` (or deeper).
  package func cancel(element path: NavigationPath) {
    cancel { state in state.tokens(inElement: path) }
  }

  /// Cancels the effects of the elements at `slot` that `keep` rejects (children their operator
  /// no longer holds).
  package func cancelElements(in slot: ChildSlot, except keep: (NavigationElement) -> Bool) {
    cancel { state in state.tokens(in: slot, except: keep) }
  }

  /// Cancels every effect of `group`, and any it starts later.
  package func cancel(_ group: EffectGroup) {
    cancel { state in
      group.isCancelRequested = true
      return group.tokens
    }
  }

  private func cancel(_ tokens: (inout EffectTable) -> some Sequence<UInt64>) {
    let (handles, cancelled, instrumentation) = state.withLock { state in
      let tokens = Array(tokens(&state))
      return (state.cancel(tokens), state.cancelledEffects(tokens), state.instrumentation)
    }
    report(cancelled.map(StoreEvent.effectCancelled), to: instrumentation)
    for handle in handles { handle.cancel() }
  }

  /// Suspends until every effect of `group` has finished.
  package func wait(for group: EffectGroup) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let isDone = state.withLock { _ -> Bool in
        guard group.live > 0 else { return true }
        group.waiters.append(continuation)
        return false
      }
      if isDone { continuation.resume() }
    }
  }

  /// Whether `group` was cancelled, or every effect it started was.
  package func isCancelled(_ group: EffectGroup) -> Bool {
    state.withLock { _ in group.isCancelRequested || group.started == group.cancelled }
  }

  /// Counts an action of `group` queued in the store as part of the group until ``release(_:)``.
  @usableFromInline
  package func retain(_ group: EffectGroup) {
    state.withLock { _ in group.live += 1 }
  }

  /// Ends what ``retain(_:)`` started.
  @usableFromInline
  package func release(_ group: EffectGroup) {
    let waiters = state.withLock { _ in group.leave() }
    for waiter in waiters { waiter.resume() }
  }

  /// Cancels every effect in flight; with `close`, effects started later are refused too.
  package func cancelAll(close: Bool) {
    let (handles, cancelled, instrumentation) = state.withLock { state in
      if close {
        state.isClosed = true
        isClosed.store(true, ordering: .releasing)
      }
      let tokens = state.entries.keys.sorted()
      return (state.cancel(tokens), state.cancelledEffects(tokens), state.instrumentation)
    }
    report(cancelled.map(StoreEvent.effectCancelled), to: instrumentation)
    for handle in handles { handle.cancel() }
  }

  /// Reports `events` to the instrumentation, outside the lock.
  private func report(_ events: [StoreEvent], to instrumentation: StoreInstrumentation?) {
    guard let instrumentation else { return }
    for event in events { instrumentation.handler(event) }
  }

  /// How many entries the effect table has room for: it shrinks back when work ends.
  package var tableCapacity: Int {
    state.withLock { $0.entries.capacity }
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
  package func addFinishObserver(_ observer: @escaping @Sendable () -> Void) -> UInt64 {
    state.withLock { state in
      let token = tokens.add(1, ordering: .relaxed).oldValue
      state.observers[token] = observer
      return token
    }
  }

  package func removeFinishObserver(_ token: UInt64) {
    _ = state.withLock { $0.observers.removeValue(forKey: token) }
  }
}
