import struct Foundation.IndexSet

extension IdentifiedArray {
  /// Removes every element.
  ///
  /// - Complexity: O(n)
  public mutating func removeAll() {
    guard !storedIDs.isEmpty else { return }
    let removed = storedIDs
    storedIDs = []
    storedElements = []
    positions = [:]
    structureStamp = StructureStamp.next()
    noteRemoved(removed)
  }

  /// Removes the elements at `offsets` (offsets past the end are ignored).
  ///
  /// ```swift
  /// case .view(.delete(let offsets)):
  ///   state.todos.remove(atOffsets: offsets)
  /// ```
  ///
  /// - Complexity: O(n)
  @inlinable
  public mutating func remove(atOffsets offsets: IndexSet) {
    guard !offsets.isEmpty else { return }
    var kept: [Int] = []
    kept.reserveCapacity(storedIDs.count)
    var next = 0
    for range in offsets.rangeView where next < storedIDs.count {
      kept.append(contentsOf: next..<Swift.max(next, Swift.min(range.lowerBound, storedIDs.count)))
      next = Swift.max(next, range.upperBound)
    }
    if next < storedIDs.count { kept.append(contentsOf: next..<storedIDs.count) }
    guard kept.count < storedIDs.count else { return }
    rearrange(keeping: kept)
  }

  /// Removes and returns the last element.
  ///
  /// - Precondition: The array is not empty.
  /// - Complexity: O(1)
  @inlinable
  @discardableResult
  public mutating func removeLast() -> Element {
    remove(at: endIndex - 1)
  }

  /// Removes and returns the first element.
  ///
  /// - Precondition: The array is not empty.
  /// - Complexity: O(n)
  @inlinable
  @discardableResult
  public mutating func removeFirst() -> Element {
    remove(at: startIndex)
  }

