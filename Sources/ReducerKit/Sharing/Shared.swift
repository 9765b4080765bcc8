/// A value that several features share: every holder of the same key sees the same value, at
/// once, and a change made through any of them is seen by all (and by their stores' observers).
///
/// ```swift
/// struct State: Equatable {
///   @Shared(.inMemory("count")) var count = 0
///   @Shared(.fileStorage(.settingsURL)) var settings = Settings()
/// }
///
/// state.count                              // read as a plain value
/// state.$count.withLock { $0 += 1 }        // change it under its lock
/// state.$settings.theme                    // a Shared<Theme> of one field
/// ```
///
/// The key decides where the value lives: `.inMemory(_:)` for the life of the
/// process (per test, in tests), `.fileStorage(_:)`
/// in a JSON file, ``init(value:)`` nowhere but in the holders. A state holding shared values
/// compares and dumps them by value. A `TestStore` asserts their changes like any other state
/// change, and fails on a change the test did not assert:
///
/// ```swift
/// await store.send(.incrementTapped) {
///   $0.$count.withLock { $0 = 1 }
/// }
/// ```
@propertyWrapper
@dynamicMemberLookup
public struct Shared<Value: Sendable>: Sendable {
  @usableFromInline let reference: SharedReference<Value>

  init(reference: SharedReference<Value>) {
    self.reference = reference
  }

  /// The value of `key`, shared with every other holder of it; `wrappedValue` is the value when
  /// nothing is stored under the key yet.
  public init(
    wrappedValue: @autoclosure () -> Value,
    _ key: some SharedKey<Value>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    reference = SharedPartition.current.reference(
      for: key, defaultValue: wrappedValue,
      site: SharedSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The optional value of `key`, `nil` when nothing is stored under the key yet:
  /// `@Shared(.appStorage("lastSync")) var lastSync: Date?`.
  @_disfavoredOverload
  public init<Wrapped>(
    _ key: some SharedKey<Value>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == Wrapped? {
    // NB: disfavored, so that a key with its own default (`SharedKeyDefault`) of an
    // optional value takes that default rather than `nil`.
    self.init(
      wrappedValue: nil, key, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A value shared by this holder and the copies made of it, stored nowhere else.
  ///
  /// ```swift
  /// let count = Shared(value: 0)
  /// let child = Child.State(count: count)   // parent and child share it
  /// ```
  public init(value: Value) {
    reference = RootReference(value: value, persistence: nil, description: "value")
  }

  /// The same shared value as `projectedValue` (for a memberwise initializer: `$count`).
  public init(projectedValue: Shared<Value>) {
    self = projectedValue
  }

  /// The current value.
  @inlinable
  public var wrappedValue: Value {
    reference.read()
  }

  /// The shared value itself, to change it (``withLock(_:)``), derive a field, or pass it on.
  public var projectedValue: Shared<Value> {
    get { self }
    set { self = newValue }
  }

  /// Changes the value under its lock: concurrent changes (from effects on other threads) run
  /// one after the other, and every holder sees the result.
  ///
  /// ```swift
  /// $count.withLock { $0 += 1 }
  /// ```
  ///
  /// Reading or changing the same value inside `operation` works on the locked value.
  @inlinable
  @discardableResult
  public func withLock<Result>(_ operation: (inout Value) throws -> Result) rethrows -> Result {
    try reference.withLock(operation)
  }

  /// A shared value of one field: `$settings.theme` changes `theme` inside `settings`.
  public subscript<Member: Sendable>(
    dynamicMember keyPath: WritableKeyPath<Value, Member>
  ) -> Shared<Member> {
    Shared<Member>(reference: ProjectedReference(root: reference, keyPath: keyPath))
  }

  /// Writes the value to its key's storage now, instead of after a file storage's short
  /// coalescing window: before the process exits, for example.
  public func save() {
    reference.saveNow()
  }

  /// Loads the value from its key again, as for a pull to refresh, or after something wrote
  /// the storage without the key seeing it (a `UserDefaults` of your own, on Linux). What is
  /// stored replaces the value (nothing stored: the default); a key that cannot load throws,
  /// leaving the value as it is, and ``loadError`` holds the error until a load succeeds.
  ///
  /// ```swift
  /// case .refreshPulled:
  ///   return .run { [config = state.$config] _ in try await config.load() }
  /// ```
  ///
  /// A value without a key (`Shared(value:)`), or `.inMemory`, has nothing to load.
  public func load() async throws {
    try reference.reload()
  }

  /// What the key's last load threw (when the first holder was made, or in ``load()``), `nil`
  /// once a load succeeded.
  public var loadError: (any Error)? {
    reference.loadError
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Equal values. (While a `TestStore` compares its expected state with the actual one, the
  /// left side is read as expected and the right side as it is.)
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.reference.isEqual(to: rhs.reference)
  }
}

extension Shared: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension Shared: CustomDumpRepresentable, DumpsAsItsValue {
  /// Dumps as its value.
  public var customDumpValue: Any { wrappedValue }
}

extension Shared: CustomStringConvertible {
  public var description: String { "\(wrappedValue)" }
}
