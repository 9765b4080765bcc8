/// The ids of an ``IdentifiedArray`` or a ``StackState``, in order: an ordered set, as TCA's
/// `OrderedSet<ID>`, with constant-time membership for an identified array.
///
/// ```swift
/// if state.todos.ids.contains(id) { … }                    // O(1)
/// let gone = previous.ids.subtracting(state.todos.ids)     // ids, in `previous`'s order
/// #expect(state.todos.ids == [1, 2, 3])
/// ```
///
/// An array's ids are read without copying them: the value shares the array's storage, and its
/// membership table is the array's own id index.
public struct OrderedIDs<ID: Hashable>: RandomAccessCollection {
  /// The ids, in order, as a plain array.
  public let elements: [ID]
  /// The position of each id; `nil` for a stack's ids, which are searched (stacks are short,
  /// and keep no index of their own).
  @usableFromInline let positions: [ID: Int]?

  @inlinable
  init(elements: [ID], positions: [ID: Int]?) {
    self.elements = elements
    self.positions = positions
  }

  /// The distinct ids of `ids`, in the order they first appear.
  public init(_ ids: some Sequence<ID>) {
    var elements: [ID] = []
    var positions: [ID: Int] = [:]
    for id in ids where positions[id] == nil {
      positions[id] = elements.count
      elements.append(id)
    }
    self.init(elements: elements, positions: positions)
  }

  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { elements.count }
  @inlinable public subscript(position: Int) -> ID { elements[position] }

  /// Whether `id` is one of the ids.
  ///
  /// - Complexity: O(1) for an identified array's ids; O(n) for a stack's.
  @inlinable
  public func contains(_ id: ID) -> Bool {
    firstIndex(of: id) != nil
  }

  /// The position of `id`.
  ///
  /// - Complexity: O(1) for an identified array's ids; O(n) for a stack's.
  @inlinable
  public func firstIndex(of id: ID) -> Int? {
    guard let positions else { return elements.firstIndex(of: id) }
    return positions[id]
  }

  /// The position of `id`: the same as ``firstIndex(of:)``, ids being unique.
  @inlinable
  public func lastIndex(of id: ID) -> Int? {
    firstIndex(of: id)
  }

  // MARK: - Set algebra, as `OrderedSet`'s: results keep this collection's order

  /// These ids, then those of `other` not among them, in the order `other` has them.
  public func union(_ other: some Sequence<ID>) -> Self {
    Self(elements + Array(other))
  }

  /// These ids that are also in `other`, in this order.
  public func intersection(_ other: some Sequence<ID>) -> Self {
    let kept = Set(other)
    return Self(elements.filter { kept.contains($0) })
  }

  /// These ids that are not in `other`, in this order.
  public func subtracting(_ other: some Sequence<ID>) -> Self {
    let removed = Set(other)
    return Self(elements.filter { !removed.contains($0) })
  }

  /// Whether every one of these ids is in `other`.
  public func isSubset(of other: some Sequence<ID>) -> Bool {
    let container = Set(other)
    return elements.allSatisfy { container.contains($0) }
  }

  /// Whether every id of `other` is one of these.
  public func isSuperset(of other: some Sequence<ID>) -> Bool {
    other.allSatisfy { self.contains($0) }
  }

  /// Whether none of `other`'s ids is one of these.
  public func isDisjoint(with other: some Sequence<ID>) -> Bool {
    !other.contains { self.contains($0) }
  }
}

extension OrderedIDs: Equatable {
  /// The same ids in the same order.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elements == rhs.elements
  }
}

extension OrderedIDs: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(elements)
  }
}

extension OrderedIDs: Sendable where ID: Sendable {}

extension OrderedIDs: ExpressibleByArrayLiteral {
  /// The ids written, for comparisons such as `#expect(state.todos.ids == [1, 2])`; an id written
  /// twice counts once, where it first appears.
  public init(arrayLiteral ids: ID...) {
    self.init(ids)
  }
}

extension OrderedIDs: CustomStringConvertible, CustomReflectable {
  /// The ids as an array prints them.
  public var description: String { elements.description }

  /// The ids as an array's children, so dumps and test failures show them as a list.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
  }
}
