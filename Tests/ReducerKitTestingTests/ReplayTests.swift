import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct ReplayTests {
  /// A session of the contract's counter: three taps, a fact loaded by an effect.
  func recordedSession() async -> SessionRecording<Counter.State, Counter.Action> {
    let store = Store(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a fine number" }
    }
    let recording = store.startRecording()
    for _ in 0..<3 { store.send(.view(.incrementTapped)) }
    await store.send(.view(.factTapped)).finish()
    recording.stop()
    return recording
  }

  @Test func aSessionReplaysOnTheReducerThatRecordedIt() async {
    let recording = await recordedSession()
    #expect(recording.steps.count == 5)
    let passed = await replay(recording) { Counter() }
    #expect(passed)
  }

  @Test func aReducerThatChangedFailsAtTheFirstStepThatDiffers() async {
    let recording = await recordedSession()
    var passed = true
    await expectIssues {
      passed = await replay(recording) {
        Counter()
        Reduce { state, action in
          // The change under test: the second tap counts twice.
          if case .view(.incrementTapped) = action, state.count == 2 { state.count = 3 }
          return .none
        }
      }
    } matching: { issue in
      message(issue).hasPrefix(
        """
        "replay" found step 1 of the recording different: the reducer left another state \
        than the one recorded.

          Step 1 (sent from outside the store):
            Counter.Action.view(.incrementTapped)

          State (− recorded, + replayed):
              Counter.State(
            −   count: 2,
            +   count: 3,
        """)
    }
    #expect(!passed)
  }

  @Test func aRecordingWithoutStepsFails() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    let recording = store.startRecording()
    recording.stop()
    await expectIssues {
      await replay(recording) { Counter() }
    } matching: { issue in
      message(issue).contains("a recording without steps")
    }
  }
}
