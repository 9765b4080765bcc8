import ReducerKit
import TeaTimersExample
import Testing

/// A recorded session of 6 steps, reduced again by the reducer alone (no
/// effect runs: what effects sent back is among the steps).
@MainActor
@Test func aRecordedTeaSessionReducesAsItDid() {
  let feature = Tea()
  var state = Tea.State(id: UUID(0), name: "Sencha", steepTime: .seconds(3))

  // Step 0, sent from outside the store.
  _ = feature.reduce(into: &state, action: .start)
  #expect(state.status == .steeping(remaining: .seconds(3)))

  // Step 1, sent by the reducer at step 0.
  _ = feature.reduce(into: &state, action: .delegate(.started))

  // Step 2, sent from outside the store.
  _ = feature.reduce(into: &state, action: .tick)
  #expect(state.status == .steeping(remaining: .seconds(2)))

  // Step 3, sent from outside the store.
  _ = feature.reduce(into: &state, action: .tick)
  #expect(state.status == .steeping(remaining: .seconds(1)))

  // Step 4, sent from outside the store.
  _ = feature.reduce(into: &state, action: .tick)
  #expect(state.status == .ready)

  // Step 5, sent by the reducer at step 4.
  _ = feature.reduce(into: &state, action: .delegate(.ready))
}
