import ReducerKit
import ReducerKitTesting
import Testing

/// The order a test store reduces what effects send, where it is TCA's.
@MainActor
@Suite struct TestStoreEffectOrderTests {
  /// Relays a stream's events; the event "B" starts a second effect, which sends `followUp`.
  struct Relay: Reducer {
    struct State: Equatable, Sendable { var log: [String] = [] }
    enum Action: Equatable, Sendable {
      case start
      case event(String)
      case followUp
    }
    let events: AsyncStream<String>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { [events] send in
          for await event in events { await send(.event(event)) }
        }
      case .event(let event):
        state.log.append(event)
        return event == "B" ? .run { send in await send(.followUp) } : .none
      case .followUp:
        state.log.append("follow-up")
        return .none
      }
    }
  }

  @Test func aStreamsNextEventComesBeforeWhatAnEffectItStartedSends() async {
    // The events are there before the relay starts: nothing but the order of the tasks decides.
    let (events, continuation) = AsyncStream.makeStream(of: String.self)
    for event in ["A", "B", "C"] { continuation.yield(event) }
    continuation.finish()
    let store = TestStore(initialState: Relay.State()) { Relay(events: events) }
    await store.send(.start)
    await store.receive(.event("A")) { $0.log = ["A"] }
    await store.receive(.event("B")) { $0.log.append("B") }
    await store.receive(.event("C")) { $0.log.append("C") }
    await store.receive(.followUp) { $0.log.append("follow-up") }
  }
}
