import Foundation
import Observation
import ReducerKit
import ReducerKitTesting
import Testing

/// A counter kept in `UserDefaults`.
struct StoredCounter: Reducer {
  struct State: Equatable, Sendable {
    @Shared(.appStorage("count")) var count = 0
  }
  enum Action: Equatable, Sendable { case increment }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.$count.withLock { $0 += 1 }
    return .none
  }
}

/// Two counters of one stored value.
struct StoredCounters: Reducer {
  struct State: Equatable, Sendable {
    var first = StoredCounter.State()
    var second = StoredCounter.State()
  }
  enum Action: Equatable, Sendable {
    case first(StoredCounter.Action)
    case second(StoredCounter.Action)
  }
  var body: some Reducer<State, Action> {
    Scope(state: \.first, action: Action.first) { StoredCounter() }
    Scope(state: \.second, action: Action.second) { StoredCounter() }
  }
}

enum Theme: String, Sendable { case light, dark }
enum Loudness: Int, Sendable {
  case low = 1
  case high = 2
}

/// `.appStorage`: values in `UserDefaults`, per test in tests.
@MainActor
@Suite struct AppStorageKeyTests {
  @Dependency(\.defaultAppStorage) var defaults

  @Test func changesAreWrittenToTheDefaults() {
    @Shared(.appStorage("count")) var count = 0
    #expect(count == 0)
    $count.withLock { $0 += 1 }
    #expect(count == 1)
    #expect(defaults.integer(forKey: "count") == 1)
  }

  @Test func theDefaultIsNotWrittenNorRegistered() {
    // NB: TCA registers it; registration is seen by every suite of the process, so tests
    // running in parallel would see each other's.
    @Shared(.appStorage("count")) var count = 42
    #expect(count == 42)
    #expect(defaults.object(forKey: "count") == nil)
    $count.withLock { $0 += 1 }
    #expect(defaults.integer(forKey: "count") == 43)
  }

  @Test func aStoredValueWinsOverTheDefault() {
    defaults.set(7, forKey: "count")
    @Shared(.appStorage("count")) var count = 0
    #expect(count == 7)
  }

  @Test func anOptionalIsRemovedWhenNil() {
    @Shared(.appStorage("data")) var data: Data?
    #expect(data == nil)
    #expect(defaults.data(forKey: "data") == nil)
    $data.withLock { $0 = Data([1, 2]) }
    #expect(defaults.data(forKey: "data") == Data([1, 2]))
    $data.withLock { $0 = nil }
    #expect(defaults.object(forKey: "data") == nil)
    #expect(data == nil)
  }

  /// Writes `value` through a holder of `key`, lets the holder go, and reads the value back
  /// through a new one (which loads what was stored).
  private func roundTrip<Value: Sendable>(
    _ key: AppStorageKey<Value>, default defaultValue: Value, writing value: Value
  ) -> Value {
    do {
      let holder = Shared(wrappedValue: defaultValue, key)
      holder.withLock { $0 = value }
    }
    return Shared(wrappedValue: defaultValue, key).wrappedValue
  }

  @Test func eachTypeRoundTrips() {
    let date = Date(timeIntervalSince1970: 1_000)
    let file = URL(fileURLWithPath: "/tmp/notes.txt")
    let web = URL(string: "https://example.com/a?b=c")!
    #expect(roundTrip(.appStorage("bool"), default: false, writing: true))
    #expect(roundTrip(.appStorage("int"), default: 0, writing: -7) == -7)
    #expect(roundTrip(.appStorage("double"), default: 0.5, writing: 2.5) == 2.5)
    #expect(roundTrip(.appStorage("string"), default: "", writing: "hello") == "hello")
    #expect(roundTrip(.appStorage("file"), default: web, writing: file) == file)
    #expect(roundTrip(.appStorage("web"), default: file, writing: web) == web)
    #expect(roundTrip(.appStorage("data"), default: Data(), writing: Data([9])) == Data([9]))
    #expect(roundTrip(.appStorage("date"), default: Date.distantPast, writing: date) == date)
    #expect(roundTrip(.appStorage("theme"), default: Theme.light, writing: .dark) == .dark)
    #expect(defaults.string(forKey: "theme") == "dark")
    #expect(roundTrip(.appStorage("level"), default: Loudness.low, writing: .high) == .high)
    #expect(defaults.integer(forKey: "level") == 2)
    #expect(roundTrip(.appStorage("nickname"), default: nil, writing: "Blob") == "Blob")
    #expect(roundTrip(.appStorage("accent"), default: Theme?.none, writing: .dark) == .dark)
    #expect(roundTrip(.appStorage("seen"), default: Date?.none, writing: date) == date)
  }

