import ReducerKit
import Testing

/// A key of one's own: a dictionary standing in for a settings database that others also write.
final class SettingsDatabase: Sendable {
  let values = LockIsolated<[String: Int]>([:])
  let saves = LockIsolated<[Int]>([])
  let watchers = LockIsolated<[String: @Sendable (Int?) -> Void]>([:])

  /// A change made by someone else.
  func externalSet(_ name: String, _ value: Int?) {
    values.withValue { $0[name] = value }
    watchers.value[name]?(value)
  }
}

struct DatabaseKey: SharedKey {
  let name: String
  let database: SettingsDatabase
  var id: String { name }
  func load() -> Int? { database.values.value[name] }
  func save(_ value: Int, immediately: Bool) {
    database.values.withValue { $0[name] = value }
    database.saves.withValue { $0.append(value) }
  }
  func subscribe(didChange: @escaping @Sendable (Int?) -> Void) -> SharedSubscription {
    database.watchers.withValue { $0[name] = didChange }
    return SharedSubscription { [database, name] in
      database.watchers.withValue { $0[name] = nil }
    }
  }
}

/// A key whose storage keeps at most 10, and reports what it kept while it saves.
struct ClampingKey: SharedKey {
  let database: SettingsDatabase
  var id: String { "clamped" }
  func load() -> Int? { database.values.value["clamped"] }
  func save(_ value: Int, immediately: Bool) {
    database.externalSet("clamped", min(value, 10))
  }
  func subscribe(didChange: @escaping @Sendable (Int?) -> Void) -> SharedSubscription {
    DatabaseKey(name: "clamped", database: database).subscribe(didChange: didChange)
  }
}

/// A read-only key: the database's value under a name, never written.
struct DatabaseReaderKey: SharedReaderKey {
  let name: String
  let database: SettingsDatabase
  var id: String { name }
  func load() -> Int? { database.values.value[name] }
  func subscribe(didChange: @escaping @Sendable (Int?) -> Void) -> SharedSubscription {
    DatabaseKey(name: name, database: database).subscribe(didChange: didChange)
  }
}

/// A read-only key whose loads fail while the database says so.
struct FlakyReaderKey: SharedReaderKey {
  struct Unavailable: Error, Equatable {}
  let name: String
  let database: SettingsDatabase
  let isDown: LockIsolated<Bool>
  var id: String { name }
  func load() throws -> Int? {
    guard !isDown.value else { throw Unavailable() }
    return database.values.value[name]
  }
}

/// The shared test database, for keys found by static member lookup.
private let staticDatabase = SettingsDatabase()

extension SharedReaderKey where Self == DatabaseReaderKey {
  fileprivate static var limit: Self { DatabaseReaderKey(name: "limit", database: staticDatabase) }
}

extension SharedReaderKey where Self == DatabaseReaderKey.Default {
  fileprivate static var limitWithDefault: Self { Self[.limit, default: 50] }
}

extension SharedKey where Self == DatabaseKey {
  // NB: declared on `SharedKey`, as a writable key's members may be: `@SharedReader` finds it.
  fileprivate static var level: Self { DatabaseKey(name: "level", database: staticDatabase) }
}

extension SharedKey where Self == InMemoryKey<Int?> {
  fileprivate static var maybeLevel: Self { .inMemory("maybeLevel") }
}

@Suite struct SharedKeyTests {
  @Test func loadsSavesAndFollowsOutsideChanges() {
    let database = SettingsDatabase()
    database.values.withValue { $0["volume"] = 4 }
    @Shared(DatabaseKey(name: "volume", database: database)) var volume = 0
    #expect(volume == 4)
    $volume.withLock { $0 += 1 }
    #expect(database.saves.value == [5])
    database.externalSet("volume", 9)
    #expect(volume == 9)
    #expect(database.saves.value == [5])
    database.externalSet("volume", nil)
    #expect(volume == 0)
  }

  @Test func aChangeReportedWhileTheValueIsSavedIsTaken() {
    // NB: reported on the saving thread, with the value locked: taking it must not lock again.
    @Shared(ClampingKey(database: SettingsDatabase())) var volume = 0
    $volume.withLock { $0 = 15 }
    #expect(volume == 10)
    $volume.withLock { $0 = 3 }
    #expect(volume == 3)
  }

