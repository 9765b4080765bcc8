/// A type-erased `Hashable & Sendable` value.
///
/// NB: `AnyHashable` is not `Sendable`; cancel IDs and navigation identities cross isolation
/// domains, so they are erased with this type instead.
@usableFromInline
package struct AnyHashableSendable: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline package let base: any Hashable & Sendable

  /// NB: inlinable, so that where the type of `base` is known the check for an already erased
  /// value is decided when compiling; out of line, it was a dynamic cast on every cancel ID
  /// made (a conformance lookup, ~300 instructions).
  @inlinable
  package init(_ base: some Hashable & Sendable) {
    if let erased = base as? AnyHashableSendable {
      self = erased
    } else {
      self.base = base
    }
  }

  @usableFromInline
  package static func == (lhs: Self, rhs: Self) -> Bool {
    // NB: values of different dynamic types are never equal (as their hashes, which include the
    // type, already tell).
    guard type(of: lhs.base) == type(of: rhs.base) else { return false }
    return lhs.base.isEqual(toSameType: rhs.base)
  }

  @usableFromInline
  package func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: base)))
    base.hash(into: &hasher)
  }

  @usableFromInline package var description: String { String(describing: base) }
}
