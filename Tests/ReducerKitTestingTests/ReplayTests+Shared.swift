import ReducerKit
import ReducerKitTesting
import Testing

/// Replaying a session whose reducer changes a `@Shared` value.
@MainActor
@Suite struct ReplaySharedTests {
  struct Signing: Reducer {
    struct State: Equatable, Sendable, Codable {
      @Shared var signature: String
      var signedTimes = 0
    }
    enum Action: Equatable, Sendable, Codable {
      case sign(String)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .sign(let name) = action {
        state.$signature.withLock { $0 = name }
        state.signedTimes += 1
      }
      return .none
    }
  }

  /// A session that signs twice; the signature changes again once it is over.
  func recordedSession() -> SessionRecording<Signing.State, Signing.Action> {
    let signature = Shared(value: "")
    let store = Store(initialState: Signing.State(signature: signature)) { Signing() }
    let recording = store.startRecording()
    store.send(.sign("Ada"))
    store.send(.sign("Grace"))
    recording.stop()
    signature.withLock { $0 = "someone else" }
    return recording
  }

  @Test func aSessionThatChangesASharedValueReplays() async {
    let recording = recordedSession()
    let passed = await replay(recording) { Signing() }
    #expect(passed)
    #expect(recording.withSharedValues(at: recording.steps[0]) { $0.signature } == "Ada")
  }

  @Test func aReducerThatSignsWronglyFailsAtItsStep() async {
    let recording = recordedSession()
    var passed = true
    await expectIssues {
      passed = await replay(recording) {
        Reduce<Signing.State, Signing.Action> { state, action in
          // The change under test: the second signature is dropped.
          if case .sign(let name) = action, state.signedTimes == 0 {
            state.$signature.withLock { $0 = name }
          }
          state.signedTimes += 1
          return .none
        }
      }
    } matching: { issue in
      message(issue).hasPrefix(#""replay" found step 1 of the recording different"#)
        && message(issue).contains(#"−   signature: "Grace""#)
        && message(issue).contains(#"+   signature: "Ada""#)
    }
    #expect(!passed)
  }
}
