/// A store's session as it happened: every action it reduced, where each came from and the
/// state it left, and every effect's start and end, with times. Made by
/// ``Store/startRecording(limit:)``; recording until ``stop()``.
///
/// ```swift
/// let recording = store.startRecording()
/// // … the session …
/// recording.stop()
/// try recording.writeHTML(to: pageURL)   // a timeline to look at
/// try recording.write(to: fileURL)       // to replay in a test: replay(recording) { Feature() }
/// ```
///
/// It keeps the last `limit` steps (10,000 unless ``Store/startRecording(limit:)`` says
/// otherwise) and the state before the first of them, so memory stays bounded however long the
/// session runs; effects are kept while they run or while the step that started them is kept.
///
/// Reading it (``steps``, ``effects``) is safe from any thread while it records.
public final class SessionRecording<State, Action>: @unchecked Sendable {
  // NB: @unchecked Sendable: every stored value is read and written only under `storage`'s lock.
  let storage: LockedState<SessionStorage>
  /// Ends the recording in the store that records (set while it records).
  private let detach = LockedState<(@MainActor @Sendable () -> Void)?>(nil)

  /// Every change of a shared value since the recording started, by the step it belongs to:
  /// how a step's state reads its `@Shared` fields as they were then. `nil` for a recording read
  /// from a file, whose states hold their shared values by value.
  let sharedChanges: SharedChangeTracker?

  /// The dependencies the recorded feature declares, for the placeholders of generated test
  /// source; none for a recording read from a file.
  let declaredDependencies: [DeclaredDependency]
  /// The recorded feature's type name and module (`Counter`, `CounterExample`), for the test a
  /// page and a file hold; `nil` for a recording read from a file.
  let feature: (name: String, module: String)?

  /// A recording that starts from `initialState`, keeping the last `limit` steps; tracking
  /// shared values when it will record (a store's), not when it is inert.
  init(
    initialState: State, limit: Int, tracksSharedValues: Bool = false,
    declaredDependencies: [DeclaredDependency] = [], feature: Any.Type? = nil
  ) {
    storage = LockedState(SessionStorage(initialState: initialState, limit: max(1, limit)))
    self.declaredDependencies = declaredDependencies
    self.feature = feature.map { type in
      (typeName(type), String(String(reflecting: type).prefix { $0 != "." }))
    }
    if tracksSharedValues {
      let tracker = SharedChangeTracker(recording: ())
      SessionSharedValues.register(tracker)
      sharedChanges = tracker
    } else {
      sharedChanges = nil
    }
  }

  deinit {
    if let sharedChanges { SessionSharedValues.unregister(sharedChanges) }
  }

  /// A recording of `steps` already made (read from a file), recording nothing more.
  init(
    initialState: State, steps: [SessionStep<State, Action>], effects: [SessionEffect],
    duration: Duration
  ) {
    var storage = SessionStorage(initialState: initialState, limit: max(1, steps.count))
    storage.buffer = steps.map { step in
      StoredStep(
        index: step.index, action: step.action, origin: step.origin, time: step.time,
        state: step.state)
    }
    storage.nextIndex = (steps.last?.index ?? -1) + 1
    storage.stoppedAt = duration
    for effect in effects {
      storage.effectOrder.append(effect.id)
      storage.effects[effect.id] = effect
    }
    self.storage = LockedState(storage)
    sharedChanges = nil
    declaredDependencies = []
    feature = nil
  }

  /// The steps kept, oldest first.
  public var steps: [SessionStep<State, Action>] {
    storage.withLock { $0.orderedSteps }.map(Self.restored)
  }

  /// Everything kept, read under one lock, with the types restored: for writing a file or a
  /// page. Read the states' shared values through ``withSharedValues(asOf:_:)``, with the
  /// initial state at `initialStep` and each step at its ``sharedStep(of:)``.
  func snapshot() -> (
    initialState: State, initialStep: Int, steps: [SessionStep<State, Action>],
    effects: [SessionEffect], duration: Duration
  ) {
    let (initialState, initialStep, steps, effects, duration) = storage.withLock { storage in
      (
        storage.initialState, storage.initialSharedStep, storage.orderedSteps,
        storage.orderedEffects, storage.duration
      )
    }
    // NB: only this recording's states are stored.
    return (initialState as! State, initialStep, steps.map(Self.restored), effects, duration)
  }

  /// Reads `step`'s state (or, for `nil`, the initial state) with its `@Shared` fields as they
  /// were right after that step, not as they are now.
  ///
  /// ```swift
  /// let signatures = recording.steps.map { step in
  ///   recording.withSharedValues(at: step) { $0.signature }
  /// }
  /// ```
  ///
  /// A step's `state` holds its shared values by reference, as every copy of a state does: read
  /// directly, they show their current values. The page, the file and ``diff(_:)`` read them
  /// through this, and a recording read from a file holds them by value. The recording sees a
  /// shared value's every change, whoever made it; a change made by an effect between two
  /// actions belongs to the second.
  public func withSharedValues<Result>(
    at step: SessionStep<State, Action>?, _ body: (State) throws -> Result
  ) rethrows -> Result {
    guard let step else {
      let (initialState, initialStep) = storage.withLock {
        ($0.initialState, $0.initialSharedStep)
      }
      // NB: only this recording's states are stored.
      return try withSharedValues(asOf: initialStep) { try body(initialState as! State) }
    }
    return try withSharedValues(asOf: Self.sharedStep(of: step)) { try body(step.state) }
  }

  /// Runs `body` reading shared values as they were at the recording's shared-value step
  /// `step` (see ``sharedStep(of:)``).
  func withSharedValues<Result>(asOf step: Int, _ body: () throws -> Result) rethrows -> Result {
    guard let sharedChanges else { return try body() }
    return try SharedView(tracker: sharedChanges, step: step, writesAssertion: false).apply(body)
  }

