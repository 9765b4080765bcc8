import ReducerKit
import ReducerKitTesting
import Testing

/// Timeouts in nanoseconds, as TCA's test store also takes them (`timeout: NSEC_PER_SEC`).
@MainActor
@Suite struct TestStoreNanosecondsTests {
  struct Loader: Reducer {
    struct State: Equatable, Sendable { var value = 0 }
    enum Action: Equatable, Sendable, CasePathable {
      case load
      case loaded(Int)
    }
    let clock: any Clock<Duration>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .load:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.loaded(42))
        }
      case .loaded(let value):
        state.value = value
        return .none
      }
    }
  }

  @Test func everyFormTakesATimeoutInNanoseconds() async {
    let store = TestStore(initialState: Loader.State()) { Loader(clock: ImmediateClock()) }
    await store.send(.load)
    await store.receive(.loaded(42), timeout: NSEC_PER_SEC) { $0.value = 42 }
    let task = await store.send(.load)
    await store.receive(\.loaded, timeout: 1_000_000_000)
    await task.finish(timeout: NSEC_PER_SEC / 2)
    await store.send(.load)
    await store.receive(\.loaded, 42, timeout: NSEC_PER_SEC)
    await store.send(.load)
    await store.receive({ $0 == .loaded(42) }, timeout: NSEC_PER_SEC)
    await store.finish(timeout: NSEC_PER_SEC)
  }

  @Test func theNanosecondsAreTheTimeoutWaitedFor() async {
    let clock = TestClock()
    let store = TestStore(initialState: Loader.State()) { Loader(clock: clock) }
    await store.send(.load)
    await expectIssues {
      await store.receive(.loaded(42), timeout: 1_000_000)
    } matching: { issue in
      issue.comments.first?.rawValue.contains("but none arrived within 0.001 seconds") == true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.loaded(42), timeout: NSEC_PER_SEC) { $0.value = 42 }
  }
}
