/// A type-erased `Hashable & Sendable` value: what `AnyHashable` is, for values that cross
/// isolation domains (`AnyHashable` is not `Sendable`).
///
/// A reusable feature that its parent gives an ID of any type keeps it as one, to cancel its
/// effects by it:
///
/// ```swift
/// struct State: Equatable, Sendable {
///   let id: AnyHashableSendable
/// }
/// // …
/// return .run { … }.cancellable(id: state.id)
///
/// Download.State(id: 1)                         // a literal is erased as it is written
/// Download.State(id: AnyHashableSendable(map.id))
/// ```
///
/// Two values are equal when they have the same dynamic type and equal values: `1` and
/// `Int8(1)` are not equal here (`AnyHashable`, and swift-concurrency-extras' type of this name,
/// make numbers of different types equal), so cancel IDs of different types never cancel each
/// other's effects.
public struct AnyHashableSendable: Hashable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible
{
  /// The value, as it was given.
  public let base: any Hashable & Sendable

  /// NB: inlinable, so that where the type of `base` is known the check for an already erased
  /// value is decided when compiling; out of line, it was a dynamic cast on every cancel ID
  /// made (a conformance lookup, ~300 instructions).
  /// Erases `base` (an erased value is kept as it is, not erased twice).
  @inlinable
  public init(_ base: some Hashable & Sendable) {
    if let erased = base as? AnyHashableSendable {
      self = erased
    } else {
      self.base = base
    }
  }

  /// Whether both hold values of one type, and those are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    // NB: values of different dynamic types are never equal (as their hashes, which include the
    // type, already tell).
    guard type(of: lhs.base) == type(of: rhs.base) else { return false }
    return lhs.base.isEqual(toSameType: rhs.base)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: base)))
    base.hash(into: &hasher)
  }

  /// The value's own description.
  public var description: String { String(describing: base) }

  /// `AnyHashableSendable(` the value's debug description `)`.
  public var debugDescription: String { "AnyHashableSendable(\(String(reflecting: base)))" }
}

extension AnyHashableSendable: ExpressibleByBooleanLiteral {
  /// An erased `Bool`.
  public init(booleanLiteral value: Bool) { self.init(value) }
}

extension AnyHashableSendable: ExpressibleByIntegerLiteral {
  /// An erased `Int`.
  public init(integerLiteral value: Int) { self.init(value) }
}

extension AnyHashableSendable: ExpressibleByFloatLiteral {
  /// An erased `Double`.
  public init(floatLiteral value: Double) { self.init(value) }
}

extension AnyHashableSendable: ExpressibleByStringLiteral {
  /// An erased `String`.
  public init(stringLiteral value: String) { self.init(value) }
}
