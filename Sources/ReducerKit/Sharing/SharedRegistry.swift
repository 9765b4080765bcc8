/// Where the values of shared keys live: one partition per running test, so that parallel tests
/// never see each other's values, and one for everything else (the app).
///
/// NB: a test's partition is kept for the life of the process (tests are few, and a test's
/// effects may still touch it after the test returns).
package final class SharedPartition: Sendable {
  /// The values of shared keys in this partition (`.inMemory` keys given no storage of their
  /// own, and every persisted key).
  let references = SharedReferenceTable()
  /// The file system that `.fileStorage` uses in tests of this partition.
  package let fileSystem = InMemoryFileSystem()
  /// The dependencies a test prepared with `prepareDependencies`, by key.
  let preparedDependencies = LockedState<[ObjectIdentifier: any Sendable]>([:])
  /// The defaults that `.appStorage` keys use in tests of this partition, made when first used.
  let appStorageSuite = LockedState<UserDefaultsReference?>(nil)

  private static let app = SharedPartition()
  private static let tests = LockedState<[AnyHashableSendable: SharedPartition]>([:])
  private static let testIdentifier = LockedState<(@Sendable () -> AnyHashableSendable?)?>(nil)

  /// Installs how to tell which test is running (ReducerKitTesting does, when it loads).
  package static func identifyTests(with identifier: @escaping @Sendable () -> AnyHashableSendable?)
  {
    testIdentifier.withLock { $0 = identifier }
  }

  /// The partition of the running test, or the app's.
  package static var current: SharedPartition {
    guard let identify = testIdentifier.withLock({ $0 }), let test = identify() else { return app }
    return tests.withLock { tests in
      if let partition = tests[test] { return partition }
      let partition = SharedPartition()
      tests[test] = partition
      return partition
    }
  }

  /// The reference holding `key`'s value, made (and loaded) by the first holder: in the
  /// key's own ``InMemoryStorage`` when it has one, else in this partition.
  func reference<Key: SharedReaderKey>(
    for key: Key, defaultValue: () -> Key.Value, site: SharedSite
  ) -> RootReference<Key.Value> {
    table(for: key).reference(for: key, defaultValue: defaultValue, site: site)
  }

  /// Where `key`'s value lives: its own ``InMemoryStorage``'s table, else this partition's.
  private func table(for key: some SharedReaderKey) -> SharedReferenceTable {
    (key as? any InMemoryKeyMarker)?.storage.table ?? references
  }
}

extension SharedPartition {
  /// The reference holding `key`'s value when a holder of it exists, else the one made with
  /// what `key` loads; throws when nothing is stored under the key, or it cannot load.
  func requiredReference<Key: SharedReaderKey>(
    for key: Key, site: SharedSite
  ) throws -> RootReference<Key.Value> {
    let table = table(for: key)
    if let existing = table.existingReference(for: key) { return existing }
    guard let value = try key.load() else { throw SharedLoadError(key: key.description) }
    return table.reference(for: key, defaultValue: { value }, site: site)
  }
}

/// Nothing is stored under a key that a holder requires (see `Shared.init(require:)`).
public struct SharedLoadError: Error, Equatable, CustomStringConvertible {
  /// The key, as it describes itself.
  public let key: String

  /// The error for the key that describes itself as `key`.
  public init(key: String) {
    self.key = key
  }

  /// What happened, naming the key.
  public var description: String { "No value is stored under \(key)." }
}

/// The references holding shared values, by key: a partition's, or an ``InMemoryStorage``'s.
final class SharedReferenceTable: Sendable {
  private struct KeyID: Hashable, Sendable {
    var type: ObjectIdentifier
    var id: AnyHashableSendable

    /// The key's id, in its family's namespace (see ``KeyFamily``).
    init<Key: SharedReaderKey>(_ key: Key) {
      type = (Key.self as? any KeyFamily.Type)?.family ?? ObjectIdentifier(Key.self)
      id = AnyHashableSendable(key.id)
    }
  }

  /// In-memory values are held here for the life of the table; persisted ones only while
  /// a holder exists, so that a holder made later reloads what was stored.
  /// NB: a struct of optionals, not an enum: an enum of class references keeps its case in the
  /// pointers' spare bits, which LeakSanitizer cannot follow (it then reports false leaks).
  private struct Slot {
    var strong: AnyObject?
    var weak: WeakReference?

    var object: AnyObject? { strong ?? weak?.object }
  }
  private final class WeakReference {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
  }

  // NB: the slots hold Sendable references (`RootReference`), only touched under this lock.
  private let slots = LockedState<[KeyID: Slot]>([:])

  /// The reference holding `key`'s value, made (and loaded) by the first holder.
  func reference<Key: SharedReaderKey>(
    for key: Key, defaultValue: () -> Key.Value, site: SharedSite
  ) -> RootReference<Key.Value> {
    let id = KeyID(key)
    if let existing = slots.withLock({ $0[id]?.object }) {
      return typed(existing, for: key, defaultValue: defaultValue, site: site)
    }
    // NB: loaded outside the lock (loading may read a file); the first one stored wins.
    let fallback = defaultValue()
    let isInMemory = Key.self is any InMemoryKeyMarker.Type
    // NB: an in-memory key has nothing to persist, and holds its storage, which holds this
    // reference: a persistence holding the key would make a cycle.
    let persistence = isInMemory ? nil : SharedPersistence(key: key, defaultValue: fallback)
    // NB: a key that cannot load leaves the default, and its error in `loadError`.
    let made = RootReference(
      value: (try? persistence?.load()) ?? fallback, persistence: persistence,
      description: key.description)
    let stored = slots.withLock { references -> AnyObject in
      if let existing = references[id]?.object { return existing }
      references[id] =
        isInMemory ? Slot(strong: made, weak: nil) : Slot(strong: nil, weak: WeakReference(made))
      return made
    }
    return typed(stored, for: key, defaultValue: defaultValue, site: site)
  }

  /// The reference of a holder of `key` that exists now, if any (of the key's value type: one of
  /// another type is reported when a reference is made for the key).
  func existingReference<Key: SharedReaderKey>(for key: Key) -> RootReference<Key.Value>? {
    let id = KeyID(key)
    return slots.withLock { $0[id]?.object } as? RootReference<Key.Value>
  }

  private func typed<Key: SharedReaderKey>(
    _ reference: AnyObject, for key: Key, defaultValue: () -> Key.Value, site: SharedSite
  ) -> RootReference<Key.Value> {
    if let typed = reference as? RootReference<Key.Value> { return typed }
    reportRuntimeWarning(
      """
      The shared key \(key.description) holds a value of another type than \
      \(typeName(Key.Value.self)); this holder gets a value of its own, shared with no one.

      Give keys of different types different names.
      """,
      fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
    return RootReference(value: defaultValue(), persistence: nil, description: key.description)
  }
}

/// Where a `@Shared` was declared, for its warnings (a value: holders are made often).
struct SharedSite {
  var fileID: StaticString
  var filePath: StaticString
  var line: UInt
  var column: UInt
}

/// Keys whose values of different types share one namespace (`.inMemory("count")` as an `Int`
/// and as a `String` is the same key), so that such a mix-up is reported.
protocol KeyFamily {
  static var family: ObjectIdentifier { get }
}

/// Keys whose values live only in memory, and so must be kept for the table's life.
protocol InMemoryKeyMarker {
  /// Where the value lives.
  var storage: InMemoryStorage { get }
}
