import ReducerKit
import ReducerKitTesting
import SearchExample
import Testing

private let lisbon = Place(name: "Lisbon", country: "Portugal")
private let lima = Place(name: "Lima", country: "Peru")

@MainActor
@Suite struct SearchTests {
  private func makeStore(
    clock: TestClock, search: @escaping @Sendable (String) async throws -> [Place]
  ) -> TestStoreOf<Search> {
    TestStore(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.placeSearch.search = search
    }
  }

  @Test func searchesOnceTypingPauses() async {
    let clock = TestClock()
    let store = makeStore(clock: clock) { query in
      query == "Li" ? [lisbon, lima] : []
    }
    await store.send(.view(.binding(.set(\.query, "L")))) {
      $0.query = "L"
      $0.results = .loading(previous: nil)
    }
    await clock.advance(by: .milliseconds(200))
    await store.send(.view(.binding(.set(\.query, "Li")))) { $0.query = "Li" }
    await clock.advance(by: .milliseconds(200))
    // The first query's window was restarted by the second: nothing searched yet.
    await clock.advance(by: .milliseconds(100))
    await store.receive(\.internal.searchResponse.success, [lisbon, lima]) {
      $0.results = .loaded([lisbon, lima])
    }
  }

  @Test func aNewerQueryCancelsTheSearchInFlight() async {
    let clock = TestClock()
    let store = makeStore(clock: clock) { query in
      try await clock.sleep(for: .seconds(1))
      return query == "Lim" ? [lima] : [lisbon, lima]
    }
    await store.send(.view(.binding(.set(\.query, "Li")))) {
      $0.query = "Li"
      $0.results = .loading(previous: nil)
    }
    await clock.advance(by: Search.debounce)  // the "Li" search is now in flight
    await store.send(.view(.binding(.set(\.query, "Lim")))) { $0.query = "Lim" }
    await clock.advance(by: Search.debounce + .seconds(1))
    await store.receive(\.internal.searchResponse.success, [lima]) {
      $0.results = .loaded([lima])
    }
  }

  @Test func clearingTheQueryCancelsAndResets() async {
    let clock = TestClock()
    let store = makeStore(clock: clock) { _ in [lisbon] }
    await store.send(.view(.binding(.set(\.query, "Lis")))) {
      $0.query = "Lis"
      $0.results = .loading(previous: nil)
    }
    await store.send(.view(.binding(.set(\.query, "  ")))) {
      $0.query = "  "
      $0.results = .idle
    }
    await clock.run()
  }

  @Test func submittingSearchesAtOnce() async {
    let clock = TestClock()
    let store = TestStore(initialState: Search.State(query: "Lis")) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.placeSearch.search = { _ in [lisbon] }
    }
    await store.send(.view(.searchSubmitted)) { $0.results = .loading(previous: nil) }
    await store.receive(\.internal.searchResponse.success, [lisbon]) {
      $0.results = .loaded([lisbon])
    }
    await store.send(.view(.searchSubmitted)) { $0.results = .loading(previous: [lisbon]) }
    await store.receive(\.internal.searchResponse.success) {
      $0.results = .loaded([lisbon])
    }
  }

  @Test func aFailedSearchShowsAnAlertThatRetries() async {
    let clock = TestClock()
    let fails = LockIsolated(true)
    let store = TestStore(initialState: Search.State(query: "Os")) {
      Search()
    } withDependencies: {
      $0.continuousClock = clock
      $0.placeSearch.search = { _ in
        if fails.value { throw LoadError(message: "Offline.") }
        return [Place(name: "Oslo", country: "Norway")]
      }
    }
    await store.send(.view(.searchSubmitted)) { $0.results = .loading(previous: nil) }
    await store.receive(\.internal.searchResponse.failure) {
      $0.results = .failed(LoadError(message: "Offline."), previous: nil)
      $0.alert = AlertState {
        TextState("Search failed")
      } actions: {
        ButtonState(action: .retryTapped) { TextState("Retry") }
        ButtonState(role: .cancel) { TextState("OK") }
      } message: {
        TextState("Offline.")
      }
    }
    fails.setValue(false)
    await store.send(.alert(.presented(.retryTapped))) {
      $0.alert = nil
      $0.results = .loading(previous: nil)
    }
    await store.receive(\.internal.searchResponse.success) {
      $0.results = .loaded([Place(name: "Oslo", country: "Norway")])
    }
  }
}
