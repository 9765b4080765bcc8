import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// Two tabs sharing statistics kept in a file, as TCA's file-storage case study runs them: a
/// counter tab changes them, a profile tab shows and resets them, each feature holding the same
/// `.fileStorage` key; in tests the file lives in memory, for the test only.
@MainActor
@Suite struct FileStorageScenarioTests {
  struct Stats: Codable, Equatable, Sendable {
    private(set) var count = 0
    private(set) var maxCount = 0
    private(set) var minCount = 0
    private(set) var numberOfCounts = 0

    mutating func increment() {
      count += 1
      numberOfCounts += 1
      maxCount = max(maxCount, count)
    }

    mutating func decrement() {
      count -= 1
      numberOfCounts += 1
      minCount = min(minCount, count)
    }
  }

  struct CounterTab: Reducer {
    struct State: Equatable, Sendable {
      @Presents var alert: AlertState<Action.Alert>?
      @Shared(.fileStorage(.stats)) var stats = Stats()
    }
    enum Action: Sendable {
      case alert(PresentationAction<Alert>)
      case decrementButtonTapped
      case incrementButtonTapped
      case isPrimeButtonTapped
      enum Alert: Equatable, Sendable {}
    }

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .alert:
          return .none
        case .decrementButtonTapped:
          state.$stats.withLock { $0.decrement() }
          return .none
        case .incrementButtonTapped:
          state.$stats.withLock { $0.increment() }
          return .none
        case .isPrimeButtonTapped:
          let count = state.stats.count
          state.alert = AlertState {
            TextState(
              isPrime(count) ? "The number \(count) is prime!" : "The number \(count) is not prime")
          }
          return .none
        }
      }
      .ifLet(\.$alert, action: Action.alert)
    }
  }

  struct ProfileTab: Reducer {
    struct State: Equatable, Sendable {
      @Shared(.fileStorage(.stats)) var stats = Stats()
    }
    enum Action: Sendable { case resetStatsButtonTapped }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.$stats.withLock { $0 = Stats() }
      return .none
    }
  }

  struct Tabs: Reducer {
    enum Tab: Equatable, Sendable { case counter, profile }
    struct State: Equatable, Sendable {
      var currentTab = Tab.counter
      var counter = CounterTab.State()
      var profile = ProfileTab.State()
    }
    enum Action: Sendable {
      case counter(CounterTab.Action)
      case profile(ProfileTab.Action)
      case selectTab(Tab)
    }

    var body: some Reducer<State, Action> {
      Scope(state: \.counter, action: Action.counter) { CounterTab() }
      Scope(state: \.profile, action: Action.profile) { ProfileTab() }
      Reduce { state, action in
        if case .selectTab(let tab) = action { state.currentTab = tab }
        return .none
      }
    }
  }

  @Test func selectingTabs() async {
    let store = TestStore(initialState: Tabs.State()) { Tabs() }
    await store.send(.selectTab(.profile)) { $0.currentTab = .profile }
    await store.send(.selectTab(.counter)) { $0.currentTab = .counter }
  }

  @Test func bothTabsSeeEveryChangeToTheSharedStatistics() async {
    let store = TestStore(initialState: Tabs.State()) { Tabs() }
    await store.send(\.counter.incrementButtonTapped) {
      $0.counter.$stats.withLock { $0.increment() }
    }
    #expect(store.state.profile.stats.count == 1)
    await store.send(\.counter.decrementButtonTapped) {
      $0.counter.$stats.withLock { $0.decrement() }
    }
    await store.send(\.profile.resetStatsButtonTapped) {
      $0.profile.$stats.withLock { $0 = Stats() }
    }
    #expect(store.state.counter.stats == Stats())
  }

  @Test func anAlertWithoutButtonActions() async {
    let store = TestStore(initialState: Tabs.State()) { Tabs() }
    await store.send(\.counter.isPrimeButtonTapped) {
      $0.counter.alert = AlertState { TextState("The number 0 is not prime") }
    }
    await store.send(\.counter.alert.dismiss) { $0.counter.alert = nil }
  }

  @Test func theStatisticsOutliveTheStoreThatChangedThem() async {
    do {
      let store = TestStore(initialState: Tabs.State()) { Tabs() }
      await store.send(\.counter.incrementButtonTapped) {
        $0.counter.$stats.withLock { $0.increment() }
      }
    }
    // Another launch of the app, in the same test: the file (in memory) has what was written.
    let relaunched = TestStore(initialState: Tabs.State()) { Tabs() }
    #expect(relaunched.state.counter.stats.count == 1)
    #expect(relaunched.state.profile.stats.numberOfCounts == 1)
  }

  @Test func aChangeNotAssertedFailsTheTest() async {
    let store = TestStore(initialState: Tabs.State()) { Tabs() }
    await expectIssues {
      await store.send(\.counter.incrementButtonTapped)
    } matching: { issue in
      issue.description.contains("numberOfCounts")
    }
  }
}

extension URL {
  fileprivate static let stats = URL.documentsDirectory.appending(path: "stats.json")
}

private func isPrime(_ number: Int) -> Bool {
  guard number > 1 else { return false }
  var divisor = 2
  while divisor * divisor <= number {
    if number.isMultiple(of: divisor) { return false }
    divisor += 1
  }
  return true
}