  /// Removes every element that satisfies `shouldBeRemoved`.
  ///
  /// - Complexity: O(n)
  @inlinable
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var kept: [Int] = []
    kept.reserveCapacity(storedElements.count)
    for position in storedElements.indices where try !shouldBeRemoved(storedElements[position]) {
      kept.append(position)
    }
    guard kept.count < storedElements.count else { return }
    rearrange(keeping: kept)
  }

  /// Moves the elements at `source` so that they are just before `destination`.
  ///
  /// Offsets outside the array, and a destination past its end, are a runtime warning, not a
  /// trap: those offsets are ignored, and the destination is taken as the end.
  ///
  /// - Complexity: O(n)
  @inlinable
  public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
    let count = storedIDs.count
    let target = Swift.min(Swift.max(destination, 0), count)
    let outside =
      (source.first.map { $0 < 0 } ?? false) || (source.last.map { $0 >= count } ?? false)
    if outside || target != destination {
      reportInvalidMove(source, destination: destination, count: count)
    }
    var remaining: [Int] = []
    remaining.reserveCapacity(count)
    var insertion = target
    var moving: [Int] = []
    for position in source where position >= 0 && position < count {
      moving.append(position)
      if position < target { insertion -= 1 }
    }
    var sourcePositions = moving.makeIterator()
    var nextSource = sourcePositions.next()
    for position in storedIDs.indices {
      if position == nextSource {
        nextSource = sourcePositions.next()
      } else {
        remaining.append(position)
      }
    }
    remaining.insert(contentsOf: moving, at: insertion)
    rearrange(keeping: remaining)
  }

  /// Warns of a move given offsets outside the array or a destination past its end.
  @usableFromInline
  func reportInvalidMove(_ source: IndexSet, destination: Int, count: Int) {
    let outside = source.filter { $0 < 0 || $0 >= count }
    let target = Swift.min(Swift.max(destination, 0), count)
    var problems: [String] = []
    if !outside.isEmpty {
      let list = outside.map(String.init).joined(separator: ", ")
      problems.append("offsets outside the array (\(list)), which were ignored")
    }
    if target != destination {
      problems.append("the destination \(destination), which was taken as \(target)")
    }
    reportRuntimeWarning(
      """
      "IdentifiedArray.move(fromOffsets:toOffset:)" was given \(problems.joined(separator: ", and ")).

      The array has \(count) element\(count == 1 ? "" : "s"): offsets must be in 0..<\(count) and \
      the destination in 0...\(count), as for "Array.move(fromOffsets:toOffset:)".
      """,
      fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  }

  /// Sorts the elements in place.
  ///
  /// - Complexity: O(n log n)
  @inlinable
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    let order = try storedElements.indices.sorted {
      try areInIncreasingOrder(storedElements[$0], storedElements[$1])
    }
    rearrange(keeping: order)
  }

  /// Reverses the order of the elements.
  ///
  /// - Complexity: O(n)
  @inlinable
  public mutating func reverse() {
    rearrange(keeping: storedIDs.indices.reversed())
  }

  /// Shuffles the elements, drawing from `generator`.
  ///
  /// - Complexity: O(n)
  @inlinable
  public mutating func shuffle(using generator: inout some RandomNumberGenerator) {
    var order = Array(storedIDs.indices)
    order.shuffle(using: &generator)
    rearrange(keeping: order)
  }

  /// Shuffles the elements.
  ///
  /// - Complexity: O(n)
  @inlinable
  public mutating func shuffle() {
    var generator = SystemRandomNumberGenerator()
    shuffle(using: &generator)
  }

  /// Removes the elements in `bounds`.
  ///
  /// A range reaching outside the array is a runtime warning, not a trap (as it is for an
  /// array): the part inside the array is removed.
  ///
  /// - Complexity: O(n)
  @inlinable
  public mutating func removeSubrange(_ bounds: Range<Int>) {
    let count = storedIDs.count
    let inside = bounds.clamped(to: 0..<count)
    if inside != bounds {
      reportInvalidRemoval(
        "removeSubrange(_:)", given: "the range \(bounds)", removing: "\(inside)",
        expected: "a range within 0..<\(count)", count: count)
    }
    guard !inside.isEmpty else { return }
    rearrange(keeping: Array(0..<inside.lowerBound) + Array(inside.upperBound..<count))
  }

  /// Removes the first `k` elements.
  ///
  /// A `k` below zero or above `count` is a runtime warning, not a trap: it is taken as the
  /// nearest of those.
  ///
  /// - Complexity: O(n)
  @inlinable
  public mutating func removeFirst(_ k: Int) {
    removeSubrange(0..<clampedRemovalCount(k, from: "first", api: "removeFirst(_:)"))
  }

  /// Removes the last `k` elements.
  ///
  /// A `k` below zero or above `count` is a runtime warning, not a trap: it is taken as the
  /// nearest of those.
  ///
  /// - Complexity: O(k)
  @inlinable
  public mutating func removeLast(_ k: Int) {
    for _ in 0..<clampedRemovalCount(k, from: "last", api: "removeLast(_:)") { removeLast() }
  }

  /// `k` within `0...count`; a `k` outside is reported as a warning naming `api`.
  @inlinable
  func clampedRemovalCount(_ k: Int, from end: String, api: String) -> Int {
    let count = storedIDs.count
    let removed = Swift.min(Swift.max(k, 0), count)
    if removed != k {
      reportInvalidRemoval(
        api, given: "\(k)", removing: "the \(end) \(removed)",
        expected: "a count within 0...\(count)", count: count)
    }
    return removed
  }

  /// Warns of a removal given a range or a count that reaches outside the array.
  @usableFromInline
  func reportInvalidRemoval(
    _ api: String, given: String, removing: String, expected: String, count: Int
  ) {
    reportRuntimeWarning(
      """
      "IdentifiedArray.\(api)" was given \(given), but the array has \(count) \
      element\(count == 1 ? "" : "s"); it removed \(removing) instead.

      Pass \(expected), as "Array.\(api)" requires (it traps otherwise).
      """,
      fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  }

  /// The elements that satisfy `isIncluded`, in order.
  ///
  /// - Complexity: O(n)
  @inlinable
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var result = Self(id: id, idReader: idReader)
    for element in storedElements where try isIncluded(element) { result.append(element) }
    return result
  }

  /// Keeps the elements at the positions `order` names (each at most once), in that order, and
  /// removes the others.
  ///
  /// NB: the ids' recorded positions are remapped in one pass over the table (`mapValues`), not
  /// rebuilt by hashing every kept id again; when most ids are removed, the table is built anew
  /// from the kept ones instead. Both read the ids already stored, not the elements' key paths.
  @inlinable
  mutating func rearrange(keeping order: [Int]) {
    let oldCount = storedIDs.count
    var newPosition = [Int](repeating: -1, count: oldCount)
    var ids: [ID] = []
    var kept: [Element] = []
    ids.reserveCapacity(order.count)
    kept.reserveCapacity(order.count)
    for (position, old) in order.enumerated() {
      newPosition[old] = position
      ids.append(storedIDs[old])
      kept.append(storedElements[old])
    }
    var removed: [ID] = []
    if order.count < oldCount {
      removed.reserveCapacity(oldCount - order.count)
      for old in 0..<oldCount where newPosition[old] < 0 { removed.append(storedIDs[old]) }
    }
    if removed.count * 2 > oldCount {
      var rebuilt: [ID: Int] = [:]
      rebuilt.reserveCapacity(ids.count)
      for (position, id) in ids.enumerated() { rebuilt[id] = position }
      positions = rebuilt
    } else {
      for id in removed { positions[id] = nil }
      positions = positions.mapValues { newPosition[$0] }
    }
    storedIDs = ids
    storedElements = kept
    structureStamp = StructureStamp.next()
    noteRemoved(removed)
  }
}

extension IdentifiedArray where Element: Comparable {
  /// Sorts the elements in increasing order.
  ///
  /// - Complexity: O(n log n)
  @inlinable
  public mutating func sort() {
    sort(by: <)
  }
}
