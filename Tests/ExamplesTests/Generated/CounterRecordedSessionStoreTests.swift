import CounterExample
import ReducerKit
import ReducerKitTesting
import Testing

/// A recorded session of 7 steps, replayed through a test store: what was sent
/// from outside sent again, what effects sent back received.
@MainActor
@Test func aRecordedCounterSessionPlaysOutThroughATestStore() async {
  var initialState = Counter.State()
  initialState.count = 7
  let store = TestStore(initialState: initialState) {
    Counter()
  } withDependencies: {
    $0.numberFact.fetch = { "\($0) is a prime number" }
  }

  // Step 0, sent from outside the store.
  await store.send(.view(.incrementTapped)) {
    $0.count = 8
  }

  // Step 1, sent from outside the store.
  await store.send(.view(.incrementTapped)) {
    $0.count = 9
  }

  // Step 2, sent from outside the store.
  await store.send(.view(.incrementTapped)) {
    $0.count = 10
  }

  // Step 3, sent by the reducer at step 2.
  await store.receive(\.delegate.countReachedTen)

  // Step 4, sent from outside the store.
  await store.send(.view(.factTapped)) {
    $0.isLoadingFact = true
  }

  // Step 5, sent by the effect at CounterExample/Counter.swift:62.
  await store.receive(\.internal.factResponse.success, "10 is a prime number") {
    $0.fact = "10 is a prime number"
    $0.isLoadingFact = false
  }

  // Step 6, sent from outside the store.
  await store.send(.view(.decrementTapped)) {
    $0.count = 9
    $0.fact = nil
  }
}
