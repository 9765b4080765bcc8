/// A type-erased `Hashable & Sendable` value.
///
/// NB: `AnyHashable` is not `Sendable`; cancel IDs and navigation identities cross isolation
/// domains, so they are erased with this type instead.
@usableFromInline
package struct AnyHashableSendable: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline package let base: any Hashable & Sendable

  @usableFromInline
  package init(_ base: some Hashable & Sendable) {
    if let erased = base as? AnyHashableSendable {
      self = erased
    } else {
      self.base = base
    }
  }

  @usableFromInline
  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.base.isEqual(to: rhs.base)
  }

  @usableFromInline
  package func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: base)))
    base.hash(into: &hasher)
  }

  @usableFromInline package var description: String { String(describing: base) }
}

extension Hashable {
  fileprivate func isEqual(to other: any Hashable) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
