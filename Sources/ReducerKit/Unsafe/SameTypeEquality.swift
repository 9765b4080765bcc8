extension Hashable {
  /// Whether `self` equals `other`, whose dynamic type the caller has checked is `Self`.
  ///
  /// NB: the reinterpretation is of a value as its own type, so it copies it as it is; it
  /// replaces `other as? Self`, a runtime cast (with the metadata of `Optional<Self>` looked
  /// up each time) that made comparing two cancel IDs cost about 250 ns.
  func isEqual(toSameType other: some Hashable) -> Bool {
    self == sameTypeCast(other, to: Self.self)
  }
}

/// `value` as `Target`, which the caller checked is `value`'s own type (a cast through an
/// existential metatype that succeeded), without a runtime cast.
@inlinable @inline(__always)
func sameTypeCast<Value, Target>(_ value: Value, to _: Target.Type) -> Target {
  unsafeBitCast(value, to: Target.self)
}

/// `value` as the `Sendable` variant of its own type (a key path or a function the caller
/// knows captures nothing that is not `Sendable`), where the compiler cannot see it.
@inlinable @inline(__always)
func assumeSendable<Value, SendableValue>(_ value: Value, as _: SendableValue.Type)
  -> SendableValue
{
  unsafeBitCast(value, to: SendableValue.self)
}
