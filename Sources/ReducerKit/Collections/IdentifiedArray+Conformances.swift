extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { storedElements.count }

  /// The element at `position`. Setting keeps the position's id: an element with another id is
  /// a runtime warning and is rejected (the array is unchanged); changing the id in place moves
  /// the element to its new id, as ``subscript(id:)`` does.
  ///
  /// ```swift
  /// state.todos[0].isComplete = true
  /// ```
  ///
  /// - Complexity: O(1)
  @inlinable
  public subscript(position: Int) -> Element {
    get { storedElements[position] }
    set {
      let newID = readID(of: newValue)
      guard newID == storedIDs[position] else {
        return rejectMismatch(newID, under: storedIDs[position], api: "subscript(position:)")
      }
      storedElements[position] = newValue
    }
    _modify {
      let oldID = storedIDs[position]
      yield &storedElements[position]
      let newID = readID(of: storedElements[position])
      if newID != oldID { rekey(at: position, from: oldID, to: newID) }
    }
  }

  /// Swaps two elements, with their ids, so the standard in-place algorithms (`reverse()`,
  /// `partition(by:)`, `sort()`) keep every element under its own id.
  ///
  /// - Complexity: O(1)
  @inlinable
  public mutating func swapAt(_ i: Int, _ j: Int) {
    guard i != j else { return }
    storedElements.swapAt(i, j)
    storedIDs.swapAt(i, j)
    positions[storedIDs[i]] = i
    positions[storedIDs[j]] = j
    structureStamp = StructureStamp.next()
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral
where Element: Identifiable, ID == Element.ID {
  /// An array of the literal's elements, whose ids must be unique.
  @inlinable
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Equal when they hold equal elements in the same order.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storedElements == rhs.storedElements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storedElements)
  }
}

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as an array.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(storedElements)
  }
}

extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, ID == Element.ID {
  /// Decodes an array of elements; duplicate ids are a decoding error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let elements = try container.decode([Element].self)
    self.init()
    for element in elements where !append(element) {
      throw DecodingError.dataCorruptedError(
        in: container,
        debugDescription: "Duplicate id \(element.id) in an identified array."
      )
    }
  }
}

extension IdentifiedArray: KeyedDumpCollection {
  package var dumpTypeName: String { "IdentifiedArray" }
  package var dumpEntries: [(key: String, value: Any)] {
    zip(storedIDs, storedElements).map { (key: "id: \(customDump($0))", value: $1) }
  }
}

extension IdentifiedArray: CustomStringConvertible {
  public var description: String { customDump(self) }
}
