import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct EffectTimingTests {
  struct Search: Reducer {
    struct State: Equatable, Sendable { var results: [String] = [] }
    enum Action: Equatable, Sendable {
      case debounced(String)
      case throttled(String, latest: Bool)
      case throttledSend(String, latest: Bool)
      case result(String)
    }
    enum CancelID: Hashable, Sendable { case debounce, throttle }
    let clock: TestClock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .debounced(let query):
        return .send(.result(query))
          .debounce(id: CancelID.debounce, for: .milliseconds(300), clock: clock)
      case .throttled(let query, let latest):
        return .run { send in await send(.result(query)) }
          .throttle(id: CancelID.throttle, for: .seconds(1), clock: clock, latest: latest)
      case .throttledSend(let query, let latest):
        return .send(.result(query))
          .throttle(id: CancelID.throttle, for: .seconds(1), clock: clock, latest: latest)
      case .result(let query):
        state.results.append(query)
        return .none
      }
    }
  }

  private func makeStore(clock: TestClock) -> Store<Search.State, Search.Action> {
    let executor = SerialTestExecutor()
    clock.waits(for: executor)
    return Store(
      initialState: Search.State(), reducer: Search(clock: clock),
      dependencies: DependencyValues().forNewStore(), executor: executor
    )
  }

  @Test func debounceRunsOnlyTheLastOfABurst() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    store.send(.debounced("s"))
    await clock.advance(by: .milliseconds(100))
    store.send(.debounced("sw"))
    await clock.advance(by: .milliseconds(100))
    store.send(.debounced("swi"))
    await clock.advance(by: .milliseconds(299))
    #expect(store.results.isEmpty)
    await clock.advance(by: .milliseconds(1))
    #expect(store.results == ["swi"])
    store.send(.debounced("swift"))
    await clock.advance(by: .milliseconds(300))
    #expect(store.results == ["swi", "swift"])
  }

  @Test func throttleWithLatestRunsTheNewestWaitingEffect() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    store.send(.throttled("a", latest: true))
    await clock.advance()
    #expect(store.results == ["a"])
    store.send(.throttled("b", latest: true))
    store.send(.throttled("c", latest: true))
    await clock.advance(by: .milliseconds(500))
    store.send(.throttled("d", latest: true))
    await clock.advance(by: .milliseconds(499))
    #expect(store.results == ["a"])
    await clock.advance(by: .milliseconds(1))
    #expect(store.results == ["a", "d"])
    await clock.advance(by: .seconds(5))
    store.send(.throttled("e", latest: true))
    await clock.advance()
    #expect(store.results == ["a", "d", "e"])
  }

  @Test func throttleWithoutLatestRunsTheFirstWaitingEffect() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    store.send(.throttled("a", latest: false))
    await clock.advance()
    store.send(.throttled("b", latest: false))
    store.send(.throttled("c", latest: false))
    await clock.advance(by: .milliseconds(500))
    store.send(.throttled("d", latest: false))
    await clock.advance(by: .milliseconds(500))
    #expect(store.results == ["a", "b"])
    await clock.advance(by: .seconds(5))
    #expect(store.results == ["a", "b"])
    store.send(.throttled("e", latest: false))
    await clock.advance()
    #expect(store.results == ["a", "b", "e"])
  }

  @Test func theStoreRunsTheFirstThrottledEffectWhenItIsReturned() {
    let store = makeStore(clock: TestClock())
    store.send(.throttledSend("1", latest: true))
    #expect(store.results == ["1"])
    store.send(.throttledSend("2", latest: true))
    #expect(store.results == ["1"])
  }

  @Test func aWindowIsAnchoredAtTheLastRunAndTheFirstWaitingEffectWins() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    store.send(.throttledSend("1", latest: false))
    store.send(.throttledSend("2", latest: false))
    await clock.advance(by: .milliseconds(250))
    store.send(.throttledSend("3", latest: false))
    await clock.advance(by: .milliseconds(250))
    store.send(.throttledSend("4", latest: false))
    await clock.advance(by: .milliseconds(250))
    store.send(.throttledSend("5", latest: false))
    #expect(store.results == ["1"])
    await clock.advance(by: .milliseconds(250))
    #expect(store.results == ["1", "2"])
    // "2" ran at one second and opened the next window.
    await clock.advance(by: .milliseconds(250))
    store.send(.throttledSend("6", latest: false))
    await clock.advance(by: .milliseconds(500))
    #expect(store.results == ["1", "2"])
    store.send(.throttledSend("7", latest: false))
    await clock.advance(by: .milliseconds(250))
    #expect(store.results == ["1", "2", "6"])
  }

  @Test func anEffectAfterTheWindowRunsAtOnce() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    store.send(.throttledSend("1", latest: true))
    await clock.advance(by: .seconds(2))
    store.send(.throttledSend("2", latest: true))
    #expect(store.results == ["1", "2"])
    await clock.advance(by: .seconds(2))
    store.send(.throttledSend("3", latest: true))
    #expect(store.results == ["1", "2", "3"])
  }

  @Test func anEffectArrivingAsTheWaitingOneRunsWaitsForTheNextWindow() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    store.send(.throttledSend("1", latest: false))
    await clock.advance(by: .milliseconds(500))
    store.send(.throttledSend("2", latest: false))
    await clock.advance(by: .milliseconds(500))
    store.send(.throttledSend("3", latest: false))
    #expect(store.results == ["1", "2"])
    await clock.run()
    #expect(store.results == ["1", "2", "3"])
  }

  @Test func cancellingTheThrottleIDDropsTheWaitingEffect() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    store.send(.throttledSend("1", latest: true))
    let waiting = store.send(.throttledSend("2", latest: true))
    waiting.cancel()
    await clock.advance(by: .seconds(2))
    await waiting.finish()
    #expect(store.results == ["1"])
  }
}
