/// A read-only view of a shared value: it changes when the value changes, but cannot change it.
///
/// ```swift
/// struct State: Equatable {
///   @SharedReader(.inMemory("isLoggedIn")) var isLoggedIn = false
/// }
/// let child = Child.State(count: SharedReader(state.$count))   // from a Shared
/// ```
@propertyWrapper
@dynamicMemberLookup
public struct SharedReader<Value: Sendable>: Sendable {
  @usableFromInline let reference: SharedReference<Value>

  init(reference: SharedReference<Value>) {
    self.reference = reference
  }

  /// The value of `key`, read-only; `wrappedValue` is the value when nothing is stored yet.
  /// `key` may be a ``SharedReaderKey`` (read-only) or a ``SharedKey``.
  public init(
    wrappedValue: @autoclosure () -> Value,
    _ key: some SharedReaderKey<Value>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    reference = SharedPartition.current.reference(
      for: key, defaultValue: wrappedValue,
      site: SharedSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The value of `key` (a writable one, whose static members may be declared on ``SharedKey``),
  /// read-only; `wrappedValue` is the value when nothing is stored yet.
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

  /// The optional value of `key`, read-only; `nil` when nothing is stored under the key yet.
  @_disfavoredOverload
  public init<Wrapped>(
    _ key: some SharedReaderKey<Value>,
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

  /// The optional value of a writable `key`, read-only; `nil` when nothing is stored yet.
  @_disfavoredOverload
  public init<Wrapped>(
    _ key: some SharedKey<Value>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == Wrapped? {
    self.init(
      wrappedValue: nil, key, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// A constant value.
  public init(value: Value) {
    reference = RootReference(value: value, persistence: nil, description: "value")
  }

  /// A reader of a value that never changes, as for a preview or a test of a child feature
  /// that only reads it:
  ///
  /// ```swift
  /// Settings.State(isHapticsOn: .constant(true))
  /// ```
  public static func constant(_ value: Value) -> Self {
    Self(value: value)
  }

  /// A read-only view of `shared`.
  public init(_ shared: Shared<Value>) {
    reference = shared.reference
  }

  /// The same shared value as `projectedValue` (for a memberwise initializer).
  public init(projectedValue: SharedReader<Value>) {
    self = projectedValue
  }

  /// The current value.
  @inlinable
  public var wrappedValue: Value {
    reference.read()
  }

  /// The reader itself, to derive a field or pass it on.
  public var projectedValue: SharedReader<Value> {
    get { self }
    set { self = newValue }
  }

  /// Loads the value from its key again (see ``Shared/load()``): what is stored replaces the
  /// value; a key that cannot load throws, and ``loadError`` holds the error.
  public func load() async throws {
    try reference.reload()
  }

  /// What the key's last load threw, `nil` once a load succeeded.
  public var loadError: (any Error)? {
    reference.loadError
  }

  /// A reader of one field.
  public subscript<Member: Sendable>(
    dynamicMember keyPath: KeyPath<Value, Member>
  ) -> SharedReader<Member> {
    SharedReader<Member>(reference: ProjectedReference(root: reference, keyPath: keyPath))
  }
}

extension SharedReader: Equatable where Value: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.reference.isEqual(to: rhs.reference)
  }
}

extension SharedReader: Hashable where Value: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension SharedReader: CustomDumpRepresentable, DumpsAsItsValue {
  /// Dumps as its value.
  public var customDumpValue: Any { wrappedValue }
}

extension SharedReader: CustomStringConvertible {
  public var description: String { "\(wrappedValue)" }
}

extension Shared {
  /// A read-only view of this shared value.
  public var reader: SharedReader<Value> { SharedReader(self) }
}
