extension IdentifiedArray {
  /// An array of `elements` in which elements sharing an id are combined: the first keeps its
  /// position, and its value becomes `combine(kept, later)` for each later one.
  ///
  /// ```swift
  /// let merged = IdentifiedArray(cached + fetched, id: \.id) { _, fetched in fetched }
  /// ```
  ///
  /// - Complexity: O(n)
  @inlinable
  public init(
    _ elements: some Sequence<Element>, id: KeyPath<Element, ID> & Sendable,
    uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows {
    self.init(id: id, idReader: nil)
    try combineAll(elements, uniquingIDsWith: combine)
  }

  /// An array of `elements`, whose ids the caller knows are unique (they come from another
  /// identified collection, say), as TCA's initializer of the same name.
  ///
  /// Unlike TCA's, it checks them anyway, at no extra cost (the ids are indexed either way): a
  /// duplicate is a runtime warning and is left out, as in `init(uniqueElements:id:)`.
  @inlinable
  public init(
    uncheckedUniqueElements elements: some Sequence<Element>, id: KeyPath<Element, ID> & Sendable
  ) {
    self.init(
      uniqueElements: elements, id: id, idReader: nil,
      api: "IdentifiedArray(uncheckedUniqueElements:)")
  }

  @inlinable
  mutating func combineAll(
    _ elements: some Sequence<Element>,
    uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows {
    for element in elements {
      let id = readID(of: element)
      if let position = positions[id] {
        let combined = try combine(storedElements[position], element)
        let combinedID = readID(of: combined)
        guard combinedID == id else {
          reportCombinedMismatch(combinedID, for: id)
          continue
        }
        storedElements[position] = combined
      } else {
        append(element)
      }
    }
  }

  /// Warns of a `combine` closure that returned an element of another id.
  @usableFromInline
  func reportCombinedMismatch(_ combinedID: ID, for id: ID) {
    reportIdentityWarning(
      """
      The "uniquingIDsWith" closure of "IdentifiedArray.init" combined two elements whose id is \
      \(customDump(id)) into one whose id is \(customDump(combinedID)); the element kept so far \
      was kept.

      Return an element with the id of the two it combines.
      """
    )
  }
}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// An array of identifiable `elements` in which elements sharing an id are combined, as
  /// ``init(_:id:uniquingIDsWith:)`` does.
  @inlinable
  public init(
    _ elements: some Sequence<Element>,
    uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows {
    self.init()
    try combineAll(elements, uniquingIDsWith: combine)
  }

  /// An array of identifiable `elements`, whose ids the caller knows are unique; checked anyway,
  /// as ``init(uncheckedUniqueElements:id:)`` says.
  @inlinable
  public init(uncheckedUniqueElements elements: some Sequence<Element>) {
    self.init(
      uniqueElements: elements, id: \.id, idReader: IdentifiableIDReader(),
      api: "IdentifiedArray(uncheckedUniqueElements:)")
  }
}
