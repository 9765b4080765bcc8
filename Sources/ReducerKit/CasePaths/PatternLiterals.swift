import Foundation

/// A literal a test wrote, as a value of the type `type` (a payload's or a field's) the literal
/// would have had there: a number of another number type, or `[0, 2]` for an `IndexSet`;
/// `nil` when `value` is not such a literal, or a number does not fit.
///
/// NB: a case pattern is untyped, so Swift types a literal given with it as `Int`, `Double` or
/// `[Int]`: `store.receive(\.timerUpdated, 1)` would otherwise compare an `Int` with a
/// `TimeInterval` and fail, where TCA's typed case key path makes the `1` a `TimeInterval`. An
/// integer must fit exactly; a `Double` becomes the nearest value of another floating-point
/// type, as the literal written at that type would.
package func convertedLiteral(_ value: Any, as type: Any.Type) -> (any Sendable)? {
  guard Swift.type(of: value) != type else { return nil }
  if type == IndexSet.self, let integers = value as? [Int] { return IndexSet(integers) }
  let integer = value as? Int
  let double = value as? Double
  func floating<Number: BinaryFloatingPoint & Sendable>(_: Number.Type) -> (any Sendable)? {
    if let integer { return Number(exactly: integer) }
    return double.map { Number($0) }
  }
  func whole<Number: FixedWidthInteger & Sendable>(_: Number.Type) -> (any Sendable)? {
    integer.flatMap { Number(exactly: $0) }
  }
  // NB: the standard number types, listed: a number type of the app's own may not be
  // `Sendable`, and a cast cannot check that it is.
  switch ObjectIdentifier(type) {
  case ObjectIdentifier(Double.self): return floating(Double.self)
  case ObjectIdentifier(Float.self): return floating(Float.self)
  case ObjectIdentifier(CGFloat.self): return floating(CGFloat.self)
  case ObjectIdentifier(Int.self): return whole(Int.self)
  case ObjectIdentifier(Int8.self): return whole(Int8.self)
  case ObjectIdentifier(Int16.self): return whole(Int16.self)
  case ObjectIdentifier(Int32.self): return whole(Int32.self)
  case ObjectIdentifier(Int64.self): return whole(Int64.self)
  case ObjectIdentifier(UInt.self): return whole(UInt.self)
  case ObjectIdentifier(UInt8.self): return whole(UInt8.self)
  case ObjectIdentifier(UInt16.self): return whole(UInt16.self)
  case ObjectIdentifier(UInt32.self): return whole(UInt32.self)
  case ObjectIdentifier(UInt64.self): return whole(UInt64.self)
  default: return nil
  }
}

/// A literal a test wrote, as a value of the type `type` it would have had there, for a value
/// that need not be `Sendable` (a payload built in place, a compared id or payload): what
/// ``convertedLiteral(_:as:)`` converts, and a literal of a type of the app's own that
/// Swift builds from it (an id wrapping an integer or a string, a number type).
package func literalValue(_ value: Any, as type: Any.Type) -> Any? {
  if let converted = convertedLiteral(value, as: type) { return converted }
  guard Swift.type(of: value) != type else { return nil }
  if let integer = value as? Int, let literal = type as? any ExpressibleByIntegerLiteral.Type {
    func make<Literal: ExpressibleByIntegerLiteral>(_: Literal.Type) -> Any? {
      exactly(integer, as: Literal.IntegerLiteralType.self).map(Literal.init(integerLiteral:))
    }
    return make(literal)
  }
  if let double = value as? Double, let literal = type as? any ExpressibleByFloatLiteral.Type {
    func make<Literal: ExpressibleByFloatLiteral>(_: Literal.Type) -> Any? {
      (double as? Literal.FloatLiteralType).map(Literal.init(floatLiteral:))
    }
    return make(literal)
  }
  if let string = value as? String, let literal = type as? any ExpressibleByStringLiteral.Type {
    func make<Literal: ExpressibleByStringLiteral>(_: Literal.Type) -> Any? {
      (string as? Literal.StringLiteralType).map(Literal.init(stringLiteral:))
    }
    return make(literal)
  }
  return nil
}

/// `integer` as a value of `Target` (a type an integer literal is built from), when it fits.
private func exactly<Target>(_ integer: Int, as _: Target.Type) -> Target? {
  if let same = integer as? Target { return same }
  guard let fixedWidth = Target.self as? any FixedWidthInteger.Type else { return nil }
  func convert<Number: FixedWidthInteger>(_: Number.Type) -> Target? {
    Number(exactly: integer) as? Target
  }
  return convert(fixedWidth)
}
