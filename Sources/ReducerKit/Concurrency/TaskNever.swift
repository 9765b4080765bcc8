import Synchronization

extension Task where Success == Never, Failure == Never {
  /// Suspends until the task is cancelled, then throws `CancellationError`: an effect that
  /// should live as long as it is not cancelled.
  ///
  /// ```swift
  /// return .run { _ in
  ///   defer { print("stopped") }
  ///   try await Task.never()
  /// }
  /// .cancellable(id: CancelID.keepAlive)
  /// ```
  ///
  /// A task already cancelled throws at once. Unlike a long `Task.sleep`, which on Linux keeps its
  /// timer, and the task's memory, until the deadline even when cancelled early, a task
  /// cancelled here keeps nothing.
  public static func never() async throws -> Never {
    let waiter = CancellationWaiter()
    await withTaskCancellationHandler {
      await withUnsafeContinuation { waiter.suspend($0) }
    } onCancel: {
      waiter.cancel()
    }
    throw _Concurrency.CancellationError()
  }

  /// ``never()`` where a value of any type is expected, as swift-concurrency-extras has it:
  /// `let fact: String = try await Task.never()` (an endpoint of a test dependency that must not
  /// answer).
  @_disfavoredOverload
  public static func never<Value>() async throws -> Value {
    let never: () async throws -> Never = Task<Never, Never>.never
    try await never()
  }
}

/// The continuation of a task in `Task.never()`, and whether its cancellation came first.
// NB: the handler and the operation can run in either order, on different threads; the mutex
// decides which of them resumes the continuation.
private final class CancellationWaiter: Sendable {
  private enum State {
    case waiting
    case suspended(UnsafeContinuation<Void, Never>)
    case cancelled
  }

  private let state = Mutex(State.waiting)

  func suspend(_ continuation: UnsafeContinuation<Void, Never>) {
    let resumeNow = state.withLock { state in
      guard case .waiting = state else { return true }
      state = .suspended(continuation)
      return false
    }
    if resumeNow { continuation.resume() }
  }

  func cancel() {
    let continuation = state.withLock { state -> UnsafeContinuation<Void, Never>? in
      defer { state = .cancelled }
      guard case .suspended(let continuation) = state else { return nil }
      return continuation
    }
    continuation?.resume()
  }
}