  /// The step of ``sharedChanges`` that `step` is: the tracker counts from 1 at the first
  /// action, as the steps do from 0.
  static func sharedStep(of step: SessionStep<State, Action>) -> Int { step.index + 1 }

  /// A stored step with its types restored.
  // NB: the storage holds only this recording's `Action` and `State` values, so the casts hold.
  static func restored(_ stored: StoredStep) -> SessionStep<State, Action> {
    SessionStep(
      index: stored.index, action: stored.action as! Action, origin: stored.origin,
      time: stored.time, state: stored.state as! State)
  }

  /// The state before the first step kept.
  public var initialState: State {
    storage.withLock { $0.initialState } as! State
  }

  /// The effects kept, in the order they started.
  public var effects: [SessionEffect] {
    storage.withLock { $0.orderedEffects }
  }

  /// Whether it still records.
  public var isRecording: Bool {
    storage.withLock { $0.isRecording }
  }

  /// How long it has recorded (until ``stop()``, or until now).
  public var duration: Duration {
    storage.withLock { $0.duration }
  }

  /// Stops recording; what was recorded stays. Stopping twice does nothing.
  @MainActor
  public func stop() {
    let stop = detach.withLock { detach in
      defer { detach = nil }
      return detach
    }
    stop?()
    storage.withLock { $0.stop() }
  }

  /// The change `step` made to the state, as lines marked `−` (before) and `+` (after); `nil`
  /// when it changed nothing, or when the step is not kept.
  public func diff(_ step: SessionStep<State, Action>) -> String? {
    let before: (state: Any, sharedStep: Int)? = storage.withLock { storage in
      let steps = storage.orderedSteps
      guard let position = steps.firstIndex(where: { $0.index == step.index }) else { return nil }
      return position == 0
        ? (storage.initialState, storage.initialSharedStep)
        : (steps[position - 1].state, steps[position - 1].index + 1)
    }
    guard let before, let state = before.state as? State else { return nil }
    let beforeLines = withSharedValues(asOf: before.sharedStep) { expandedDumpLines(state) }
    let afterLines = withSharedValues(asOf: Self.sharedStep(of: step)) {
      expandedDumpLines(step.state)
    }
    return ReducerKit.diff(dumpLines: beforeLines, dumpLines: afterLines)
  }

  /// Hands the recording the function that ends it in its store.
  func attach(_ stop: @escaping @MainActor @Sendable () -> Void) {
    detach.withLock { $0 = stop }
  }
}

/// One action of a ``SessionRecording``: what it was, where it came from, when, and the state it
/// left.
public struct SessionStep<State, Action> {
  /// Its position in the session, counting from 0 at the first step recorded (kept when older
  /// steps are dropped).
  public let index: Int
  /// The action.
  public let action: Action
  /// Where it came from.
  public let origin: ActionOrigin
  /// When it was reduced, from the start of the recording.
  public let time: Duration
  /// The state after it.
  public let state: State

  /// Its category by the view/internal/delegate convention: the innermost of those case names
  /// it goes through (`.list(.view(.rowTapped))` is a view action), `nil` for none.
  public var category: ActionCategory? {
    nestedCaseNames(of: action).reversed().lazy.compactMap(ActionCategory.init(rawValue:)).first
  }

  /// Its cases from the outside in, as a pattern writes them: `list.view.rowTapped`.
  public var caseName: String {
    nestedCaseNames(of: action).joined(separator: ".")
  }
}

extension SessionStep: Sendable where State: Sendable, Action: Sendable {}

/// The category of an action, by the naming convention of a feature's `Action` enum.
public enum ActionCategory: String, Sendable, Codable, CaseIterable {
  /// What the user did.
  case view
  /// What the feature's own effects report.
  case `internal`
  /// What the feature tells its parent.
  case delegate
}

/// Where an action of a ``SessionRecording`` came from.
public enum ActionOrigin: Sendable, Equatable, Codable, CustomStringConvertible {
  /// Sent to the store from outside its reducers: a view, a test, an observer.
  case outside
  /// Returned by a reducer as `.send` while it reduced the step with index `step`.
  case reducer(step: Int?)
  /// Sent by an effect: the one with id `effect` in ``SessionRecording/effects`` (when it
  /// started while recording), written at `fileID`:`line`.
  case effect(id: UInt64?, fileID: String, line: UInt)

  /// A phrase for messages: "sent from outside the store", "sent by the effect at
  /// Feature.swift:12".
  public var description: String {
    switch self {
    case .outside: "sent from outside the store"
    case .reducer(let step):
      step.map { "sent by the reducer at step \($0)" } ?? "sent by a reducer"
    case .effect(_, let fileID, let line): "sent by the effect at \(fileID):\(line)"
    }
  }
}

/// An effect of a ``SessionRecording``: where it was written, which step started it, and how
/// long it ran.
public struct SessionEffect: Sendable, Equatable, Codable {
  /// How an effect ended.
  public enum Ending: String, Sendable, Codable {
    /// It still ran when the recording stopped.
    case running
    /// It returned (or threw) on its own.
    case finished
    /// It was cancelled.
    case cancelled
  }

  /// Its id among the store's effects.
  public let id: UInt64
  /// Where its `.run` was written.
  public let fileID: String
  /// The line of that `.run`.
  public let line: UInt
  /// The index of the step whose reducer returned it, if that step was recorded.
  public let startedBy: Int?
  /// When it started, from the start of the recording.
  public let started: Duration
  /// When it ended, if it did.
  public internal(set) var ended: Duration?
  /// How it ended.
  public internal(set) var ending: Ending
}