  @Test func aReaderOfAnOptionalFollowsTheStoredValue() {
    @SharedReader(.appStorage("nickname")) var nickname: String?
    #expect(nickname == nil)
    defaults.set("Blob", forKey: "nickname")
    #expect(nickname == "Blob")
  }

  @Test func aDoubleReadsAnIntegerStoredUnderItsName() {
    defaults.set(3, forKey: "volume")
    @Shared(.appStorage("volume")) var volume = 0.5
    #expect(volume == 3)
  }

  @Test func aValueOfAnotherTypeStoredUnderTheNameGivesTheDefault() {
    defaults.set("loud", forKey: "volume")
    @Shared(.appStorage("volume")) var volume = 1
    #expect(volume == 1)
  }

  @Test func aDirectWriteToTheDefaultsReachesEveryHolder() {
    @Shared(.appStorage("count")) var count = 0
    let store = Store(initialState: StoredCounter.State()) { StoredCounter() }
    defaults.set(42, forKey: "count")
    #expect(count == 42)
    #expect(store.count == 42)
  }

  @Test func aDirectWriteInsideTheValuesOwnLockIsTakenThere() {
    // NB: the defaults report the write while this thread holds the value's lock.
    @Shared(.appStorage("count")) var count = 0
    $count.withLock { value in
      value = 1
      defaults.set(5, forKey: "count")
      #expect(value == 5)
    }
    #expect(count == 5)
    #expect(defaults.integer(forKey: "count") == 5)
  }

  @Test func removingTheStoredValueBringsBackTheDefault() {
    @Shared(.appStorage("count")) var count = 0
    $count.withLock { $0 = 42 }
    defaults.removeObject(forKey: "count")
    #expect(count == 0)
  }

  @Test func settingNilRemovesTheValue() {
    // NB: Linux's own `set(nil, forKey:)` (the URL overload) never returns; the
    // dependency's defaults remove the value.
    @Shared(.appStorage("count")) var count = 0
    $count.withLock { $0 = 5 }
    defaults.set(nil, forKey: "count")
    #expect(count == 0)
  }

  @Test func observersSeeAChangeAndNotAChangeOfAnotherName() {
    @Shared(.appStorage("watched")) var watched = 0
    @Shared(.appStorage("other")) var other = 0
    let changes = LockIsolated(0)
    func track() {
      withObservationTracking {
        _ = watched
      } onChange: {
        changes.withValue { $0 += 1 }
      }
    }
    track()
    $other.withLock { $0 += 1 }
    defaults.set(5, forKey: "unrelated")
    #expect(changes.value == 0)
    $watched.withLock { $0 += 1 }
    #expect(changes.value == 1)
    track()
    defaults.set(9, forKey: "watched")
    #expect(changes.value == 2)
    #expect(watched == 9)
  }

  @Test func anOverriddenStoreIsUsedAndTheTestsOwnIsLeftAlone() throws {
    let name = NSTemporaryDirectory() + "reducerkit-tests.override.\(UUID().uuidString)"
    let custom = try #require(UserDefaults(suiteName: name))
    defer { custom.removePersistentDomain(forName: name) }
    withDependencies {
      $0.defaultAppStorage = custom
    } operation: {
      @Shared(.appStorage("count")) var count = 0
      $count.withLock { $0 += 1 }
    }
    #expect(custom.integer(forKey: "count") == 1)
    #expect(defaults !== custom)
    #expect(defaults.object(forKey: "count") == nil)
  }

