/// A key that brings its own default: declared once with the key, so that holders need not
/// repeat it (TCA's `SharedKey.Default`).
///
/// ```swift
/// extension SharedKey where Self == AppStorageKey<Bool>.Default {
///   static var isHapticsOn: Self { Self[.appStorage("isHapticsOn"), default: true] }
/// }
///
/// @Shared(.isHapticsOn) var isHapticsOn          // true until something is stored
/// @Shared(.isHapticsOn) var isHapticsOn = false  // this holder's default instead
/// ```
///
/// It is the same key as its base: `@Shared(.appStorage("isHapticsOn"))` holds the same value.
/// As for any key, the first holder's default is the one used; the default is evaluated only
/// when it is used.
public struct SharedKeyDefault<Base: SharedReaderKey>: SharedReaderKey {
  /// The key this one gives a default to.
  public let base: Base
  private let makeDefault: @Sendable () -> Base.Value

  /// `key`, with `value` for when nothing is stored under it.
  public static subscript(
    _ key: Base, default value: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: key, makeDefault: value)
  }

  /// The default value, evaluated anew each time.
  public var defaultValue: Base.Value { makeDefault() }

  public var id: Base.ID { base.id }

  public func load() throws -> Base.Value? { try base.load() }

  public func subscribe(
    didChange: @escaping @Sendable (Base.Value?) -> Void
  ) -> SharedSubscription {
    base.subscribe(didChange: didChange)
  }

  public var description: String { base.description }
}

extension SharedKeyDefault: SharedKey where Base: SharedKey {
  public func save(_ value: Base.Value, immediately: Bool) {
    base.save(value, immediately: immediately)
  }
}

extension SharedReaderKey {
  /// This key with a default value: `Self[.appStorage("isOn"), default: false]`.
  public typealias Default = SharedKeyDefault<Self>
}

extension SharedKeyDefault: KeyFamily {
  // NB: the base's family, so that the key and its base name one value.
  static var family: ObjectIdentifier {
    (Base.self as? any KeyFamily.Type)?.family ?? ObjectIdentifier(Base.self)
  }
}

extension SharedKeyDefault: InMemoryKeyMarker where Base: InMemoryKeyMarker {
  var storage: InMemoryStorage { base.storage }
}

extension SharedKeyDefault: FlushesWhenReleased where Base: FlushesWhenReleased {
  func flush() { base.flush() }
}

extension Shared {
  /// The value of `key`, with the key's own default when nothing is stored yet:
  /// `@Shared(.isHapticsOn) var isHapticsOn`.
  public init<Base: SharedKey>(
    _ key: SharedKeyDefault<Base>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Base.Value == Value {
    self.init(
      wrappedValue: key.defaultValue, key, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}

extension Shared {
  /// The value of `key`, with this holder's default instead of the key's:
  /// `@Shared(.syncUps) var syncUps = [syncUp]`. The key fixes the value's type, so a literal
  /// takes it (here an identified array, not an `Array`), as in TCA.
  public init<Base: SharedKey>(
    wrappedValue: @autoclosure () -> Value,
    _ key: SharedKeyDefault<Base>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Base.Value == Value {
    reference = SharedPartition.current.reference(
      for: key, defaultValue: wrappedValue,
      site: SharedSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension SharedReader {
  /// The value of `key`, read-only, with this holder's default instead of the key's; the key
  /// fixes the value's type (see `Shared.init(wrappedValue:_:)` with a `SharedKeyDefault`).
  public init<Base: SharedReaderKey>(
    wrappedValue: @autoclosure () -> Value,
    _ key: SharedKeyDefault<Base>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Base.Value == Value {
    reference = SharedPartition.current.reference(
      for: key, defaultValue: wrappedValue,
      site: SharedSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension SharedReader {
  /// The value of a writable `key`, read-only, with this holder's default instead of the key's.
  ///
  /// NB: without it, neither the overload for a read-only key with a default nor the one for
  /// any writable key is the more specific for a writable key with a default: ambiguous.
  public init<Base: SharedKey>(
    wrappedValue: @autoclosure () -> Value,
    _ key: SharedKeyDefault<Base>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Base.Value == Value {
    reference = SharedPartition.current.reference(
      for: key, defaultValue: wrappedValue,
      site: SharedSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

extension SharedReader {
  /// The value of `key`, read-only, with the key's own default when nothing is stored yet.
  public init<Base: SharedReaderKey>(
    _ key: SharedKeyDefault<Base>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Base.Value == Value {
    self.init(
      wrappedValue: key.defaultValue, key, fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}
