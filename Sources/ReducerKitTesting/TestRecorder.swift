import ReducerKit

/// Runs a test store's reducer and records what it reduced: the state after the action the
/// test sent, and every other action (from effects and `.send`) with the state after it.
///
/// Each action gets a step number, which the shared-state tracker uses to tell which action a
/// change of a shared value belongs to.
@usableFromInline
struct RecordingReducer<Base: Reducer>: Reducer where Base.Action: Sendable {
  @usableFromInline let base: Base
  @usableFromInline let recorder: TestRecorder<Base.State, Base.Action>
  @usableFromInline let sharedChanges: SharedChangeTracker

  @usableFromInline
  init(
    base: Base, recorder: TestRecorder<Base.State, Base.Action>,
    sharedChanges: SharedChangeTracker
  ) {
    self.base = base
    self.recorder = recorder
    self.sharedChanges = sharedChanges
  }

  @inlinable
  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let step = sharedChanges.willReduce()
    let effect = base.reduce(into: &state, action: action)
    sharedChanges.didReduce()
    recorder.didReduce(action, state: state, step: step)
    return effect
  }
}

/// An action a test store reduced, the state after it, and its step.
typealias Reduced<State, Action> = (action: Action, state: State, step: Int)

/// What a test store has seen its reducer do, and a signal for tests waiting on it.
///
/// NB: its fields are its own, under one lock, rather than a generic struct of them behind a
/// generic lock, and the sent state is handed back through `inout`, not in a tuple: this code
/// runs unspecialized (the test store is generic, compiled apart from the test), where every
/// derived generic type (a nested struct, a tuple, an optional of `State`) is a metadata lookup
/// in the runtime's caches on each use, a large part of a test step (figures: the Performance
/// guide, "Measured design choices").
@usableFromInline
final class TestRecorder<State, Action>: @unchecked Sendable {
  // NB: @unchecked Sendable: the fields below are read and written only while `lock` is held,
  // which also makes each access exclusive (so the runtime's dynamic checks are left out).
  private let lock = LockedState(())
  /// Set while the store reduces the action the test sent.
  @exclusivity(unchecked) private var isAwaitingSentAction = false
  /// Whether `sentState` and `sentStep` hold the state after the sent action, and its step.
  @exclusivity(unchecked) private var hasSentState = false
  @exclusivity(unchecked) private var sentState: State
  @exclusivity(unchecked) private var sentStep = 0
  /// Actions the store received (from effects and `.send`), oldest first, with the state after
  /// each.
  @exclusivity(unchecked) private var receivedActions: [Reduced<State, Action>] = []
  /// `receivedActions.count`, kept beside it: asking the array, unspecialized, looks up its
  /// tuple type, and every step asks whether anything was received.
  @exclusivity(unchecked) private var receivedCount = 0
  let changes: ChangeSignal

  /// A recorder for a store that starts at `initialState` (held until the first action is
  /// reduced, so that no optional state is needed).
  @MainActor
  init(initialState: State) {
    sentState = initialState
    changes = ChangeSignal()
  }

  func expectSentAction() {
    lock.withLock { _ in
      isAwaitingSentAction = true
      hasSentState = false
    }
  }

  /// Writes the state after the sent action, and its step, once it was reduced; returns
  /// whether it was.
  func takeSentState(_ state: inout State, step: inout Int) -> Bool {
    lock.withLock { _ in
      guard hasSentState else { return false }
      hasSentState = false
      state = sentState
      step = sentStep
      return true
    }
  }

  /// A copy of the received actions (for failure messages).
  var received: [Reduced<State, Action>] {
    lock.withLock { _ in receivedActions }
  }

  var hasReceived: Bool { lock.withLock { _ in receivedCount > 0 } }

  /// The index of the first received action that satisfies `predicate`.
  func firstReceivedIndex(where predicate: (Action) -> Bool) -> Int? {
    lock.withLock { _ in receivedActions.firstIndex { predicate($0.action) } }
  }

