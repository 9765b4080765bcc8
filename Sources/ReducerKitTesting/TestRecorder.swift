import ReducerKit

/// Runs a test store's reducer and records what it reduced: the state after the action the
/// test sent, and every other action (from effects and `.send`) with the state after it.
///
/// Each action gets a step number, which the shared-state tracker uses to tell which action a
/// change of a shared value belongs to.
struct RecordingReducer<Base: Reducer>: Reducer where Base.Action: Sendable {
  let base: Base
  let recorder: TestRecorder<Base.State, Base.Action>
  let sharedChanges: SharedChangeTracker

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
final class TestRecorder<State, Action>: @unchecked Sendable {
  // NB: @unchecked Sendable: `storage` is only touched while its lock is held.
  private struct Storage {
    /// Set while the store reduces the action the test sent.
    var isAwaitingSentAction = false
    var sent: (state: State, step: Int)?
    /// Actions the store received (from effects and `.send`), oldest first, with the state
    /// after each.
    var received: [Reduced<State, Action>] = []
  }

  private let storage = LockedState(Storage())
  let changes: ChangeSignal

  @MainActor
  init() {
    changes = ChangeSignal()
  }

  func expectSentAction() {
    storage.withLock {
      $0.isAwaitingSentAction = true
      $0.sent = nil
    }
  }

  /// The state after the sent action, and its step, once it was reduced.
  func takeSentState() -> (state: State, step: Int)? {
    storage.withLock { storage in
      defer { storage.sent = nil }
      return storage.sent
    }
  }

  /// A copy of the received actions (for failure messages).
  var received: [Reduced<State, Action>] {
    storage.withLock { $0.received }
  }

  var hasReceived: Bool { storage.withLock { !$0.received.isEmpty } }

  /// The index of the first received action that satisfies `predicate`.
  func firstReceivedIndex(where predicate: (Action) -> Bool) -> Int? {
    storage.withLock { $0.received.firstIndex { predicate($0.action) } }
  }

  /// Removes and returns the first `count` received actions.
  @discardableResult
  func removeReceived(first count: Int) -> [Reduced<State, Action>] {
    storage.withLock { storage in
      let removed = Array(storage.received.prefix(count))
      storage.received.removeFirst(min(count, storage.received.count))
      return removed
    }
  }

  /// Removes and returns every received action.
  @discardableResult
  func removeAllReceived() -> [Reduced<State, Action>] {
    storage.withLock { storage in
      defer { storage.received.removeAll() }
      return storage.received
    }
  }

  func didReduce(_ action: Action, state: State, step: Int) {
    let isReceived = storage.withLock { storage -> Bool in
      if storage.isAwaitingSentAction {
        storage.isAwaitingSentAction = false
        storage.sent = (state, step)
        return false
      }
      storage.received.append((action, state, step))
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
  private var waiter: CheckedContinuation<Bool, Never>?
  private var timer: Task<Void, Never>?

  /// Resumes the waiter with `true`.
  func notify() {
    resume(true)
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
