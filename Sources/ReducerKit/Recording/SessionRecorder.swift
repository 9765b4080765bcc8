/// What a root store keeps while a ``SessionRecording`` records: the recording, and where each
/// action waiting in the store's queue came from, so that the step recorded when it is reduced
/// names its origin.
///
/// NB: used on the main actor only, by the store's send loop (like the queue it shadows).
@usableFromInline
final class SessionRecorder<State, Action> {
  let recording: SessionRecording<State, Action>
  /// The origin of the action about to be reduced (set by the loop or by an effect's delivery;
  /// `nil`: sent from outside).
  @usableFromInline var current: ActionOrigin?
  /// The origins of the queued actions, by their position in the store's queue.
  @usableFromInline var origins: [ActionOrigin] = []

  init(recording: SessionRecording<State, Action>) {
    self.recording = recording
  }

  /// The index of the step recorded last: an action a reducer sends comes from that step.
  @usableFromInline var lastIndex: Int? {
    recording.storage.withLock { $0.lastIndex }
  }

  /// Notes where the action appended at `position` of the queue came from: `origin`, or the
  /// origin set for the action being delivered.
  @usableFromInline
  func enqueued(at position: Int, origin: ActionOrigin? = nil) {
    let origin = origin ?? takeOrigin()
    // NB: actions queued before the recording started have no origin of their own.
    while origins.count < position { origins.append(.outside) }
    if origins.count == position {
      origins.append(origin)
    } else {
      origins[position] = origin
    }
  }

  /// Makes the origin of the queued action at `position` the one the next step records.
  @usableFromInline
  func dequeued(at position: Int) {
    current = position < origins.count ? origins[position] : .outside
  }

  /// The origin of the action about to be reduced, cleared for the next one.
  func takeOrigin() -> ActionOrigin {
    defer { current = nil }
    return current ?? .outside
  }

  /// The origin of an action that the effect with `lifetime` sends.
  func origin(of lifetime: EffectEntry) -> ActionOrigin {
    let id = recording.storage.withLock { $0.effectOfSource[ObjectIdentifier(lifetime)] }
    return .effect(
      id: id, fileID: lifetime.site.map { "\($0.fileID)" } ?? "", line: lifetime.site?.line ?? 0)
  }

  /// Records a step: `action`, reduced, left `state`.
  func record(_ action: Action, origin: ActionOrigin, state: State) {
    let dropped = recording.storage.withLock { storage in
      storage.append(action: action, origin: origin, state: state)
      return storage.nextIndex > storage.limit ? storage.initialSharedStep : nil
    }
    // NB: what shared values were before the oldest step kept is no longer read.
    if let dropped { recording.sharedChanges?.settle(through: dropped) }
  }

  /// Receives the store's effect events for the recording.
  var effectInstrumentation: StoreInstrumentation {
    StoreInstrumentation { [recording] event in
      switch event {
      case .actionReduced: break
      case .effectStarted(let info): recording.storage.withLock { $0.effectStarted(info) }
      case .effectFinished(let info):
        recording.storage.withLock { $0.effectEnded(info, cancelled: false) }
      case .effectCancelled(let info):
        recording.storage.withLock { $0.effectEnded(info, cancelled: true) }
      }
    }
  }
}

extension Store {
  /// Starts recording this store's session: every action it reduces, where it came from and the
  /// state it left, and every effect's start and end, until ``SessionRecording/stop()``.
  ///
  /// ```swift
  /// let recording = store.startRecording()
  /// ```
  ///
  /// The recording keeps the last `limit` steps (10,000 by default) and the state before them.
  /// Starting a new recording stops the one in progress. Record a root store (the one made with
  /// `Store(initialState:reducer:)`): a scoped store sees only part of the session, and
  /// recording one records nothing, after a runtime warning.
  ///
  /// While nothing records, the store pays nothing for this; while it records, each action
  /// costs a copy of the state and a lock.
  public func startRecording(limit: Int = 10_000) -> SessionRecording<State, Action> {
    if let recording = core.startRecording(limit: limit) { return recording }
    reportRuntimeWarning(
      """
      "startRecording" was called on a scoped store; it records nothing.

      A session is recorded where its actions are reduced: call "startRecording" on the root \
      store, the one made with "Store(initialState:reducer:)".
      """,
      at: core.family.warningSite)
    let inert = SessionRecording<State, Action>(initialState: state, limit: 1)
    inert.storage.withLock { $0.stop() }
    return inert
  }
}