  /// Records a received action (called with the lock held).
  ///
  /// NB: out of line, so that recording the sent action, the other branch, does not ask the
  /// runtime for the received actions' tuple type.
  @inline(never)
  private func appendReceived(_ action: Action, state: State, step: Int) {
    receivedActions.append((action, state, step))
    receivedCount += 1
  }

  /// Removes and returns the oldest received action (there must be one), writing the state after
  /// it and its step.
  ///
  /// NB: the action is returned and the rest written through `inout`: unspecialized, a prefix of
  /// the array (or a tuple handed back) asks the runtime for more metadata.
  func takeFirstReceived(state: inout State, step: inout Int) -> Action {
    lock.withLock { _ in
      receivedCount -= 1
      let first = receivedActions.remove(at: 0)
      state = first.state
      step = first.step
      return first.action
    }
  }

  /// Removes and returns the first `count` received actions.
  @discardableResult
  func removeReceived(first count: Int) -> [Reduced<State, Action>] {
    lock.withLock { _ in
      let removed = Array(receivedActions.prefix(count))
      receivedActions.removeFirst(min(count, receivedActions.count))
      receivedCount = receivedActions.count
      return removed
    }
  }

  /// Removes and returns every received action.
  @discardableResult
  func removeAllReceived() -> [Reduced<State, Action>] {
    lock.withLock { _ in
      defer {
        receivedActions.removeAll()
        receivedCount = 0
      }
      return receivedActions
    }
  }

  @usableFromInline
  func didReduce(_ action: Action, state: State, step: Int) {
    let isReceived = lock.withLock { _ -> Bool in
      if isAwaitingSentAction {
        isAwaitingSentAction = false
        hasSentState = true
        sentState = state
        sentStep = step
        return false
      }
      appendReceived(action, state: state, step: step)
      return true
    }
    guard isReceived else { return }
    // NB: a store reduces on the main actor.
    let changes = self.changes
    MainActor.assumeIsolated { changes.notify() }
  }
}

/// Wakes a waiting test when something changed (an action arrived, an effect finished), or when
/// its deadline passes. Waiting suspends; nothing polls.
@MainActor
final class ChangeSignal {
  // NB: unchecked exclusivity: confined to the main actor, and no access is held across a call
  // that could reach them again; the runtime's checks cost more than the rest of a wake-up.
  @exclusivity(unchecked) private var waiter: CheckedContinuation<Bool, Never>?
  @exclusivity(unchecked) private var timer: Task<Void, Never>?
  /// How many times ``notify()`` was called.
  @exclusivity(unchecked) private var notifications = 0

  /// Resumes the waiter with `true`.
  func notify() {
    notifications += 1
    resume(true)
  }

  /// Suspends until ``notify()``. When `deadline` passes first, lets the work already queued run
  /// before giving up: `executor`'s jobs, and whatever waits on the main queue ahead of them.
  /// Returns `false` when that changed nothing, or after `drains` rounds of it that each did.
  ///
  /// NB: the main queue is shared with every test running alongside: while another test holds
  /// it, the deadline passes with this store's effects' work queued behind it, not stuck. Only
  /// work that is still waiting once everything queued has run has missed the deadline.
  func wait(
    until deadline: ContinuousClock.Instant, draining executor: SerialTestExecutor,
    drains: inout Int
  ) async -> Bool {
    // NB: counted before waiting: a change can come after the deadline woke this wait and
    // before it resumed, and must count.
    let seen = notifications
    if await wait(until: deadline) { return true }
    guard notifications == seen else { return true }
    guard drains < 100 else { return false }
    drains += 1
    await executor.settle(limit: 1_000)
    return notifications != seen
  }

  /// Suspends until ``notify()``; returns `false` if `deadline` passed first.
  func wait(until deadline: ContinuousClock.Instant) async -> Bool {
    await withCheckedContinuation { continuation in
      waiter = continuation
      timer = Task { [weak self] in
        try? await Task.sleep(until: deadline, clock: .continuous)
        guard !Task.isCancelled else { return }
        self?.resume(false)
      }
    }
  }

  private func resume(_ value: Bool) {
    timer?.cancel()
    timer = nil
    waiter?.resume(returning: value)
    waiter = nil
  }
}
