/// Every effect a root store has in flight: by token, by cancel key and by navigation element.
///
/// One registry belongs to each root store (scoped stores share their root's), so two stores, or
/// two tests running in parallel, never cancel each other's effects. Mutations happen under one
/// lock; cancelling tasks happens after it is released.
package final class EffectRegistry<Action: Sendable>: CancellationRegistry {
  package struct Entry: Sendable {
    var handle: Handle
    var keys: [CancelKey]
    var path: NavigationPath
    /// The action whose reducer started the effect; `nil` for `withTaskCancellation` scopes.
    package var origin: Action?
    package var site: SourceSite?
  }

  enum Handle: Sendable {
    case task(Task<Void, Never>)
    case cancel(@Sendable () -> Void)
    case pending

    func cancel() {
      switch self {
      case .task(let task): task.cancel()
      case .cancel(let cancel): cancel()
      case .pending: break
      }
    }
  }

  private struct State {
    var nextToken: UInt64 = 0
    var entries: [UInt64: Entry] = [:]
    var byKey: [CancelKey: [UInt64]] = [:]
    var byElement: [NavigationPath: [UInt64]] = [:]
    var isClosed = false
    var observers: [UInt64: @Sendable () -> Void] = [:]
    var throttles: [CancelKey: ThrottleState] = [:]

    func handles(for key: CancelKey) -> [Handle] {
      (byKey[key] ?? []).compactMap { entries[$0]?.handle }
    }

    mutating func insert(_ entry: Entry, token: UInt64) {
      entries[token] = entry
      for key in entry.keys { byKey[key, default: []].append(token) }
      if !entry.path.isEmpty {
        for prefix in entry.path.prefixes { byElement[prefix, default: []].append(token) }
      }
    }

    mutating func remove(_ token: UInt64) {
      guard let entry = entries.removeValue(forKey: token) else { return }
      for key in entry.keys { Self.remove(token, from: &byKey, at: key) }
      if !entry.path.isEmpty {
        for prefix in entry.path.prefixes { Self.remove(token, from: &byElement, at: prefix) }
      }
    }

    private static func remove<Key: Hashable>(
      _ token: UInt64, from index: inout [Key: [UInt64]], at key: Key
    ) {
      guard var tokens = index[key] else { return }
      tokens.removeAll { $0 == token }
      index[key] = tokens.isEmpty ? nil : tokens
    }
  }

  private let state = LockedState(State())
  /// Where effect tasks run: the global executor, or a test store's serial executor.
  package let executor: (any TaskExecutor)?

  package init(executor: (any TaskExecutor)? = nil) {
    self.executor = executor
  }

  /// Starts a task for an effect and records it; returns `nil` once the registry is closed.
  func start(
    keys: [CancelKey],
    cancelInFlight: [CancelKey],
    path: NavigationPath,
    origin: Action?,
    site: SourceSite?,
    priority: TaskPriority?,
    name: String?,
    operation: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never>? {
    let (task, cancelled) = state.withLock { state -> (Task<Void, Never>?, [Handle]) in
      guard !state.isClosed else { return (nil, []) }
      let cancelled = cancelInFlight.flatMap { state.handles(for: $0) }
      let token = state.nextToken
      state.nextToken += 1
      // NB: created under the lock, so the task cannot finish before it is recorded.
      let task = makeTask(priority: priority, name: name) { [self] in
        await operation()
        self.finish(token)
      }
      state.insert(
        Entry(handle: .task(task), keys: keys, path: path, origin: origin, site: site),
        token: token
      )
      return (task, cancelled)
    }
    for handle in cancelled { handle.cancel() }
    return task
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
    let (token, cancelled) = state.withLock { state -> (UInt64, [Handle]) in
      let cancelled = cancelInFlight ? state.handles(for: key) : []
      let token = state.nextToken
      state.nextToken += 1
      if state.isClosed {
        return (token, [.cancel(cancel)])
      }
      state.insert(
        Entry(handle: .cancel(cancel), keys: [key], path: key.path, origin: nil, site: nil),
        token: token
      )
      return (token, cancelled)
    }
    for handle in cancelled { handle.cancel() }
    return token
  }

  package func unregister(_ token: UInt64) { finish(token) }

  private func finish(_ token: UInt64) {
    let observers = state.withLock { state -> [@Sendable () -> Void] in
      state.remove(token)
      return Array(state.observers.values)
    }
    for observer in observers { observer() }
  }

  /// Cancels the effects made cancellable with `key`.
  package func cancel(_ key: CancelKey) {
    let handles = state.withLock { $0.handles(for: key) }
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
    let handles = state.withLock { state in
      (state.byElement[path] ?? []).compactMap { state.entries[$0]?.handle }
    }
    for handle in handles { handle.cancel() }
  }

  /// Cancels every effect in flight; with `close`, effects started later are refused too.
  package func cancelAll(close: Bool) {
    let handles = state.withLock { state in
      if close { state.isClosed = true }
      return state.entries.values.map(\.handle)
    }
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
      let token = state.nextToken
      state.nextToken += 1
      state.observers[token] = observer
      return token
    }
  }

  package func removeFinishObserver(_ token: UInt64) {
    _ = state.withLock { $0.observers.removeValue(forKey: token) }
  }
}
