import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct TaskNeverTests {
  @Test func suspendsUntilCancelledThenThrowsCancellation() async {
    let started = LockIsolated(false)
    let task = Task {
      started.setValue(true)
      try await Task.never()
    }
    while !started.value { await Task.yield() }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func throwsAtOnceWhenTheTaskIsAlreadyCancelled() async {
    let ended = LockIsolated(false)
    let task = Task {
      while !Task.isCancelled { await Task.yield() }
      do { try await Task.never() } catch { ended.setValue(true) }
    }
    task.cancel()
    // NB: polled with a deadline rather than awaited, so a waiter that misses its cancellation
    // fails the test instead of hanging the run.
    #expect(await eventually { ended.value }, "still not ended after a minute: a hang")
  }

  @Test func everyOneOfManyWaitersEndsWhenCancelled() async {
    // Cancellation races the suspension on the pool: each waiter must end whichever comes first.
    let ended = LockIsolated(0)
    let tasks = (0..<2_000).map { index in
      Task.detached {
        if index.isMultiple(of: 2) { await Task.yield() }
        do { try await Task.never() } catch { ended.withValue { $0 += 1 } }
      }
    }
    for task in tasks { task.cancel() }
    #expect(await eventually { ended.value == 2_000 }, "still not ended after a minute: a hang")
  }

  struct KeepAlive: Reducer {
    enum Action: Equatable, Sendable { case start, stop }
    enum CancelID: Hashable, Sendable { case keepAlive }
    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { _ in try await Task.never() }.cancellable(id: CancelID.keepAlive)
      case .stop:
        return .cancel(id: CancelID.keepAlive)
      }
    }
  }

  @Test func keepsAnEffectAliveUntilItIsCancelled() async {
    let store = TestStore(initialState: 0) { KeepAlive() }
    await store.send(.start)
    await store.send(.stop)
    await store.finish()
  }
}
