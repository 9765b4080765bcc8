import Synchronization

/// Which navigation elements of a store have effects in flight, summarised per operator in
/// words that reducers read without taking a lock.
///
/// NB: `ifLet` over a plain optional and `ifCaseLet` keep nothing in the state about the child
/// they last saw, so they cannot tell on their own that a child was removed by other code. They
/// ask this summary instead, on every action: an operator id hashes to one of 64 buckets, and a
/// bucket holds 0 (no element of its operators has effects), the one child identity that has
/// effects, or ``many``. Only when the answer is not "nothing, or the child you hold" does the operator ask
/// the registry to cancel the others. Collisions only make an operator look when it need not.
@usableFromInline
package final class LiveElementSummary: Sendable {
  private final class Bucket: Sendable {
    let word = Atomic<Int>(0)
  }

  private let buckets: [Bucket] = (0..<64).map { _ in Bucket() }

  /// The bucket value of several distinct elements.
  package static var many: Int { Int.min }

  package init() {}

  /// 0 when no element of the operator `operatorID` has effects in flight; the identity of the only one that does;
  /// or ``many``.
  @usableFromInline
  package func live(at operatorID: Int) -> Int {
    buckets[operatorID & 63].word.load(ordering: .acquiring)
  }

  /// Whether an element of the operator `operatorID` other than the child `identity` may have effects in flight.
  @usableFromInline
  package func mayHaveOthers(at operatorID: Int, than identity: Int) -> Bool {
    let live = live(at: operatorID)
    return live != 0 && live != identity
  }

  /// Publishes a bucket's value (called by the registry under its lock).
  func publish(_ value: Int, bucket: Int) {
    buckets[bucket].word.store(value, ordering: .releasing)
  }

  /// The bucket of the operator `operatorID`.
  static func bucket(of operatorID: Int) -> Int { operatorID & 63 }
}
