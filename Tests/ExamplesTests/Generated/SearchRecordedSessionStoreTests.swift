import ReducerKit
import ReducerKitTesting
import SearchExample
import Testing

/// A recorded session of 2 steps, replayed through a test store: what was sent
/// from outside sent again, what effects sent back received.
@MainActor
@Test func aRecordedSearchSessionPlaysOutThroughATestStore() async {
  let store = TestStore(initialState: Search.State()) {
    Search()
  } withDependencies: {
    $0.continuousClock = ImmediateClock()
    $0.placeSearch.search = { _ in [Place(name: "Lisbon", country: "Portugal")] }
  }

  // Step 0, sent from outside the store.
  await store.send(.view(.binding(.set(\.query, "Lis")))) {
    $0.query = "Lis"
    $0.results = .loading(previous: nil)
  }

  // Step 1, sent by the effect at SearchExample/Search.swift:85.
  await store.receive(
    \.internal.searchResponse.success, [Place(name: "Lisbon", country: "Portugal")]
  ) {
    $0.results = .loaded([Place(name: "Lisbon", country: "Portugal")])
  }
}
