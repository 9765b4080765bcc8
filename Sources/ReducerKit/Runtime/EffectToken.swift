/// Names one effect, `withTaskCancellation` scope or finish observer in a store's effect tables.
///
/// NB: not a bare `UInt64`: the tables look tokens up on every start, cancellation and finish
/// of an effect (about ten times over an effect's life, counting the tables' growth), and the
/// standard library hashes an integer with SipHash. Tokens are minted in sequence by one
/// counter, so a multiplicative mix is enough to spread them over a table's buckets.
@usableFromInline
package struct EffectToken: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  package let value: UInt64

  @usableFromInline
  package init(_ value: UInt64) {
    self.value = value
  }

  @usableFromInline
  package init(integerLiteral value: UInt64) {
    self.value = value
  }

  @usableFromInline
  package static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.value < rhs.value
  }

  @usableFromInline
  package func hash(into hasher: inout Hasher) {
    hasher.combine(value)
  }

  /// What a dictionary or set of tokens hashes with: the token times an odd constant (a
  /// bijection, so distinct tokens never collide before the table masks the hash), its high
  /// half folded into the low one, and the table's seed.
  @usableFromInline
  package func _rawHashValue(seed: Int) -> Int {
    let mixed = value &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: mixed ^ (mixed >> 32)) ^ seed
  }

  @usableFromInline
  package var description: String { value.description }
}
