/// The store that owns the state, reduces every action, and starts the effects.
///
/// A small state machine: actions wait in a FIFO queue while one is being reduced, so an action
/// sent from a reducer's `.send`, from an effect, from a scoped store or from an observer during a
/// `send` is processed, in order, before that outer `send` returns.
@usableFromInline
package final class RootCore<R: Reducer>: StoreCore<R.State, R.Action> where R.Action: Sendable {
  @usableFromInline package typealias Action = R.Action

  @usableFromInline let reducer: R
  package let registry: EffectRegistry<Action>
  /// The dependencies every reducer call and effect of this store sees.
  @usableFromInline package let dependencies: UnsafeMutablePointer<DependencyValues>
  // NB: unchecked exclusivity: these are touched only on the main actor, by the send loop below,
  // which never holds an access across a call that could reach them again.
  @exclusivity(unchecked) @usableFromInline var queue: [Action] = []
  @exclusivity(unchecked) @usableFromInline var queueHead = 0
  @exclusivity(unchecked) @usableFromInline var isProcessing = false
  /// The send loop specialized for `R` by ``make(initialState:reducer:dependencies:executor:)``,
  /// which runs where `R` is concrete.
  @exclusivity(unchecked) @usableFromInline var specializedSend: (@MainActor (Action) -> StoreTask)?

  @usableFromInline
  init(
    initialState: R.State,
    reducer: R,
    dependencies: DependencyValues,
    executor: (any TaskExecutor)?
  ) {
    let registry = EffectRegistry<Action>(executor: executor)
    self.registry = registry
    self.reducer = reducer
    self.dependencies = .allocate(capacity: 1)
    self.dependencies.initialize(to: dependencies)
    super.init(
      root: StoreRoot(cancelEffects: { registry.cancelAll(close: false) }),
      initialState: initialState
    )
  }

  /// Creates a root core whose send loop is compiled for the concrete reducer at the call site.
  @inlinable
  package static func make(
    initialState: R.State,
    reducer: R,
    dependencies: DependencyValues,
    executor: (any TaskExecutor)? = nil
  ) -> RootCore {
    let core = RootCore(
      initialState: initialState, reducer: reducer, dependencies: dependencies,
      executor: executor
    )
    // NB: unowned(unsafe): the core owns this closure, so it is alive whenever it is called.
    core.specializedSend = { [unowned(unsafe) core] action in core.sendNow(action) }
    return core
  }

  isolated deinit {
    dependencies.deinitialize(count: 1)
    dependencies.deallocate()
  }

  override package func send(_ action: Action) -> StoreTask {
    if let specializedSend { return specializedSend(action) }
    return sendNow(action)
  }

  @inlinable
  final func sendNow(_ action: Action) -> StoreTask {
    if isProcessing {
      queue.append(action)
      return StoreTask()
    }
    var tasks: [Task<Void, Never>] = []
    isProcessing = true
    DependencyValues.withFrame(dependencies) {
      reduce(action, tasks: &tasks)
      drainQueue(tasks: &tasks)
    }
    isProcessing = false
    return StoreTask(tasks: tasks)
  }

  /// Reduces queued actions, then notifies observers (whose actions are queued too), until
  /// nothing is left.
  @inlinable
  final func drainQueue(tasks: inout [Task<Void, Never>]) {
    while true {
      while queueHead < queue.count {
        let next = queue[queueHead]
        queueHead += 1
        reduce(next, tasks: &tasks)
      }
      if queueHead > 0 {
        queue.removeAll(keepingCapacity: true)
        queueHead = 0
      }
      root.version &+= 1
      stateVersion = root.version
      if root.activeObservations > 0 { root.notifyDidProcess() }
      if queue.isEmpty { break }
    }
  }

  @inlinable
  final func reduce(_ action: Action, tasks: inout [Task<Void, Never>]) {
    let effect = reducer.reduce(into: &statePointer.pointee, action: action)
    if !effect.isNone {
      start(effect, origin: action, keys: [], tasks: &tasks)
    }
  }

  // MARK: Effects

  @usableFromInline
  func start(
    _ effect: Effect<Action>, origin: Action, keys: [CancelKey], tasks: inout [Task<Void, Never>]
  ) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      queue.append(action)
    case .run(let run):
      if let task = start(run, origin: origin, keys: keys) { tasks.append(task) }
    case .merge(let effects):
      for effect in effects { start(effect, origin: origin, keys: keys, tasks: &tasks) }
    case .concatenate(let effects):
      if let task = startConcatenation(effects, origin: origin, keys: keys) { tasks.append(task) }
    case .cancellable(let key, let cancelInFlight, let effect):
      if cancelInFlight { registry.cancel(key) }
      start(effect, origin: origin, keys: keys + [key], tasks: &tasks)
    case .cancel(let key):
      registry.cancel(key)
    case .cancelElement(let path):
      registry.cancel(element: path)
    }
  }

  private func start(_ run: RunEffect<Action>, origin: Action, keys: [CancelKey]) -> Task<
    Void, Never
  >? {
    let lifetime = EffectLifetime(site: run.site)
    let send = Send<Action>(lifetime: lifetime, deliver: deliver)
    var dependencies = run.dependencies
    dependencies.effectScope = EffectScope(registry: registry, path: run.path)
    let operation = run.operation
    let handler = run.handler
    let site = run.site
    return registry.start(
      keys: keys, path: run.path, origin: origin, site: site,
      priority: run.priority, name: run.name
    ) { [dependencies] in
      await DependencyValues.$taskLocal.withValue(dependencies) {
        do {
          try await operation(send)
        } catch {
          if error is CancellationError || Task.isCancelled {
            // Cancellation is how effects end; not worth a warning.
          } else if let handler {
            await handler(error, send)
          } else {
            Self.reportUnhandledError(error, origin: origin, site: site)
          }
        }
      }
      lifetime.finish()
    }
  }

  /// Starts a task that runs `effects` one after another; each one's tasks finish before the
  /// next one starts.
  private func startConcatenation(
    _ effects: [Effect<Action>], origin: Action, keys: [CancelKey]
  ) -> Task<Void, Never>? {
    registry.start(
      keys: keys, path: NavigationPath(), origin: origin, site: nil,
      priority: nil, name: nil
    ) { @MainActor [weak self] in
      for effect in effects {
        guard !Task.isCancelled, let self else { return }
        let tasks = self.startOutsideSend(effect, origin: origin, keys: keys)
        await StoreTask(tasks: tasks).finish()
      }
    }
  }

  /// Starts an effect outside a `send` (the next step of a concatenation).
  private func startOutsideSend(
    _ effect: Effect<Action>, origin: Action, keys: [CancelKey]
  ) -> [Task<Void, Never>] {
    var tasks: [Task<Void, Never>] = []
    if isProcessing {
      start(effect, origin: origin, keys: keys, tasks: &tasks)
      return tasks
    }
    isProcessing = true
    DependencyValues.withFrame(dependencies) {
      start(effect, origin: origin, keys: keys, tasks: &tasks)
      drainQueue(tasks: &tasks)
    }
    isProcessing = false
    return tasks
  }

  /// Where effects' actions arrive (built once: every effect's `Send` shares it).
  private lazy var deliver: @MainActor @Sendable (Action) -> Void = { [weak self] action in
    _ = self?.send(action)
  }

  nonisolated private static func reportUnhandledError(
    _ error: any Error, origin: Action, site: SourceSite
  ) {
    reportRuntimeWarning(
      """
      An effect threw an error that nothing handled.

        Action that started the effect:
      \(customDump(origin, indent: 4))
        Error:
      \(customDump(error, indent: 4))

      All non-cancellation errors must be handled: catch them inside the ".run" operation and \
      send an action, or pass a "catch:" handler to ".run" that does.
      """,
      at: site
    )
  }
}
