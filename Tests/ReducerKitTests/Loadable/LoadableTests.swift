import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct LoadableTests {
  struct Offline: Error, CustomStringConvertible {
    var description: String { "offline" }
  }

  struct Profile: Reducer {
    struct State: Equatable, Sendable {
      var name: Loadable<String> = .idle
    }
    enum Action: Equatable, Sendable {
      case refresh(delay: Int, result: String?)
      case nameResponse(Result<String, LoadError>)
    }
    enum CancelID: Hashable, Sendable { case name }
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .refresh(let delay, let result):
        state.name.startLoading()
        return .load(id: CancelID.name, response: Action.nameResponse) { [clock] in
          try await clock.sleep(for: .seconds(delay))
          guard let result else { throw Offline() }
          return result
        }
      case .nameResponse(let result):
        state.name.finish(result)
        return .none
      }
    }
  }

  func makeStore(
    _ state: Profile.State = Profile.State(), clock: TestClock
  ) -> TestStore<Profile.State, Profile.Action> {
    TestStore(initialState: state) {
      Profile()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func aFailedReloadKeepsTheOldValueAndExposesTheError() async {
    let clock = TestClock()
    let store = makeStore(Profile.State(name: .loaded("Blob")), clock: clock)
    await store.send(.refresh(delay: 1, result: nil)) { $0.name = .loading(previous: "Blob") }
    #expect(store.state.name.value == "Blob")
    #expect(store.state.name.isLoading)
    await clock.advance(by: .seconds(1))
    await store.receive(\.nameResponse) { $0.name = .failed("offline", previous: "Blob") }
    #expect(store.state.name.value == "Blob")
    #expect(store.state.name.error == "offline")
    #expect(!store.state.name.isLoading)
  }

  @Test func overlappingLoadsDeliverOnlyTheNewest() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.refresh(delay: 5, result: "slow and old")) {
      $0.name = .loading(previous: nil)
    }
    await store.send(.refresh(delay: 1, result: "new"))
    await clock.advance(by: .seconds(1))
    await store.receive(.nameResponse(.success("new"))) { $0.name = .loaded("new") }
    await clock.advance(by: .seconds(10))
    await store.finish()
    #expect(store.state.name == .loaded("new"))
  }

  @Test func valueIsLoadingAndErrorInEveryCase() {
    let cases: [(Loadable<Int>, value: Int?, isLoading: Bool, error: LoadError?)] = [
      (.idle, nil, false, nil),
      (.loading(previous: nil), nil, true, nil),
      (.loading(previous: 1), 1, true, nil),
      (.loaded(2), 2, false, nil),
      (.failed("boom", previous: 3), 3, false, "boom"),
      (.failed("boom", previous: nil), nil, false, "boom"),
    ]
    for (loadable, value, isLoading, error) in cases {
      #expect(loadable.value == value)
      #expect(loadable.isLoading == isLoading)
      #expect(loadable.error == error)
    }
  }

  @Test func startFinishResetAndMap() {
    var loadable = Loadable<Int>.idle
    loadable.startLoading()
    #expect(loadable == .loading(previous: nil))
    loadable.finish(.success(1))
    #expect(loadable == .loaded(1))
    loadable.startLoading()
    #expect(loadable == .loading(previous: 1))
    loadable.finish(.failure(Offline()))
    #expect(loadable == .failed("offline", previous: 1))
    #expect(loadable.map { "\($0)!" } == .failed("offline", previous: "1!"))
    loadable.startLoading()
    #expect(loadable == .loading(previous: 1))
    loadable.reset()
    #expect(loadable == .idle)
  }

  @Test func codableWhenTheValueIs() throws {
    let values: [Loadable<Int>] = [
      .idle, .loading(previous: 1), .loaded(2), .failed("x", previous: 3),
    ]
    let data = try JSONEncoder().encode(values)
    #expect(try JSONDecoder().decode([Loadable<Int>].self, from: data) == values)
    #expect(Set(values).count == 4)
  }

  @Test func tellsItsPhaseAndStartsLoadingOnlyWhenNeeded() {
    var loadable = Loadable<Int>.idle
    #expect(loadable.isIdle && !loadable.hasValue && !loadable.isFailed)
    var started = loadable.startLoadingIfNeeded()
    #expect(started)
    #expect(loadable == .loading(previous: nil))
    started = loadable.startLoadingIfNeeded()
    #expect(!started)
    loadable.finish(.success(1))
    #expect(loadable.hasValue && !loadable.isIdle)
    started = loadable.startLoadingIfNeeded()
    #expect(!started)
    struct Offline: Error {}
    loadable.startLoading()
    loadable.finish(.failure(Offline()))
    #expect(loadable.isFailed && loadable.hasValue)
    started = loadable.startLoadingIfNeeded()
    #expect(started)
    #expect(loadable == .loading(previous: 1))
  }
}
