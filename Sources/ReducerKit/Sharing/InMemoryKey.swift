/// A key whose value lives in memory for the life of the process: `.inMemory("count")`.
///
/// The value lives in `@Dependency(\.defaultInMemoryStorage)` as it is where the key is made.
/// In tests, each test has its own in-memory values, so tests running in parallel never see
/// each other's.
public struct InMemoryKey<Value: Sendable>: SharedKey {
  /// The key's name.
  public let name: String
  /// Where the value lives.
  let storage: InMemoryStorage

  /// A key named `name`, in the `defaultInMemoryStorage` of the current dependencies.
  public init(_ name: String) {
    self.name = name
    self.storage = DependencyValues.current.defaultInMemoryStorage
  }

  public var id: String { name }
  public func load() -> Value? { nil }
  public func save(_ value: Value, immediately: Bool) {}
  public var description: String { ".inMemory(\(customDump(name)))" }
}

extension SharedReaderKey {
  /// A value kept in memory under `name`, shared by every holder of the name.
  ///
  /// ```swift
  /// @Shared(.inMemory("count")) var count = 0
  /// ```
  public static func inMemory<Wrapped>(_ name: String) -> Self
  where Self == InMemoryKey<Wrapped> {
    InMemoryKey(name)
  }
}

extension InMemoryKey: KeyFamily {
  static var family: ObjectIdentifier { ObjectIdentifier(InMemoryKeyFamily.self) }
}

/// One family for every value type (a nested type would be one per specialization).
private enum InMemoryKeyFamily {}

extension InMemoryKey: InMemoryKeyMarker {}

/// Where `.inMemory` keys keep their values: keys of one name in one storage share a value; in
/// another storage, the same name is another value.
///
/// By default (`@Dependency(\.defaultInMemoryStorage)`), the app has one storage and each test
/// its own. Give part of a feature a storage of its own to keep its values apart, as for a guest
/// session, a preview, or a test of two features that must not share:
///
/// ```swift
/// let guest = withDependencies {
///   $0.defaultInMemoryStorage = InMemoryStorage()
/// } operation: {
///   Profile.State()  // its `@Shared(.inMemory("name"))` is not the signed-in user's
/// }
/// ```
///
/// A storage keeps its values while it, or a key made in it, is held.
public struct InMemoryStorage: Hashable, Sendable {
  /// The storage's values; `nil` for the default storage, whose values are the running test's
  /// (or the app's), looked up on each use.
  let table: SharedReferenceTable?

  /// A new, empty storage.
  public init() {
    table = SharedReferenceTable()
  }

  private init(partitioned: Void) {
    table = nil
  }

  /// The default storage: the app's values, or the running test's.
  static let partitioned = InMemoryStorage(partitioned: ())

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.table === rhs.table
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(table.map(ObjectIdentifier.init))
  }
}

private enum DefaultInMemoryStorageKey: DependencyKey {
  /// NB: resolved on each use, not made here: a default value is cached beyond one test.
  static let liveValue = InMemoryStorage.partitioned
  static let testValue = InMemoryStorage.partitioned
  static let previewValue = InMemoryStorage.partitioned
}

extension DependencyValues {
  /// Where `.inMemory` keys made from now on keep their values: the app's storage when live, the
  /// running test's own in tests. Set it to an ``InMemoryStorage/init()`` to give the keys made in
  /// that scope values of their own.
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[DefaultInMemoryStorageKey.self] }
    set { self[DefaultInMemoryStorageKey.self] = newValue }
  }
}
