extension IdentifiedArray: RandomAccessCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { elements.count }

  /// The element at `position`.
  ///
  /// - Complexity: O(1)
  public subscript(position: Int) -> Element { elements[position] }
}

extension IdentifiedArray: ExpressibleByArrayLiteral
where Element: Identifiable, ID == Element.ID {
  /// An array of the literal's elements, whose ids must be unique.
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Equal when they hold equal elements in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elements == rhs.elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(elements)
  }
}

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as an array.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(elements)
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
    zip(storedIDs, elements).map { (key: "id: \(customDump($0))", value: $1) }
  }
}

extension IdentifiedArray: CustomStringConvertible {
  public var description: String { customDump(self) }
}
