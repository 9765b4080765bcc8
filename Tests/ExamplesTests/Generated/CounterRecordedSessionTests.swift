import CounterExample
import ReducerKit
import Testing

/// A recorded session of 7 steps, reduced again by the reducer alone (no
/// effect runs: what effects sent back is among the steps).
@MainActor
@Test func aRecordedCounterSessionReducesAsItDid() {
  let feature = Counter()
  var state = Counter.State()
  state.count = 7

  // Step 0, sent from outside the store.
  _ = feature.reduce(into: &state, action: .view(.incrementTapped))
  #expect(state.count == 8)

  // Step 1, sent from outside the store.
  _ = feature.reduce(into: &state, action: .view(.incrementTapped))
  #expect(state.count == 9)

  // Step 2, sent from outside the store.
  _ = feature.reduce(into: &state, action: .view(.incrementTapped))
  #expect(state.count == 10)

  // Step 3, sent by the reducer at step 2.
  _ = feature.reduce(into: &state, action: .delegate(.countReachedTen))

  // Step 4, sent from outside the store.
  _ = feature.reduce(into: &state, action: .view(.factTapped))
  #expect(state.isLoadingFact == true)

  // Step 5, sent by the effect at CounterExample/Counter.swift:62.
  _ = feature.reduce(
    into: &state, action: .internal(.factResponse(.success("10 is a prime number"))))
  #expect(state.fact == "10 is a prime number")
  #expect(state.isLoadingFact == false)

  // Step 6, sent from outside the store.
  _ = feature.reduce(into: &state, action: .view(.decrementTapped))
  #expect(state.count == 9)
  #expect(state.fact == nil)
}
