import struct Foundation.IndexSet

extension IdentifiedArray {
  /// Removes every element.
  ///
  /// - Complexity: O(n)
  public mutating func removeAll() {
    guard !storedIDs.isEmpty else { return }
    let removed = storedIDs
    rebuild([])
    noteRemoved(removed)
  }

  /// Removes the elements at `offsets`.
  ///
  /// ```swift
  /// case .view(.delete(let offsets)):
  ///   state.todos.remove(atOffsets: offsets)
  /// ```
  ///
  /// - Complexity: O(n)
  public mutating func remove(atOffsets offsets: IndexSet) {
    guard !offsets.isEmpty else { return }
    var kept: [Element] = []
    var removed: [ID] = []
    for (position, element) in elements.enumerated() {
      if offsets.contains(position) {
        removed.append(storedIDs[position])
      } else {
        kept.append(element)
      }
    }
    rebuild(kept)
    noteRemoved(removed)
  }

  /// Removes and returns the last element.
  ///
  /// - Precondition: The array is not empty.
  /// - Complexity: O(1)
  @discardableResult
  public mutating func removeLast() -> Element {
    remove(at: endIndex - 1)
  }

  /// Removes and returns the first element.
  ///
  /// - Precondition: The array is not empty.
  /// - Complexity: O(n)
  @discardableResult
  public mutating func removeFirst() -> Element {
    remove(at: startIndex)
  }

  /// Removes every element that satisfies `shouldBeRemoved`.
  ///
  /// - Complexity: O(n)
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var kept: [Element] = []
    var removed: [ID] = []
    for (position, element) in elements.enumerated() {
      if try shouldBeRemoved(element) {
        removed.append(storedIDs[position])
      } else {
        kept.append(element)
      }
    }
    guard !removed.isEmpty else { return }
    rebuild(kept)
    noteRemoved(removed)
  }

  /// Moves the elements at `source` so that they are just before `destination`.
  ///
  /// - Complexity: O(n)
  public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
    let moving = source.map { elements[$0] }
    var remaining: [Element] = []
    var insertion = destination
    for (index, element) in elements.enumerated() {
      if source.contains(index) {
        if index < destination { insertion -= 1 }
      } else {
        remaining.append(element)
      }
    }
    remaining.insert(contentsOf: moving, at: insertion)
    rebuild(remaining)
  }

  /// Sorts the elements in place.
  ///
  /// - Complexity: O(n log n)
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    rebuild(try elements.sorted(by: areInIncreasingOrder))
  }

  /// The elements that satisfy `isIncluded`, in order.
  ///
  /// - Complexity: O(n)
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var result = Self(id: id)
    for element in elements where try isIncluded(element) { result.append(element) }
    return result
  }

  /// Replaces the elements with `newElements` (the same elements, reordered or fewer), rebuilding
  /// the ids and positions from the elements themselves.
  ///
  /// NB: never traps: should two elements claim one id, the later one is left out (the
  /// invariants elsewhere keep that from happening).
  mutating func rebuild(_ newElements: [Element]) {
    var ids: [ID] = []
    var kept: [Element] = []
    var positions: [ID: Int] = [:]
    ids.reserveCapacity(newElements.count)
    kept.reserveCapacity(newElements.count)
    positions.reserveCapacity(newElements.count)
    for element in newElements {
      let elementID = element[keyPath: id]
      guard positions[elementID] == nil else { continue }
      positions[elementID] = ids.count
      ids.append(elementID)
      kept.append(element)
    }
    elements = kept
    storedIDs = ids
    self.positions = positions
    structureStamp = StructureStamp.next()
  }
}