  @Test func watchingStopsWhenTheLastHolderGoes() {
    let database = SettingsDatabase()
    do {
      @Shared(DatabaseKey(name: "brightness", database: database)) var brightness = 1
      #expect(database.watchers.value["brightness"] != nil)
      _ = brightness
    }
    #expect(database.watchers.value["brightness"] == nil)
  }

  @Test func aSubscriptionCancelsOnce() {
    let cancels = LockIsolated(0)
    let subscription = SharedSubscription { cancels.withValue { $0 += 1 } }
    subscription.cancel()
    subscription.cancel()
    #expect(cancels.value == 1)
  }

  @Test func aReadOnlyKeyLoadsAndFollowsOutsideChanges() {
    let database = SettingsDatabase()
    database.values.withValue { $0["quota"] = 3 }
    @SharedReader(DatabaseReaderKey(name: "quota", database: database)) var quota = 0
    #expect(quota == 3)
    database.externalSet("quota", 8)
    #expect(quota == 8)
    database.externalSet("quota", nil)
    #expect(quota == 0)
    #expect(database.saves.value.isEmpty)
  }

  @Test func readOnlyKeysAreFoundByNameWithOrWithoutTheirOwnDefault() {
    staticDatabase.values.withValue { $0["limit"] = nil }
    @SharedReader(.limitWithDefault) var limit
    #expect(limit == 50)
    staticDatabase.externalSet("limit", 70)
    #expect(limit == 70)
    @SharedReader(.limit) var sameLimit = 0
    #expect(sameLimit == 70)
  }

  @Test func aReaderOfAWritableKeyMadeFirstLeavesItWritable() {
    // NB: the first holder makes the value's persistence; the `@Shared` after it still saves.
    @SharedReader(.level) var level = 1
    @Shared(.level) var writableLevel = 1
    $writableLevel.withLock { $0 = 2 }
    #expect(level == 2)
    #expect(staticDatabase.saves.value.last == 2)
    #expect(staticDatabase.values.value["level"] == 2)
    @SharedReader(.maybeLevel) var maybeLevel: Int?
    #expect(maybeLevel == nil)
    @Shared(.maybeLevel) var writableMaybeLevel: Int?
    $writableMaybeLevel.withLock { $0 = 3 }
    #expect(maybeLevel == 3)
  }

  @Test func aKeyThatCannotLoadLeavesTheValueAndSaysWhy() async throws {
    let database = SettingsDatabase()
    database.values.withValue { $0["config"] = 7 }
    let isDown = LockIsolated(true)
    @SharedReader(FlakyReaderKey(name: "config", database: database, isDown: isDown)) var config = 1
    #expect(config == 1)
    #expect($config.loadError is FlakyReaderKey.Unavailable)

    isDown.setValue(false)
    try await $config.load()
    #expect(config == 7)
    #expect($config.loadError == nil)

    database.values.withValue { $0["config"] = 8 }
    isDown.setValue(true)
    await #expect(throws: FlakyReaderKey.Unavailable.self) { try await $config.load() }
    #expect(config == 7)
    #expect($config.loadError is FlakyReaderKey.Unavailable)
  }

  @Test func loadingAgainReadsWhatWasStoredBehindTheKeysBack() async throws {
    let database = SettingsDatabase()
    @Shared(DatabaseKey(name: "volume", database: database)) var volume = 3
    database.values.withValue { $0["volume"] = 9 }  // no watcher told
    #expect(volume == 3)
    try await $volume.load()
    #expect(volume == 9)
    database.values.withValue { $0["volume"] = nil }
    try await $volume.load()
    #expect(volume == 3)
    let derived = Shared(value: Profile()).stats.visits
    try await derived.load()  // nothing to load: no key
    #expect(derived.wrappedValue == 0 && derived.loadError == nil)
  }

  @Test func describesKeys() {
    #expect(InMemoryKey<Int>("count").description == #".inMemory("count")"#)
    #expect(DatabaseKey(name: "x", database: SettingsDatabase()).description == "DatabaseKey(x)")
    #expect(
      DatabaseReaderKey(name: "y", database: SettingsDatabase()).description
        == "DatabaseReaderKey(y)")
  }
}
