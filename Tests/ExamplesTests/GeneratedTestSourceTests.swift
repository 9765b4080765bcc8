import CounterExample
import Foundation
import ReducerKit
import Testing

/// A recorded session turned into test source: the source generated for a counter's session is
/// the test committed beside it (`Generated/CounterRecordedSessionTests.swift`), which this
/// target compiles and runs as it was generated.
@MainActor
@Suite struct GeneratedTestSourceTests {
  /// The counter's session: three taps, a fact loaded by an effect, a tap that clears it.
  static func counterSource() async -> String {
    let store = Store(initialState: Counter.State(count: 7)) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a prime number" }
    }
    let recording = store.startRecording()
    for _ in 0..<3 { store.send(.view(.incrementTapped)) }
    await store.send(.view(.factTapped)).finish()
    store.send(.view(.decrementTapped))
    recording.stop()
    return recording.testSource(
      named: "aRecordedCounterSessionReducesAsItDid", feature: "Counter()",
      initialState: "Counter.State()", startingFrom: Counter.State(),
      imports: ["CounterExample"])
  }

  @Test func theGeneratedSourceIsTheCommittedTest() async throws {
    let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Generated/CounterRecordedSessionTests.swift")
    let source = await Self.counterSource()
    if ProcessInfo.processInfo.environment["REDUCERKIT_REGENERATE"] == "1" {
      try source.write(to: committed, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOf: committed, encoding: .utf8)
    #expect(
      source == expected,
      """
      The source generated from the counter's session is not the committed test. If the \
      generator's change is intended, run this test with REDUCERKIT_REGENERATE=1 to write it \
      to \(committed.path), and review the change.
      """)
  }
}
