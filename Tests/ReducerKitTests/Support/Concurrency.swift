import ReducerKit

/// Suspends waiters until opened (or until their task is cancelled); no timing involved.
final class Gate: Sendable {
  private struct State {
    var isOpen = false
    var nextID = 0
    var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
  }
  private let state = LockedState(State())

  func wait() async {
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      return state.nextID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = state.withLock { state -> Bool in
          if state.isOpen || Task.isCancelled { return true }
          state.waiters[id] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
  }

  /// Whether a task is suspended in ``wait()``.
  var hasWaiters: Bool { state.withLock { !$0.waiters.isEmpty } }

  func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// A value shared with effects and tasks in tests.
final class Locked<Value: Sendable>: Sendable {
  private let storage: LockedState<Value>

  init(_ value: Value) {
    storage = LockedState(value)
  }

  func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result {
    storage.withLock { body(&$0) }
  }

  var value: Value { storage.withLock { $0 } }
}
