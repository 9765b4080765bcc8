import CounterExample
import ReducerKit
import ReducerKitTesting
import Testing

struct FactError: Error, Equatable {}

@MainActor
@Suite struct CounterTests {
  @Test func countsUpAndDown() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.view(.incrementTapped)) { $0.count = 1 }
    await store.send(.view(.decrementTapped)) { $0.count = 0 }
    await store.send(.view(.decrementTapped)) { $0.count = -1 }
  }

  @Test func tellsTheParentWhenTheCountReachesTen() async {
    let store = TestStore(initialState: Counter.State(count: 9)) { Counter() }
    await store.send(.view(.incrementTapped)) { $0.count = 10 }
    await store.receive(\.delegate.countReachedTen)
  }

  @Test func fetchesAFact() async {
    let store = TestStore(initialState: Counter.State(count: 3)) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a good number" }
    }
    await store.send(.view(.factTapped)) { $0.isLoadingFact = true }
    await store.receive(\.internal.factResponse.success, "3 is a good number") {
      $0.isLoadingFact = false
      $0.fact = "3 is a good number"
    }
    await store.send(.view(.incrementTapped)) {
      $0.count = 4
      $0.fact = nil
    }
  }

  @Test func aFailedFetchShowsAnAlertThatRetries() async {
    let attempts = LockIsolated(0)
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { number in
        attempts.withValue { $0 += 1 }
        guard attempts.value > 1 else { throw LoadError(message: "The network is down.") }
        return "\(number) is fine"
      }
    }
    await store.send(.view(.factTapped)) { $0.isLoadingFact = true }
    await store.receive(\.internal.factResponse.failure) {
      $0.isLoadingFact = false
      $0.alert = AlertState {
        TextState("Could not load a fact")
      } actions: {
        ButtonState(action: .retryTapped) { TextState("Retry") }
        ButtonState(role: .cancel) { TextState("OK") }
      } message: {
        TextState("The network is down.")
      }
    }
    await store.send(.alert(.presented(.retryTapped))) {
      $0.alert = nil
      $0.isLoadingFact = true
    }
    await store.receive(\.internal.factResponse.success, "0 is fine") {
      $0.isLoadingFact = false
      $0.fact = "0 is fine"
    }
  }

  @Test func theAlertsCancelButtonJustDismisses() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { _ in throw FactError() }
    }
    await store.send(.view(.factTapped)) { $0.isLoadingFact = true }
    await store.receive(\.internal.factResponse.failure) {
      $0.isLoadingFact = false
      $0.alert = AlertState {
        TextState("Could not load a fact")
      } actions: {
        ButtonState(action: .retryTapped) { TextState("Retry") }
        ButtonState(role: .cancel) { TextState("OK") }
      } message: {
        TextState(LoadError(FactError()).message)
      }
    }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
  }

  @Test func cancellingTheFetchDropsItsResponse() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { number in
        try await clock.sleep(for: .seconds(1))
        return "\(number) arrived late"
      }
    }
    await store.send(.view(.factTapped)) { $0.isLoadingFact = true }
    await store.send(.view(.cancelFactTapped)) { $0.isLoadingFact = false }
    await clock.run()
  }

  @Test func aSecondFetchReplacesTheFirst() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { number in
        try await clock.sleep(for: .seconds(1))
        return "fact \(number)"
      }
    }
    await store.send(.view(.factTapped)) { $0.isLoadingFact = true }
    await store.send(.view(.incrementTapped)) { $0.count = 1 }
    await store.send(.view(.factTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(\.internal.factResponse.success, "fact 1") {
      $0.isLoadingFact = false
      $0.fact = "fact 1"
    }
  }
}
