import Synchronization

/// Every effect a root store has in flight: by token, by cancel key and by navigation element.
///
/// One registry belongs to each root store (scoped stores share their root's), so two stores, or
/// two tests running in parallel, never cancel each other's effects. Mutations happen under one
/// lock; cancelling tasks happens after it is released.
package final class EffectRegistry<Action: Sendable>: CancellationRegistry {
  package typealias Entry = EffectEntry

  private let state = LockedState(EffectTable())
  /// Issues tokens for effects, cancellation scopes and observers.
  private let tokens = Atomic<UInt64>(0)
  /// Mirrors `State.isClosed`, to refuse new effects without taking the lock.
  private let isClosed = Atomic(false)
  /// Where effect tasks run: the global executor, or a test store's serial executor.
  package let executor: (any TaskExecutor)?

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
    origin: Action?,
    site: SourceSite?,
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
    let (isRecorded, finishedEarly, instrumentation) = state.withLock { state in
      if state.finishedEarly.remove(token) != nil { return (true, true, state.instrumentation) }
      guard !state.isClosed else { return (false, false, nil) }
      state.insert(
        EffectEntry(handle: .task(task), keys: keys, path: path, origin: origin, site: site),
        token: token
      )
      return (true, false, state.instrumentation)
    }
    guard isRecorded else {
      task.cancel()
      return nil
    }
    if let instrumentation, let origin {
      let info = EffectInfo(
        id: token, action: origin, fileID: site?.fileID ?? "", line: site?.line ?? 0)
      instrumentation.handler(.effectStarted(info))
      if finishedEarly { instrumentation.handler(.effectFinished(info)) }
    }
    return task
  }

  /// Receives effect events; see ``Store/instrumentation``.
  var instrumentation: StoreInstrumentation? {
    get { state.withLock { $0.instrumentation } }
    set { state.withLock { $0.instrumentation = newValue } }
  }

  /// Reports `events` to the instrumentation, outside the lock.
  private func report(_ events: [StoreEvent], to instrumentation: StoreInstrumentation?) {
    guard let instrumentation else { return }
    for event in events { instrumentation.handler(event) }
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
    let (token, cancelled) = state.withLock { state -> (UInt64, [EffectHandle]) in
      let cancelled = cancelInFlight ? state.handles(for: key) : []
      let token = tokens.add(1, ordering: .relaxed).oldValue
      if state.isClosed {
        return (token, [.cancel(cancel)])
      }
      state.insert(
        EffectEntry(handle: .cancel(cancel), keys: [key], path: key.path, origin: nil, site: nil),
        token: token
      )
      return (token, cancelled)
    }
    for handle in cancelled { handle.cancel() }
    return token
  }

  package func unregister(_ token: UInt64) {
    let observers = state.withLock { state -> [@Sendable () -> Void] in
      state.remove(token)
      return state.observers.isEmpty ? [] : Array(state.observers.values)
    }
    for observer in observers { observer() }
  }

  private func finish(_ token: UInt64) {
    let (observers, finished, instrumentation) = state.withLock { state in
      let finished = state.instrumentation == nil ? nil : state.effectInfo(token)
      if state.entries[token] == nil {
        state.finishedEarly.insert(token)
      } else {
        state.remove(token)
      }
      let observers = state.observers.isEmpty ? [] : Array(state.observers.values)
      return (observers, finished, state.instrumentation)
    }
    if let finished { report([.effectFinished(finished)], to: instrumentation) }
    for observer in observers { observer() }
  }

  /// Cancels the effects made cancellable with `key`.
  package func cancel(_ key: CancelKey) {
    let (handles, cancelled, instrumentation) = state.withLock { state in
      (
        state.handles(for: key), state.cancelledEffects(state.byKey[key] ?? []),
        state.instrumentation
      )
    }
    report(cancelled.map(StoreEvent.effectCancelled), to: instrumentation)
    for handle in handles { handle.cancel() }
  }

  package func throttle(
    _ key: CancelKey, instance: CancelKey, now: any InstantProtocol<Duration>,
    interval: Duration, latest: Bool
  ) -> ThrottleDecision {
    let (decision, cancelled) = state.withLock { state -> (ThrottleDecision, CancelKey?) in
      guard var throttle = state.throttles[key] else {
        state.throttles[key] = ThrottleState(lastRun: now, pending: nil)
        return (.runNow, nil)
      }
      defer { state.throttles[key] = throttle }
      return throttle.decide(instance: instance, now: now, interval: interval, latest: latest)
    }
    if let cancelled { cancel(cancelled) }
    return decision
  }

  package func throttleDidRun(
    _ key: CancelKey, instance: CancelKey, at now: any InstantProtocol<Duration>
  ) {
    state.withLock { state in
      guard state.throttles[key]?.pending == instance else { return }
      state.throttles[key] = ThrottleState(lastRun: now, pending: nil)
    }
  }

  /// Cancels every effect that runs inside the navigation element `path` (or deeper).
  package func cancel(element path: NavigationPath) {
    let (handles, cancelled, instrumentation) = state.withLock { state in
      let tokens = state.byElement[path] ?? []
      return (
        tokens.compactMap { state.entries[$0]?.handle }, state.cancelledEffects(tokens),
        state.instrumentation
      )
    }
    report(cancelled.map(StoreEvent.effectCancelled), to: instrumentation)
    for handle in handles { handle.cancel() }
  }

  /// Cancels every effect in flight; with `close`, effects started later are refused too.
  package func cancelAll(close: Bool) {
    let (handles, cancelled, instrumentation) = state.withLock { state in
      if close {
        state.isClosed = true
        isClosed.store(true, ordering: .releasing)
      }
      return (
        state.entries.values.map(\.handle),
        state.instrumentation == nil ? [] : state.cancelledEffects(state.entries.keys.sorted()),
        state.instrumentation
      )
    }
    report(cancelled.map(StoreEvent.effectCancelled), to: instrumentation)
    for handle in handles { handle.cancel() }
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
