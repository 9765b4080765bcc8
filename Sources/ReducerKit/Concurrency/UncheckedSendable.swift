/// A value of a type that is not `Sendable`, sent across isolation domains on your word that
/// doing so is safe: swift-concurrency-extras' wrapper (which TCA exports), for the one value of
/// an unaudited type a dependency must hold, instead of `@preconcurrency import` of its module.
///
/// ```swift
/// extension AudioPlayerClient: DependencyKey {
///   static var liveValue: Self {
///     let player = UncheckedSendable(LegacyAudioPlayer())  // a class from an older SDK
///     return Self(play: { url in try await player.value.play(url) })
///   }
/// }
/// ```
///
/// As a property wrapper, `@UncheckedSendable var player: LegacyAudioPlayer` reads as the
/// value, and `$player` is the wrapper, to send.
///
/// > Important: the compiler no longer checks anything about the value: two tasks using a
/// > class instance at once is a data race it will not report. Prefer ``LockIsolated`` for
/// > values that change.
@dynamicMemberLookup
@propertyWrapper
public struct UncheckedSendable<Value>: @unchecked Sendable {
  // NB: @unchecked Sendable with no lock, by definition: the wrapper is the caller's promise
  // that the value is used safely, which is what its name says (the one type here whose
  // soundness rests on its user, as its namesake's does).

  /// The wrapped value.
  public var value: Value

  /// Wraps `value`.
  public init(_ value: Value) {
    self.value = value
  }

  /// Wraps `wrappedValue`, for `@UncheckedSendable var x = …`.
  public init(wrappedValue: Value) {
    self.value = wrappedValue
  }

  /// The wrapped value.
  public var wrappedValue: Value {
    get { value }
    set { value = newValue }
  }

  /// The wrapper itself, to send where a `Sendable` value is required.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
  }

  /// A property of the wrapped value.
  public subscript<Subject>(dynamicMember keyPath: KeyPath<Value, Subject>) -> Subject {
    value[keyPath: keyPath]
  }

  /// A property of the wrapped value, settable.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Subject {
    get { value[keyPath: keyPath] }
    set { value[keyPath: keyPath] = newValue }
  }
}

extension UncheckedSendable: Equatable where Value: Equatable {}
extension UncheckedSendable: Hashable where Value: Hashable {}

extension UncheckedSendable: Decodable where Value: Decodable {
  /// Decodes the wrapped value as it is encoded on its own.
  public init(from decoder: any Decoder) throws {
    self.init(try Value(from: decoder))
  }
}

extension UncheckedSendable: Encodable where Value: Encodable {
  /// Encodes the wrapped value as it is encoded on its own.
  public func encode(to encoder: any Encoder) throws {
    try value.encode(to: encoder)
  }
}
