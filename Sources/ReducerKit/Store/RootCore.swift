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

  /// Where the store was created, for warnings about the store as a whole.
  let site: SourceSite?

  @usableFromInline
  init(
    initialState: R.State,
    reducer: R,
    dependencies: DependencyValues,
    executor: (any TaskExecutor)?,
    site: SourceSite?
  ) {
    self.site = site
    let registry = EffectRegistry<Action>(executor: executor)
    self.registry = registry
    self.reducer = reducer
    self.dependencies = .allocate(capacity: 1)
    self.dependencies.initialize(to: dependencies)
    super.init(
      root: StoreRoot(
        cancelEffects: { registry.cancelAll(close: false) },
        setEffectInstrumentation: { registry.instrumentation = $0 }
      ),
      initialState: initialState
    )
  }

  /// Creates a root core whose send loop is compiled for the concrete reducer at the call site.
  @inlinable
  package static func make(
    initialState: R.State,
    reducer: R,
    dependencies: DependencyValues,
    executor: (any TaskExecutor)? = nil,
    site: SourceSite? = nil
  ) -> RootCore {
    let core = RootCore(
      initialState: initialState, reducer: reducer, dependencies: dependencies,
      executor: executor, site: site
    )
    // NB: unowned(unsafe): the core owns this closure, so it is alive whenever it is called.
    core.specializedSend = { [unowned(unsafe) core] action in core.sendNow(action) }
    return core
  }

  isolated deinit {
    dependencies.deinitialize(count: 1)
    dependencies.deallocate()
  }

  /// Sends an action to this root (from an effect, or a store made without `make`).
  package func send(_ action: Action) -> StoreTask {
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
      if queue.isEmpty, root.activeObservations == 0 {
        // The common case, without the queue's loop: nothing queued, nobody to notify.
        root.version &+= 1
        stateVersion = root.version
      } else {
        drainQueue(tasks: &tasks)
      }
    }
    isProcessing = false
    return StoreTask(tasks: tasks)
  }

  /// Reduces queued actions, then notifies observers (whose actions are queued too), until
  /// nothing is left.
  @inlinable
  final func drainQueue(tasks: inout [Task<Void, Never>]) {
    var processed = 0
    var isLooping = false
    while true {
      while queueHead < queue.count {
        let next = queue[queueHead]
        queueHead += 1
        processed += 1
        guard processed <= Self.synchronousActionLimit else {
          isLooping = true
          reportSynchronousLoop(last: next)
          break
        }
        reduce(next, tasks: &tasks)
      }
      if queueHead > 0 || isLooping {
        queue.removeAll(keepingCapacity: !isLooping)
        queueHead = 0
      }
      root.version &+= 1
      stateVersion = root.version
      if root.activeObservations > 0 { root.notifyDidProcess() }
      // NB: once looping, what observers send now is dropped too, or the loop would go on.
      if isLooping { queue.removeAll() }
      if queue.isEmpty { break }
    }
  }

  @inlinable @inline(__always)
  final func reduce(_ action: Action, tasks: inout [Task<Void, Never>]) {
    let effect: Effect<Action>
    if root.isInstrumented {
      effect = reduceInstrumented(action)
    } else {
      effect = reducer.reduce(into: &statePointer.pointee, action: action)
    }
    if !effect.isNone {
      start(effect, origin: action, keys: [], tasks: &tasks)
    }
  }

  /// How many actions one `send` may queue (by `.send`, or from observers) before the store
  /// decides it is looping.
  @usableFromInline static var synchronousActionLimit: Int { 100_000 }

  @usableFromInline
  final func reportSynchronousLoop(last action: Action) {
    let site =
      self.site ?? SourceSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    reportRuntimeWarning(
      """
      A single "send" queued more than \(Self.synchronousActionLimit) actions; the store \
      stopped and dropped the rest of them.

        Last action:
      \(customDump(action, indent: 4))

      A reducer returned ".send" of an action whose reducer sends again, in a cycle. Break the \
      cycle: return ".none" once the work is done, or decide on a condition in the state.

      An observer of the store sent an action each time it was notified, and the action changed \
      what it observes. Send from an observer only when the state it reads calls for it.
      """,
      at: site
    )
  }

  @usableFromInline
  final func reduceInstrumented(_ action: Action) -> Effect<Action> {
    let start = ContinuousClock.now
    let effect = reducer.reduce(into: &statePointer.pointee, action: action)
    root.instrumentation?.handler(
      .actionReduced(action: action, duration: ContinuousClock.now - start))
    return effect
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
