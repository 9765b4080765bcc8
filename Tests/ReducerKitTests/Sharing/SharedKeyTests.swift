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

  @Test func describesKeys() {
    #expect(InMemoryKey<Int>("count").description == #".inMemory("count")"#)
    #expect(DatabaseKey(name: "x", database: SettingsDatabase()).description == "DatabaseKey(x)")
  }
}
