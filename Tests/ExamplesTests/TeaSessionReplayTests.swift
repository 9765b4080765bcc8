import Foundation
import ReducerKit
import ReducerKitTesting
import TeaTimersExample
import Testing

/// A recorded session of one tea's timer, kept as a fixture, replayed on today's reducer: a
/// change to `Tea` that would make the session end differently fails here, at the step where
/// it starts to differ.
@MainActor
@Suite struct TeaSessionReplayTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/tea-session.json")

  @Test func theRecordedSessionStillPlaysOutTheSame() async throws {
    let recording = try SessionRecording<Tea.State, Tea.Action>(contentsOf: Self.fixture)
    #expect(recording.steps.count == 10)
    #expect(recording.steps.contains { if case .effect = $0.origin { true } else { false } })
    #expect(recording.effects.map(\.ending) == [.cancelled, .cancelled])
    let passed = await replay(recording) { Tea() }
    #expect(passed)
  }

  /// Writes the fixture again: `REDUCERKIT_RECORD_FIXTURES=1 swift test --filter TeaSession`.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["REDUCERKIT_RECORD_FIXTURES"] == "1"))
  func recordTheSession() async throws {
    let clock = TestClock()
    let store = Store(
      initialState: Tea.State(id: UUID(0), name: "sencha", steepTime: .seconds(3))
    ) {
      Tea()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let recording = store.startRecording()
    // Steeps to the end: started, three ticks, ready.
    store.send(.start)
    for remaining in [2, 1] {
      await clock.advance(by: .seconds(1))
      try await waitUntil { store.status == .steeping(remaining: .seconds(remaining)) }
    }
    await clock.advance(by: .seconds(1))
    try await waitUntil { store.status == .ready }
    // Starts again and stops after a tick.
    store.send(.start)
    await clock.advance(by: .seconds(1))
    try await waitUntil { store.status == .steeping(remaining: .seconds(2)) }
    store.send(.stop)
    recording.stop()
    try recording.write(to: Self.fixture)
  }

  /// Waits for the store's effects to deliver, by condition, with a deadline only a hang exceeds.
  private func waitUntil(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(30)
    while !condition() {
      guard ContinuousClock.now < deadline else { throw CancellationError() }
      await Task.yield()
    }
  }
}
