extension IdentifiedArray {
  /// Replaces the element with `element`'s id where it is, or appends `element` when no element
  /// has its id; returns the element it replaced, if any.
  ///
  /// ```swift
  /// case .todoSaved(let todo):
  ///   state.todos.updateOrAppend(todo)
  /// ```
  ///
  /// - Complexity: O(1), amortized when it appends.
  @inlinable
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    guard let position = positions[readID(of: element)] else {
      append(element)
      return nil
    }
    var replaced = element
    swap(&replaced, &storedElements[position])
    return replaced
  }

  /// Replaces the element with `element`'s id where it is, or inserts `element` at `index` when
  /// no element has its id; returns the element it replaced, if any, and where `element` now is.
  ///
  /// - Precondition: When it inserts, `index` is in `0...count`, as for `insert(_:at:)`.
  /// - Complexity: O(1) when it replaces; O(n) when it inserts.
  @inlinable
  @discardableResult
  public mutating func updateOrInsert(
    _ element: Element, at index: Int
  ) -> (originalMember: Element?, index: Int) {
    guard let position = positions[readID(of: element)] else {
      insert(element, at: index)
      return (nil, index)
    }
    var replaced = element
    swap(&replaced, &storedElements[position])
    return (replaced, position)
  }

  /// Appends the elements of `newElements` whose ids are not in the array yet, in order (of
  /// several with one id, the first).
  ///
  /// - Complexity: O(m), amortized, for m new elements.
  @inlinable
  public mutating func append(contentsOf newElements: some Sequence<Element>) {
    let expected = storedIDs.count + newElements.underestimatedCount
    storedIDs.reserveCapacity(expected)
    storedElements.reserveCapacity(expected)
    positions.reserveCapacity(expected)
    for element in newElements { append(element) }
  }

  /// Replaces the element at `index` with `element`, which has the same id; returns the element
  /// it replaced.
  ///
  /// ```swift
  /// let original = state.todos.update(edited, at: 0)
  /// ```
  ///
  /// An element with another id is a runtime warning and is rejected (as swift-identified-
  /// collections' precondition would trap): the array is unchanged, and the element at `index`
  /// is returned.
  ///
  /// - Precondition: `index` is a valid position, as for `subscript(position:)`.
  /// - Complexity: O(1)
  @inlinable
  @discardableResult
  public mutating func update(_ element: Element, at index: Int) -> Element {
    let newID = readID(of: element)
    guard newID == storedIDs[index] else {
      rejectMismatch(newID, under: storedIDs[index], api: "update(_:at:)")
      return storedElements[index]
    }
    var replaced = element
    swap(&replaced, &storedElements[index])
    return replaced
  }

  /// Removes the element with `element`'s id (whatever its other fields hold); returns it, or
  /// `nil` when there is none.
  ///
  /// - Complexity: O(n)
  @inlinable
  @discardableResult
  public mutating func remove(_ element: Element) -> Element? {
    remove(id: readID(of: element))
  }

  /// Whether an element with `element`'s id is in the array (its other fields may differ), as
  /// swift-identified-collections answers; compare `array[id: element.id] == element` for an
  /// equal element.
  ///
  /// - Complexity: O(1)
  @inlinable
  public func contains(_ element: Element) -> Bool {
    positions[readID(of: element)] != nil
  }
}
