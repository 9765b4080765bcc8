import Synchronization

/// What `forEach` needs to cancel the effects of removed elements in time proportional to what
/// was removed: the structure it saw after its previous action (`mountedStamp`), and the ids
/// removed since (`removedSinceMount`), kept only once it has seen the array.
///
/// NB: kept in the array, not in the operator: operators are values shared by every store and
/// every row that runs them, while the array is exactly the state they look at. A removal made
/// by other code (a sibling reducer) is then seen at the operator's next action. An array the
/// operator has not seen (a new one assigned wholesale) has no log, and the operator asks the
/// store which of its elements still have effects instead.
extension IdentifiedArray {
  /// Records that `id` was removed, while `forEach` tracks this array.
  @inlinable
  mutating func noteRemoved(_ id: ID) {
    guard mountedStamp != 0 else { return }
    removedSinceMount.append(id)
    if removedSinceMount.count > Swift.max(64, 2 * storedIDs.count) {
      // Lost track (the array is changed far from its operator): the operator asks the store.
      mountedStamp = 0
      removedSinceMount = []
    }
  }

  /// Records that `ids` were removed.
  @usableFromInline
  mutating func noteRemoved(_ ids: some Sequence<ID>) {
    guard mountedStamp != 0 else { return }
    for id in ids { noteRemoved(id) }
  }

  /// For `forEach`, after each action: the ids removed since its previous action that are still
  /// absent (`nil` when it cannot tell, for an array it has not seen), and the array is marked as
  /// seen.
  ///
  /// - Complexity: O(1) when the ids did not change; O(removed) otherwise.
  @inlinable
  package mutating func takeRemovals() -> [ID]? {
    guard structureStamp != mountedStamp else { return [] }
    return takeRemovalsSlowly()
  }

  @usableFromInline
  mutating func takeRemovalsSlowly() -> [ID]? {
    defer {
      mountedStamp = structureStamp
      removedSinceMount.removeAll(keepingCapacity: true)
    }
    guard mountedStamp != 0 else { return nil }
    var seen: Set<ID> = []
    return removedSinceMount.filter { positions[$0] == nil && seen.insert($0).inserted }
  }

}

/// Process-wide stamps for structural changes of identified arrays and stacks.
@usableFromInline
package enum StructureStamp {
  private static let counter = Atomic<UInt64>(1)

  @usableFromInline
  package static func next() -> UInt64 {
    counter.add(1, ordering: .relaxed).newValue
  }
}
