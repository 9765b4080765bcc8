/// The store that owns the state, reduces every action, and starts the effects.
///
/// A small state machine: actions wait in a FIFO queue while one is being reduced, so an action
/// sent from a reducer's `.send`, from an effect, from a scoped store or from an observer during a
/// `send` is processed, in order, before that outer `send` returns. Every effect belongs to the
/// ``ActionTree`` of the action tree that caused it (see ``StoreTask``).
@usableFromInline
package final class RootCore<R: Reducer>: StoreCore<R.State, R.Action> where R.Action: Sendable {
  @usableFromInline package typealias Action = R.Action

  /// An action waiting to be reduced, with the action tree it belongs to (`nil`: the tree of the
  /// `send` that processes the queue).
  @usableFromInline
  struct QueuedAction {
    @usableFromInline let action: Action
    @usableFromInline let group: ActionTree?
    /// Whether the group counts this action as live until it is reduced.
    @usableFromInline let isRetained: Bool
    /// What the action is reduced inside, if anything (``Effect/send(_:animation:)``).
    @usableFromInline let wrap: DeliveryWrapper?

    @inlinable
    init(_ action: Action, group: ActionTree?, isRetained: Bool, wrap: DeliveryWrapper? = nil) {
      self.action = action
      self.group = group
      self.isRetained = isRetained
      self.wrap = wrap
    }
  }

  @usableFromInline let reducer: R
  @usableFromInline package let registry: EffectRegistry
  /// The dependencies every reducer call and effect of this store sees.
  @usableFromInline package let dependencies: UnsafeMutablePointer<DependencyValues>
  // NB: unchecked exclusivity: these are touched only on the main actor, by the send loop below,
  // which never holds an access across a call that could reach them again. Releasing actions can
  // (a payload's deinitializer may send to the store), so processed actions are moved out to
  // `drained` and released there, while `queue` takes what such a send appends.
  @exclusivity(unchecked) @usableFromInline var queue: [QueuedAction] = []
  @exclusivity(unchecked) @usableFromInline var drained: [QueuedAction] = []
  @exclusivity(unchecked) @usableFromInline var queueHead = 0
  @exclusivity(unchecked) @usableFromInline var isProcessing = false
  /// The send loop specialized for `R` by ``make(initialState:reducer:dependencies:executor:site:)``,
  /// which runs where `R` is concrete; the second one takes the action tree an effect's action
  /// belongs to.
  @exclusivity(unchecked) @usableFromInline var specializedSend: (@MainActor (Action) -> StoreTask)?
  @exclusivity(unchecked) @usableFromInline var specializedDeliver:
    (@MainActor (Action, ActionTree?) -> StoreTask)?
  /// The open throttle windows, by throttle key (see `EffectInterpreter+Throttle.swift`).
  @exclusivity(unchecked) var throttleWindows: [CancelKey: ThrottleWindow<Action>] = [:]
  @exclusivity(unchecked) var nextThrottleID: UInt64 = 0
  /// Whether the store is reducing an action an effect sent (see `start(_:origin:keys:group:)`).
  @exclusivity(unchecked) @usableFromInline var isDelivering = false
  /// The session recording in progress, if any (see ``Store/startRecording(limit:)``).
  @exclusivity(unchecked) @usableFromInline var recorder: SessionRecorder<R.State, Action>?

  /// Where the store was created, for warnings about the store as a whole.
  let site: SourceSite?
  /// Whether reducers run with the store's dependencies bound for the task too, so that a
  /// `Task { }` a reducer creates sees them. Only stores whose dependencies differ from those of
  /// the code that sends to them need it: binding a task-local costs ~100 ns.
  @usableFromInline let bindsDependenciesForTasks: Bool
  /// The dependencies as last bound for tasks, kept to bind again while they do not change.
  @exclusivity(unchecked) @usableFromInline var taskBinding: TaskDependencies?
  /// The dependencies as last bound for an effect's task, kept likewise (see
  /// `TaskDependencies.reused(forEffect:_:)`).
  @usableFromInline
  @exclusivity(unchecked) var effectBinding: TaskDependencies?
  /// The effect binding bound around the merged effects being started, if any (see
  /// `startSharingBinding`): effects that would bind it again inherit it instead.
  @usableFromInline
  @exclusivity(unchecked) var sharedEffectBinding: TaskDependencies?
  /// Where the first jobs of effects' tasks wait until the `send` that started them returns
  /// (see `EffectTaskExecutor`), made the first time an effect starts.
  @exclusivity(unchecked) @usableFromInline var jobBatch: EffectJobBatch?
  /// Whether this store's batch is open, so that the current `send` closes it.
  @exclusivity(unchecked) @usableFromInline var holdsEffectJobs = false
  /// The categories of the store's actions, for the `Send` of each effect (looked up once: the
  /// lookup takes a process-wide lock).
  @usableFromInline
  let actionCategories: ActionCategories?

  @usableFromInline
  init(
    initialState: R.State,
    reducer: R,
    dependencies: DependencyValues,
    executor: (any TaskExecutor)?,
    site: SourceSite?
  ) {
    self.site = site
    actionCategories = ActionCategories.of(R.Action.self)
    // NB: a store made inside `withMainSerialExecutor`, or in a test that routes every task to
    // the main queue, runs its effects on that test's serial executor, which test clocks wait
    // for, as every task of such a test runs there in TCA.
    let registry = EffectRegistry(executor: executor ?? TestExecution.ambientExecutor)
    self.registry = registry
    self.reducer = reducer
    var dependencies = dependencies
    dependencies.runtime.liveElements = registry.summary
    bindsDependenciesForTasks =
      dependencies.storage !== DependencyStorage.empty || dependencies.storedContext != nil
    self.dependencies = .allocate(capacity: 1)
    self.dependencies.initialize(to: dependencies)
    super.init(
      family: StoreTree(
        site: site,
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
    // NB: unowned(unsafe): the core owns these closures, so it is alive whenever they are called.
    core.specializedSend = { [unowned(unsafe) core] action in core.sendNow(action, group: nil) }
    core.specializedDeliver = { [unowned(unsafe) core] action, group in
      core.sendNow(action, group: group)
    }
    return core
  }

  override func startRecording(limit: Int) -> SessionRecording<R.State, Action>? {
    if let recorder { recorder.recording.stop() }
    let recording = SessionRecording<R.State, Action>(
      initialState: statePointer.pointee, limit: limit, tracksSharedValues: true,
      declaredDependencies: DeclaredDependencies.of(reducer),
      feature: (R.self as? any RecordedAsItsBase.Type)?.recordedFeatureType ?? R.self)
    let recorder = SessionRecorder(recording: recording)
    self.recorder = recorder
    family.recordingInstrumentation = recorder.effectInstrumentation
    recording.attach { [weak self] in
      guard let self, self.recorder === recorder else { return }
      self.recorder = nil
      self.family.recordingInstrumentation = nil
    }
    return recording
  }

  isolated deinit {
    dependencies.deinitialize(count: 1)
    dependencies.deallocate()
    snapshot?.deinitialize(count: 1)
    snapshot?.deallocate()
  }

  /// A copy of the state made for a read during a reducer (see ``stateDuringReduce(_:)``).
  private var snapshot: UnsafeMutablePointer<R.State>?

  /// A copy of the state as it is part-way through an action, with every enum payload that a
  /// child is changing in place put back into its enum, so the copy is a valid value.
  override func stateDuringReduce(_ api: StaticString) -> UnsafePointer<R.State> {
    reportReadDuringReduce(api)
    let copy = InPlaceProjections.withConsistentMemory { statePointer.pointee }
    if let snapshot {
      snapshot.pointee = copy
      return UnsafePointer(snapshot)
    }
    let made = UnsafeMutablePointer<R.State>.allocate(capacity: 1)
    made.initialize(to: copy)
    snapshot = made
    return UnsafePointer(made)
  }

  /// Sends an action to this root (from a store made without `make`).
  package func send(_ action: Action) -> StoreTask {
    if let specializedSend { return specializedSend(action) }
    return sendNow(action, group: nil)
  }

  /// Reduces `action` and everything it causes synchronously; its effects join `group` (an
  /// effect's action tree), or a new tree when `group` is `nil`.
  @inlinable
  final func sendNow(_ action: Action, group: ActionTree?) -> StoreTask {
    if isProcessing {
      if let group { registry.retain(group) }
      queue.append(QueuedAction(action, group: group, isRetained: group != nil))
      if let recorder { recorder.enqueued(at: queue.count - 1) }
      return StoreTask()
    }
    // NB: an effect's action arrives in a task that has the dependencies bound already.
    if bindsDependenciesForTasks, group == nil {
      return DependencyValues.withTaskBinding(boundDependencies()) { process(action, group: nil) }
    }
    return process(action, group: group)
  }

  /// The store's dependencies, boxed for binding to tasks; the same box while they are unchanged.
  @usableFromInline
  final func boundDependencies() -> TaskDependencies {
    let binding = TaskDependencies.reused(taskBinding, for: dependencies.pointee)
    taskBinding = binding
    return binding
  }

  /// Reduces `action` and what it causes, when no other action is being processed.
  @inlinable @inline(__always)
  final func process(_ action: Action, group: ActionTree?) -> StoreTask {
    var tree = group
    isProcessing = true
    DependencyValues.withFrame(dependencies) {
      reduce(action, group: &tree)
      if queue.isEmpty, family.activeObservations == 0 {
        // The common case, without the queue's loop: nothing queued, nobody to notify.
        family.version &+= 1
        stateVersion = family.version
      } else {
        drainQueue(tree: &tree)
      }
    }
    isProcessing = false
    if holdsEffectJobs { releaseEffectJobs() }
    return StoreTask(group: tree)
  }

  /// Reduces queued actions, then notifies observers (whose actions are queued too), until
  /// nothing is left. Actions without a tree of their own join `tree`.
  @inlinable
  final func drainQueue(tree: inout ActionTree?) {
    var processed = 0
    var isLooping = false
    while true {
      while queueHead < queue.count {
        let next = queue[queueHead]
        queueHead += 1
        processed += 1
        if let recorder { recorder.dequeued(at: queueHead - 1) }
        guard processed <= Self.synchronousActionLimit else {
          isLooping = true
          reportSynchronousLoop(last: next.action)
          break
        }
        if let wrap = next.wrap {
          wrap { reduceQueued(next, tree: &tree) }
        } else {
          reduceQueued(next, tree: &tree)
        }
      }
      if queueHead > 0 || isLooping {
        releaseDropped(from: queueHead)
        releaseQueue(keepingCapacity: !isLooping)
      }
      family.version &+= 1
      stateVersion = family.version
      if family.activeObservations > 0 { family.notifyDidProcess() }
      // NB: once looping, what observers send now is dropped too, or the loop would go on.
      if isLooping {
        releaseDropped(from: 0)
        releaseQueue(keepingCapacity: false)
      }
      if queue.isEmpty { break }
    }
  }

  /// Reduces a queued action in its own tree, or in `tree` when it has none.
  @inlinable @inline(__always)
  final func reduceQueued(_ next: QueuedAction, tree: inout ActionTree?) {
    if let group = next.group {
      var own: ActionTree? = group
      reduce(next.action, group: &own)
      if next.isRetained { registry.release(group) }
    } else {
      reduce(next.action, group: &tree)
    }
  }

  /// Empties the queue. Its actions are released from `drained`, after `queue` is empty again:
  /// a payload's deinitializer that sends appends to `queue` (and the loop reduces it) instead of
  /// reaching the array being emptied.
  @usableFromInline
  final func releaseQueue(keepingCapacity: Bool) {
    swap(&queue, &drained)
    queueHead = 0
    recorder?.origins.removeAll(keepingCapacity: true)
    drained.removeAll(keepingCapacity: keepingCapacity)
  }

  /// Releases the trees of queued actions that will not be reduced (a loop was cut short).
  @usableFromInline
  final func releaseDropped(from start: Int) {
    guard start < queue.count else { return }
    for dropped in queue[start...] where dropped.isRetained {
      if let group = dropped.group { registry.release(group) }
    }
  }

  @inlinable @inline(__always)
  final func reduce(_ action: Action, group: inout ActionTree?) {
    let effect: Effect<Action>
    family.isReducing = true
    if family.isInstrumented {
      effect = reduceInstrumented(action)
    } else {
      effect = reducer.reduce(into: &statePointer.pointee, action: action)
    }
    family.isReducing = false
    if !effect.isNone {
      var tasks: [Task<Void, Never>]? = nil
      start(effect, origin: action, keys: [], group: &group, tasks: &tasks)
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
    let recorder = self.recorder
    let origin = recorder?.takeOrigin()
    // NB: a shared value this action changes belongs to its step.
    let sharedChanges = recorder?.recording.sharedChanges
    _ = sharedChanges?.willReduce()
    defer { sharedChanges?.didReduce() }
    let effect: Effect<Action>
    if family.hasUserInstrumentation {
      let start = ContinuousClock.now
      effect = reducer.reduce(into: &statePointer.pointee, action: action)
      // NB: called through the property: a copy would retain and release the handler.
      family.instrumentation?.handler(
        .actionReduced(action: action, duration: ContinuousClock.now - start))
    } else {
      // Only a recording listens: it reads the clock itself, once.
      effect = reducer.reduce(into: &statePointer.pointee, action: action)
    }
    if let recorder, let origin {
      recorder.record(action, origin: origin, state: statePointer.pointee)
    }
    return effect
  }

  /// What ``deliver`` returns, once made.
  @exclusivity(unchecked) @usableFromInline
  var delivery: (@MainActor @Sendable (Action, EffectEntry?) -> Void)?
}
