import ReducerKit
import SearchExample
import Testing

/// A recorded session of 2 steps, reduced again by the reducer alone (no
/// effect runs: what effects sent back is among the steps).
@MainActor
@Test func aRecordedSearchSessionReducesAsItDid() {
  let feature = Search()
  var state = Search.State()

  // Step 0, sent from outside the store.
  _ = feature.reduce(into: &state, action: .view(.binding(.set(\.query, "Lis"))))
  #expect(state.query == "Lis")
  #expect(state.results == .loading(previous: nil))

  // Step 1, sent by the effect at SearchExample/Search.swift:85.
  _ = feature.reduce(
    into: &state,
    action: .internal(.searchResponse(.success([Place(name: "Lisbon", country: "Portugal")]))))
  #expect(state.results == .loaded([Place(name: "Lisbon", country: "Portugal")]))
}
