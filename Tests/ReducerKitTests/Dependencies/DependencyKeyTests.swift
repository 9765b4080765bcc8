import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// A key whose value type is inferred from `liveValue` alone (no `typealias Value`).
private enum NowKey: DependencyKey {
  static let liveValue: @Sendable () -> Date = { Date() }
  static let testValue: @Sendable () -> Date = { Date(timeIntervalSince1970: 0) }
}

/// A client with a live value only, as a test overrides part of it.
struct SpeechClient: DependencyKey, Sendable {
  var speak: @Sendable (String) async throws -> Int
  var stop: @Sendable () async -> Void
  static let liveValue = SpeechClient(speak: { $0.count }, stop: {})
}

extension DependencyValues {
  fileprivate var now: @Sendable () -> Date {
    get { self[NowKey.self] }
    set { self[NowKey.self] = newValue }
  }
  var speech: SpeechClient {
    get { self[SpeechClient.self] }
    set { self[SpeechClient.self] = newValue }
  }
}

@MainActor
@Suite struct DependencyKeyTests {
  @Test func infersTheValueTypeFromTheLiveValue() {
    #expect(NowKey.Value.self == (@Sendable () -> Date).self)
    let date = withDependencies {
      $0.now = { Date(timeIntervalSince1970: 7) }
    } operation: {
      DependencyValues.currentForTesting.now()
    }
    #expect(date == Date(timeIntervalSince1970: 7))
  }

  struct Speaker: Reducer {
    struct State: Equatable, Sendable { var spoken = 0 }
    enum Action: Equatable, Sendable {
      case speak
      case spoken(Int)
    }
    @Dependency(\.speech) var speech
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .speak:
        return .run { [speech] send in await send(.spoken(try await speech.speak("hello"))) }
      case .spoken(let count):
        state.spoken = count
        return .none
      }
    }
  }

  @Test func aLiveOnlyKeyPartlyOverriddenInATestIsNotReported() async {
    let store = TestStore(initialState: Speaker.State()) {
      Speaker()
    } withDependencies: {
      $0.speech.speak = { _ in 42 }
    }
    await store.send(.speak)
    await store.receive(.spoken(42)) { $0.spoken = 42 }
  }

  @Test func changingPartOfItThroughTheStoresDependenciesIsNotReportedEither() async {
    let store = TestStore(initialState: Speaker.State()) { Speaker() }
    store.dependencies.speech.speak = { _ in 7 }
    await store.send(.speak)
    await store.receive(.spoken(7)) { $0.spoken = 7 }
  }

  @Test func usingALiveOnlyKeyNobodyOverrodeIsReported() async {
    let store = TestStore(initialState: Speaker.State()) { Speaker() }
    await expectIssues {
      await store.send(.speak)
      await store.receive(.spoken(5)) { $0.spoken = 5 }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""SpeechClient" has no test value, but was accessed from a test."#) ?? false
    }
  }
}
