import ReducerKit
import ReducerKitTesting
import Testing

/// Tests run in parallel and share the main queue: while one holds it, another's deadline can
/// pass with its effects' work queued behind, not stuck. A test store lets that work run before
/// it reports a timeout.
@MainActor
@Suite struct TestStoreBusyMainQueueTests {
  struct Relay: Reducer {
    struct State: Equatable, Sendable {}
    enum Action: Equatable, Sendable { case start, arrived }
    let events: AsyncStream<Void>
    var sendsArrival = true

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      guard action == .start else { return .none }
      return .run { [events] send in
        for await _ in events {
          // The main queue is held past the test's deadline (here by the effect itself, which
          // runs there; in a full run, as often by another test), and the action is sent a few
          // rounds of the store's executor later, as an effect that calls async functions does.
          // NB: after one yield, so that the test's wait has begun when the queue is held.
          await Task.yield()
          holdMainQueue(for: .milliseconds(300))
          for _ in 0..<5 { await Task.yield() }
          if sendsArrival { await send(.arrived) }
          return
        }
      }
    }
  }

  @Test func receiveWaitsForWorkQueuedBehindABusyMainQueue() async {
    let events = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(initialState: Relay.State()) { Relay(events: events.stream) }
    store.timeout = .milliseconds(100)
    await store.send(.start)
    events.continuation.yield()
    await store.receive(.arrived)
  }

  @Test func taskFinishWaitsForWorkQueuedBehindABusyMainQueue() async {
    let events = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(initialState: Relay.State()) { Relay(events: events.stream) }
    let task = await store.send(.start)
    events.continuation.yield()
    await task.finish(timeout: .milliseconds(100))
    await store.receive(.arrived)
  }

  @Test func storeFinishWaitsForWorkQueuedBehindABusyMainQueue() async {
    let events = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(initialState: Relay.State()) {
      Relay(events: events.stream, sendsArrival: false)
    }
    await store.send(.start)
    events.continuation.yield()
    await store.finish(timeout: .milliseconds(100))
  }
}

/// Holds the thread it runs on for `duration`, as work busy on the main queue does.
/// NB: it spins; it never sleeps.
private func holdMainQueue(for duration: Duration) {
  let end = ContinuousClock.now + duration
  while ContinuousClock.now < end {}
}