  @Test func keysOfOneNameInTwoStoresAreTwoValues() throws {
    let name = NSTemporaryDirectory() + "reducerkit-tests.second.\(UUID().uuidString)"
    let second = try #require(UserDefaults(suiteName: name))
    defer { second.removePersistentDomain(forName: name) }
    @Shared(.appStorage("count")) var first = 0
    @Shared(.appStorage("count", store: second)) var other = 0
    $first.withLock { $0 = 1 }
    $other.withLock { $0 = 2 }
    #expect(first == 1)
    #expect(defaults.integer(forKey: "count") == 1)
    #expect(second.integer(forKey: "count") == 2)
  }

  @Test func loadingAgainReadsADirectWriteToDefaultsOfOnesOwn() async throws {
    // NB: on Linux, defaults made with `UserDefaults(suiteName:)` post no change notification.
    let name = NSTemporaryDirectory() + "reducerkit-tests.reload.\(UUID().uuidString)"
    let custom = try #require(UserDefaults(suiteName: name))
    defer { custom.removePersistentDomain(forName: name) }
    @Shared(.appStorage("count", store: custom)) var count = 0
    custom.set(5, forKey: "count")
    try await $count.load()
    #expect(count == 5)
    #expect($count.loadError == nil)
  }

  @Test func aNameUsedWithAnotherTypeIsAWarningAndAValueOfItsOwn() {
    @Shared(.appStorage("mixed")) var number = 1
    expectIssues {
      @Shared(.appStorage("mixed")) var text = "one"
      #expect(text == "one")
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #"The shared key .appStorage("mixed") holds a value of another type than String"#)
        ?? false
    }
    #expect(number == 1)
  }

  @Test func eachTestStartsWithEmptyDefaults() {
    // NB: with its sibling below, run in parallel: both would see the other's write if tests
    // shared one suite.
    #expect(defaults.object(forKey: "isolated") == nil)
    defaults.set(1, forKey: "isolated")
  }

  @Test func eachTestStartsWithEmptyDefaultsToo() {
    #expect(defaults.object(forKey: "isolated") == nil)
    defaults.set(2, forKey: "isolated")
  }

  // MARK: - With a test store

  @Test func aTestStoreAssertsAStoredChange() async {
    let store = TestStore(initialState: StoredCounter.State()) { StoredCounter() }
    await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
    #expect(defaults.integer(forKey: "count") == 1)
  }

  @Test func aTestStoreFailsOnAnUnassertedStoredChange() async {
    let store = TestStore(initialState: StoredCounter.State()) { StoredCounter() }
    await expectIssues {
      await store.send(.increment)
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""send" changed state, but the test expected no change."#) ?? false
    }
  }

  @Test func aTestStoreTakesAnOutsideChangeAsTheNewStart() async {
    let store = TestStore(initialState: StoredCounter.State()) { StoredCounter() }
    await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
    defaults.set(42, forKey: "count")
    await store.send(.increment) { $0.$count.withLock { $0 = 43 } }
  }

  @Test func siblingsHoldingTheNameShareIt() async {
    let store = TestStore(initialState: StoredCounters.State()) { StoredCounters() }
    await store.send(.first(.increment)) {
      $0.first.$count.withLock { $0 = 1 }
      #expect($0.second.count == 1)
    }
    await store.send(.second(.increment)) {
      $0.first.$count.withLock { $0 = 2 }
    }
  }

  @Test func liveTheAppsOwnDefaultsAreUsedAndFollowed() {
    // The app's own defaults (a name no other test or run uses, removed afterwards): written
    // through the holder, and a write made to them directly reaches the holder.
    let testDefaults = defaults
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.defaultAppStorage) var live
      let name = "reducerkit-live-check-\(ProcessInfo.processInfo.processIdentifier)"
      defer { live.removeObject(forKey: name) }
      @Shared(.appStorage(name)) var launches = 0
      $launches.withLock { $0 += 1 }
      #expect(live.integer(forKey: name) == 1)
      live.set(5, forKey: name)
      #expect(launches == 5)
      #expect(live !== testDefaults)
      #expect(testDefaults.object(forKey: name) == nil)
    }
  }
}
