import Synchronization

/// Starting effects: the store walks an effect's operations, starting a task for each `.run` in
/// the action tree (``ActionTree``) of the action that returned it.
extension RootCore {

  /// Starts `effect`; the tasks it starts itself (not those of actions it sends) are appended to
  /// `tasks` unless it is `nil` (a `send` does not need them). `group` is created the first time
  /// a task starts.
  ///
  /// NB: inlinable, as are the functions it calls to start a `.run` (and `Effect.run` itself):
  /// specialized in the module that defines the feature, starting an effect looks up no generic
  /// metadata at run time. Unspecialized, each effect took eight lookups in the runtime's
  /// metadata caches (`EffectBody<Action>`, `RunEffect<Action>` and the like).
  @inlinable
  func start(
    _ effect: Effect<Action>, origin: Action, keys: [CancelKey], group: inout ActionTree?,
    tasks: inout [Task<Void, Never>]?
  ) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      queue.append(QueuedAction(action, group: group, isRetained: false))
      if let recorder {
        recorder.enqueued(at: queue.count - 1, origin: .reducer(step: recorder.lastIndex))
      }
    case .sendWrapped(let action, let wrap):
      queue.append(QueuedAction(action, group: group, isRetained: false, wrap: wrap))
      if let recorder {
        recorder.enqueued(at: queue.count - 1, origin: .reducer(step: recorder.lastIndex))
      }
    case .run(let reference):
      if let task = start(reference.run, origin: origin, keys: keys, group: tree(&group)) {
        tasks?.append(task)
      }
    case .merge(let effects):
      // NB: effects started together at one place share one binding of their dependencies: it
      // is bound once around them all (see `startSharingBinding`), not once per task; and the
      // registry's tables make room for them at once.
      if effects.count > 1, sharedEffectBinding == nil, let first = effects[0].leadingOwnRun {
        registry.reserveCapacity(forEffects: effects.count, in: tree(&group))
        startSharingBinding(
          ownBinding(first.run), effects, origin: origin, keys: keys, group: &group, tasks: &tasks)
        return
      }
      startMerged(effects, origin: origin, keys: keys, group: &group, tasks: &tasks)
    case .concatenate(let effects, let path):
      // Leading steps that finish at once run now, as a merge of them would.
      var next = 0
      while next < effects.count, effects[next].isSynchronous {
        start(effects[next], origin: origin, keys: keys, group: &group, tasks: &tasks)
        next += 1
      }
      guard next < effects.count else { return }
      if let task = startStepping(
        through: Array(effects[next...]), path: path, origin: origin, keys: keys,
        group: tree(&group))
      {
        tasks?.append(task)
      }
    case .cancellable(let key, let cancelInFlight, let effect):
      if cancelInFlight { registry.cancel(key) }
      start(effect, origin: origin, keys: keys + [key], group: &group, tasks: &tasks)
    case .cancel(let key):
      registry.cancel(key)
    case .throttle(let throttle, let effect):
      startThrottled(
        effect, throttle: throttle, origin: origin, keys: keys, group: &group, tasks: &tasks)
    case .cancelElement(let path):
      registry.cancel(element: path)
      forgetThrottleWindows(inside: path)
    case .cancelElements(let parent, let operatorID, let keep):
      registry.cancelElements(
        in: ChildRegistryKey(parent: parent, operatorID: operatorID), except: keep.keeps)
    }
  }

  /// Where effects' actions arrive: made when the first effect starts, then shared by every
  /// effect's `Send`.
  ///
  /// NB: made lazily, not in `init`: it holds the store `weak`, and the first weak reference to
  /// an object moves its reference counts to a side table, which slows every later retain and
  /// release of it (a store that never starts an effect paid 130 instructions a `send`). Not a
  /// `lazy var`: its checked access cost every effect ~70 instructions.
  @inlinable
  var deliver: @MainActor @Sendable (Action, EffectEntry?) -> Void {
    if let delivery { return delivery }
    let made = makeDelivery()
    delivery = made
    return made
  }

  /// The function ``deliver`` returns.
  @usableFromInline
  func makeDelivery() -> @MainActor @Sendable (Action, EffectEntry?) -> Void {
    { [weak self] action, lifetime in
      guard let self else { return }
      if let recorder = self.recorder, let lifetime {
        recorder.current = recorder.origin(of: lifetime)
      }
      let wasDelivering = self.isDelivering
      self.isDelivering = true
      defer { self.isDelivering = wasDelivering }
      if let specializedDeliver = self.specializedDeliver {
        _ = specializedDeliver(action, lifetime?.group)
      } else {
        _ = self.sendNow(action, group: lifetime?.group)
      }
    }
  }

  /// Starts merged effects in order.
  @inlinable
  func startMerged(
    _ effects: [Effect<Action>], origin: Action, keys: [CancelKey], group: inout ActionTree?,
    tasks: inout [Task<Void, Never>]?
  ) {
    // NB: a run of merged `.cancel` effects is applied under one lock, in order, before the
    // next effect starts (which may reuse a cancelled ID): cancelling thousands of IDs at once
    // then takes the lock once, not once per ID while finishing effects contend for it.
    var cancelled: [CancelKey] = []
    for (index, effect) in effects.enumerated() {
      if case .cancel(let key) = effect.operation {
        // NB: room for the rest of the merge at once: grown one doubling at a time, the keys
        // were copied again at each (retaining their IDs and paths), ~100 instructions a key.
        if cancelled.capacity == 0 { cancelled.reserveCapacity(effects.count - index) }
        cancelled.append(key)
        continue
      }
      if !cancelled.isEmpty {
        registry.cancel(cancelled)
        cancelled.removeAll(keepingCapacity: true)
      }
      start(effect, origin: origin, keys: keys, group: &group, tasks: &tasks)
    }
    if !cancelled.isEmpty { registry.cancel(cancelled) }
  }

  /// Starts merged effects with `binding` bound around them all: each effect among them that
  /// would bind the same values creates its task inside it, inheriting it, instead of binding
  /// them for itself.
  ///
  /// NB: binding a task-local value and unbinding it cost ~600 instructions, which an effect
  /// paid on top of the task's copy of it; a `send` that starts several effects at one place
  /// now pays them once.
  @inlinable
  func startSharingBinding(
    _ binding: TaskDependencies, _ effects: [Effect<Action>], origin: Action, keys: [CancelKey],
    group: inout ActionTree?, tasks: inout [Task<Void, Never>]?
  ) {
    effectBinding = binding
    sharedEffectBinding = binding
    defer { sharedEffectBinding = nil }
    DependencyValues.withTaskBinding(binding) {
      startMerged(effects, origin: origin, keys: keys, group: &group, tasks: &tasks)
    }
  }

  /// The action tree effects of the current action join, made when the first one starts.
  @inlinable
  func tree(_ group: inout ActionTree?) -> ActionTree {
    if let group { return group }
    let made = ActionTree(registry: registry)
    group = made
    return made
  }

  @inlinable
  func start(
    _ run: RunEffect<Action>, origin: Action, keys: [CancelKey], group: ActionTree
  ) -> Task<Void, Never>? {
    // In a test store, an effect started by an action another effect sent begins one turn
    // later, so that the effect that sent it goes on first: a stream's next event is reduced
    // before what the new effect sends, as in TCA, whose effects start on the main actor and
    // hop once more to run.
    if _slowPath(isDelivering), registry.executor != nil {
      isDelivering = false
      defer { isDelivering = true }
      return start(run.afterAwaiting(yieldOnce), origin: origin, keys: keys, group: group)
    }
    let registry = self.registry
    let entry = EffectEntry(
      handle: .pending, keys: keys, path: run.path, origin: origin, site: run.site, group: group)
    guard registry.reserve(entry) != nil else { return nil }
    let send = Send<Action>(
      lifetime: entry, checks: family.categoryChecks, categories: actionCategories,
      deliver: deliver)
    let end = EffectEnd(entry: entry, registry: registry)
    holdEffectJobs()
    // NB: the task inherits the dependencies bound while it is created (see
    // `DependencyValues.taskBinding` for why by reference). Binding them inside the task would
    // save the two heap allocations in which a new task copies an inherited task-local value,
    // but the binding's end would then run after the operation, on the global executor: an
    // effect whose last step sent an action would hop off the main actor once more to end (see
    // `effectTask`). Effects started with the same dependencies at the same place share one
    // binding.
    let task: Task<Void, Never>
    switch run.work {
    case .own(let operation, let handler):
      let binding = ownBinding(run)
      effectBinding = binding
      let body = EffectBody(operation: operation, handler: handler, send: send, end: end)
      if binding === sharedEffectBinding {
        task = effectTask(body, name: run.name, priority: run.priority, executor: registry.executor)
      } else {
        task = DependencyValues.withTaskBinding(binding) {
          effectTask(body, name: run.name, priority: run.priority, executor: registry.executor)
        }
      }
    case .child(let work):
      var dependencies = run.dependencies
      dependencies.runtime.effect = EffectContext(registry: registry, path: run.path)
      task = work.task(
        send: send, dependencies: &dependencies, end: end, name: run.name,
        priority: run.priority, executor: registry.executor
      ) { dependencies in
        let binding = TaskDependencies.reused(forEffect: effectBinding, dependencies)
        effectBinding = binding
        return binding
      }
    }
    if entry.attach(.task(task)) { task.cancel() }
    return task
  }

  /// The binding for an effect that runs with the dependencies its `.run` captured: the last
  /// effect's while it holds them (checked without copying them), else a new one.
  @inlinable
  func ownBinding(_ run: RunEffect<Action>) -> TaskDependencies {
    if let binding = effectBinding,
      binding.isEffectBinding(of: run.dependencies, registry: registry, path: run.path)
    {
      return binding
    }
    var dependencies = run.dependencies
    dependencies.runtime.effect = EffectContext(registry: registry, path: run.path)
    return TaskDependencies(dependencies)
  }

  /// Starts a task, in the navigation element at `path`, that runs `effects` one after another:
  /// each step's own tasks finish before the next step starts, and a step that ends cancelled
  /// ends the concatenation.
  @usableFromInline
  func startStepping(
    through effects: [Effect<Action>], path: NavigationPath, origin: Action, keys: [CancelKey],
    group: ActionTree
  ) -> Task<Void, Never>? {
    registry.start(
      keys: keys, path: path, origin: origin, group: group, priority: nil, name: nil
    ) { @MainActor [weak self] in
      for effect in effects {
        guard !Task.isCancelled, let self else { return }
        let tasks = self.startOutsideSend(effect, origin: origin, keys: keys, group: group)
        await withTaskCancellationHandler {
          for task in tasks { await task.value }
        } onCancel: {
          for task in tasks { task.cancel() }
        }
        if tasks.contains(where: \.isCancelled) { return }
      }
    }
  }

  /// Starts an effect outside a `send` (a step of a concatenation, a throttled effect whose
  /// window ended), reducing what it sends at once; returns the tasks it started itself.
  func startOutsideSend(
    _ effect: Effect<Action>, origin: Action, keys: [CancelKey], group: ActionTree
  ) -> [Task<Void, Never>] {
    var tasks: [Task<Void, Never>]? = []
    var tree: ActionTree? = group
    if isProcessing {
      start(effect, origin: origin, keys: keys, group: &tree, tasks: &tasks)
      return tasks ?? []
    }
    isProcessing = true
    let run = {
      DependencyValues.withFrame(self.dependencies) {
        self.start(effect, origin: origin, keys: keys, group: &tree, tasks: &tasks)
        self.drainQueue(tree: &tree)
      }
    }
    if bindsDependenciesForTasks {
      DependencyValues.withTaskBinding(boundDependencies(), run)
    } else {
      run()
    }
    isProcessing = false
    if holdsEffectJobs { releaseEffectJobs() }
    return tasks ?? []
  }
}
