import ReducerKit
import ReducerKitTesting
import Testing

/// The test store's deprecated forms (`TestStore+Compatibility.swift`) still work: `receive`
/// with a hand-built case path, with and without the payload.
///
/// NB: called from deprecated witnesses, which warn nowhere, reached through
/// ``HandBuiltPathReceives`` (Swift Testing refuses a deprecated test).
@MainActor
@Suite struct TestStoreCompatibilityTests {
  struct Loader: Reducer {
    struct State: Equatable, Sendable { var value = 0 }
    enum Action: Equatable, Sendable {
      case load
      case loaded(Int)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .load:
        return .send(.loaded(42))
      case .loaded(let value):
        state.value = value
        return .none
      }
    }
  }

  static let loaded = AnyCasePath<Loader.Action, Int>(
    embed: Loader.Action.loaded, extract: { if case .loaded(let value) = $0 { value } else { nil } }
  )

  struct Receives: HandBuiltPathReceives {
    @available(*, deprecated, message: "Calls the deprecated form under test")
    static func receiveLoaded(_ store: TestStoreOf<Loader>) async {
      await store.receive(TestStoreCompatibilityTests.loaded) { $0.value = 42 }
    }
    @available(*, deprecated, message: "Calls the deprecated form under test")
    static func receiveLoaded(_ store: TestStoreOf<Loader>, _ value: Int) async {
      await store.receive(TestStoreCompatibilityTests.loaded, value)
    }
  }

  @Test func aHandBuiltCasePathReceivesItsCase() async {
    func run<Made: HandBuiltPathReceives>(_: Made.Type) async {
      let store = TestStore(initialState: Loader.State()) { Loader() }
      await store.send(.load)
      await Made.receiveLoaded(store)
      await store.send(.loaded(0)) { $0.value = 0 }
      await store.send(.load)
      await expectIssues {
        await Made.receiveLoaded(store, 41)
      } matching: { issue in
        issue.comments.first?.rawValue.contains("The payload differs:") == true
      }
    }
    await run(Receives.self)
  }
}

/// The deprecated `receive` forms ``TestStoreCompatibilityTests`` calls.
@MainActor
protocol HandBuiltPathReceives {
  static func receiveLoaded(_ store: TestStoreOf<TestStoreCompatibilityTests.Loader>) async
  static func receiveLoaded(
    _ store: TestStoreOf<TestStoreCompatibilityTests.Loader>, _ value: Int) async
}
