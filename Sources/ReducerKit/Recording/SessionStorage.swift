/// One recorded step as stored: its action and state type-erased (see ``SessionStorage``).
struct StoredStep {
  let index: Int
  let action: Any
  let origin: ActionOrigin
  let time: Duration
  let state: Any
}

/// What a ``SessionRecording`` holds, under its lock: the last `limit` steps in a ring, the
/// state before the oldest of them, and the effects.
///
/// NB: not generic: its actions and states are held as `Any` (of the recording's `Action` and
/// `State`, and nothing else). Recording runs in the store's unspecialized code, where each use of
/// a generic step type looked its metadata up in the runtime's caches: about 1,400 of the 3,400
/// instructions a recorded action cost. The recording restores the types when it is read.
struct SessionStorage {
  let start = ContinuousClock.now
  let limit: Int
  var initialState: Any
  /// The step of the recording's shared-value tracker that ``initialState`` reads its shared
  /// values at: 0 at the start, then the step of the last one dropped.
  var initialSharedStep = 0
  /// When recording stopped, from its start; `nil` while it records.
  var stoppedAt: Duration?
  var isRecording: Bool { stoppedAt == nil }
  /// How long it has recorded.
  var duration: Duration { stoppedAt ?? start.duration(to: .now) }

  /// Stops recording now; stopping again changes nothing.
  mutating func stop() {
    if stoppedAt == nil { stoppedAt = start.duration(to: .now) }
  }
  /// The effects kept, in the order they started.
  var orderedEffects: [SessionEffect] { effectOrder.compactMap { effects[$0] } }

  /// The steps, in a ring once `limit` are kept: the oldest at `head`.
  var buffer: [StoredStep] = []
  var head = 0
  var nextIndex = 0
  var effects: [UInt64: SessionEffect] = [:]
  var effectOrder: [UInt64] = []
  /// The effect each running effect's `Send` belongs to, to name the effect an action came from.
  var effectOfSource: [ObjectIdentifier: UInt64] = [:]

  init(initialState: Any, limit: Int) {
    self.initialState = initialState
    self.limit = limit
  }

  var orderedSteps: [StoredStep] {
    head == 0 ? buffer : Array(buffer[head...] + buffer[..<head])
  }

  /// The index of the last step recorded, if any.
  var lastIndex: Int? { nextIndex == 0 ? nil : nextIndex - 1 }

  /// The index of the oldest step kept.
  var firstIndex: Int { nextIndex - buffer.count }

  mutating func append(action: Any, origin: ActionOrigin, state: Any) {
    let step = StoredStep(
      index: nextIndex, action: action, origin: origin, time: start.duration(to: .now),
      state: state)
    nextIndex += 1
    if buffer.count < limit {
      buffer.append(step)
    } else {
      initialState = buffer[head].state
      initialSharedStep = buffer[head].index + 1
      buffer[head] = step
      head = (head + 1) % limit
      if effects.count > 2 * limit { dropEffectsBefore(firstIndex) }
    }
  }

  /// Forgets effects that ended and were started by a step no longer kept.
  private mutating func dropEffectsBefore(_ index: Int) {
    effectOrder.removeAll { id in
      guard let effect = effects[id], effect.ending != .running,
        (effect.startedBy ?? -1) < index
      else { return false }
      effects[id] = nil
      return true
    }
  }

  mutating func effectStarted(_ info: EffectInfo) {
    guard isRecording else { return }
    if let source = info.sourceID { effectOfSource[source] = info.id }
    effects[info.id] = SessionEffect(
      id: info.id, fileID: "\(info.fileID)", line: info.line, startedBy: lastIndex,
      started: start.duration(to: .now), ended: nil, ending: .running)
    effectOrder.append(info.id)
  }

  mutating func effectEnded(_ info: EffectInfo, cancelled: Bool) {
    guard isRecording, var effect = effects[info.id] else { return }
    if cancelled {
      // NB: the finish that follows a cancellation keeps the cancellation as the ending.
      effect.ending = .cancelled
      effect.ended = effect.ended ?? start.duration(to: .now)
    } else {
      if effect.ending == .running { effect.ending = .finished }
      effect.ended = start.duration(to: .now)
      if let source = info.sourceID, effectOfSource[source] == info.id {
        effectOfSource[source] = nil
      }
    }
    effects[info.id] = effect
  }
}
