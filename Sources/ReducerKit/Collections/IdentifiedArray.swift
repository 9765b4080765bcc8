/// An ordered collection of elements with unique ids, with constant-time access by id.
///
/// ```swift
/// struct State: Equatable {
///   var todos: IdentifiedArrayOf<Todo> = []
/// }
/// state.todos[id: todo.id]?.isComplete = true   // in place, O(1)
/// state.todos[id: todo.id] = nil                // removes it
/// ```
///
/// Use it with `Reducer.forEach(_:action:element:)` to run a
/// reducer on each element.
///
/// Ids stay unique and in step with the elements whatever is done to the array: a duplicate id
/// in `init(uniqueElements:)` or an array literal, or an element set under an id that is not its
/// own, is a runtime warning, never a trap (each API's documentation says what happens instead).
public struct IdentifiedArray<ID: Hashable, Element> {
  @usableFromInline var storedIDs: [ID]
  @usableFromInline var storedElements: [Element]
  @usableFromInline var positions: [ID: Int]
  /// Changes whenever ids are added, removed or reordered (never when an element is modified):
  /// equal stamps mean equal ids, in the same order.
  @usableFromInline package internal(set) var structureStamp: UInt64
  /// The structure `forEach` saw last (0 before it ran, or once it lost track), and the ids
  /// removed since: see `IdentifiedArray+Removals.swift`. Not part of the value.
  @usableFromInline package internal(set) var mountedStamp: UInt64 = 0
  @usableFromInline package internal(set) var removedSinceMount: [ID] = []
  /// Where each element keeps its id.
  public let id: KeyPath<Element, ID> & Sendable
  /// How an `Identifiable` element's id is read, for arrays made by the `Identifiable`
  /// initializers; `nil` for arrays made with a key path (see ``readID(of:)``).
  @usableFromInline let idReader: (any IDReader<Element, ID>)?
  /// The offset of the id in an element, when `id` names a stored property of a struct.
  @usableFromInline let idOffset: Int?

  /// An array that reads each element's id at `id`.
  public init(id: KeyPath<Element, ID> & Sendable) {
    self.init(id: id, idReader: nil)
  }

  @usableFromInline
  init(id: KeyPath<Element, ID> & Sendable, idReader: (any IDReader<Element, ID>)?) {
    self.id = id
    self.idReader = idReader
    // NB: the key path `\.id` the `Identifiable` initializers pass names the protocol's
    // requirement, a computed property: it has no offset, and those arrays read ids through
    // `idReader` instead.
    idOffset = idReader == nil ? MemoryLayout<Element>.offset(of: id) : nil
    storedIDs = []
    storedElements = []
    positions = [:]
    structureStamp = StructureStamp.next()
  }

  /// An array of `elements`, whose ids should be unique.
  ///
  /// An element whose id an earlier element already has is a runtime warning, and is left out.
  @inlinable
  public init(
    uniqueElements elements: some Sequence<Element>,
    id: KeyPath<Element, ID> & Sendable
  ) {
    self.init(uniqueElements: elements, id: id, idReader: nil)
  }

  @inlinable
  init(
    uniqueElements elements: some Sequence<Element>, id: KeyPath<Element, ID> & Sendable,
    idReader: (any IDReader<Element, ID>)?, api: StaticString = "IdentifiedArray(uniqueElements:)"
  ) {
    self.init(id: id, idReader: idReader)
    let expected = elements.underestimatedCount
    storedIDs.reserveCapacity(expected)
    self.storedElements.reserveCapacity(expected)
    positions.reserveCapacity(expected)
    var duplicates: [ID] = []
    for element in elements where !append(element) {
      duplicates.append(readID(of: element))
    }
    if !duplicates.isEmpty { reportDuplicates(duplicates, api: api) }
  }

  @usableFromInline
  func reportDuplicates(_ duplicates: [ID], api: StaticString) {
    reportIdentityWarning(
      """
      "\(api)" was given \(duplicates.count == 1 ? "an element" : "elements") \
      whose id an earlier element already has; \(duplicates.count == 1 ? "it was" : "they were") left out.

        Duplicate ids:
      \(duplicates.map { customDump($0, indent: 4) }.joined(separator: "\n"))

      Ids must be unique. Remove the duplicates before building the array, or give each \
      element its own id.
      """
    )
  }

  /// The elements, in order, as a plain array.
  @inlinable public var elements: [Element] { storedElements }

  /// The ids, in order: an ordered set whose `contains(_:)` and `firstIndex(of:)` are O(1).
  @inlinable public var ids: OrderedIDs<ID> {
    OrderedIDs(elements: storedIDs, positions: positions)
  }

  /// The position of the element with `id`.
  ///
  /// - Complexity: O(1)
  @inlinable public func index(id: ID) -> Int? { positions[id] }

  /// The element with `id`; setting `nil` removes it, setting a value replaces it (or appends it
  /// when there is no element with that id).
  ///
  /// Setting an element whose own id is not `id` is a runtime warning, and the array is left
  /// unchanged (the element is rejected). Changing an element's id in place
  /// (`array[id: 1]?.id = 2`) is a runtime warning too: the element keeps its position under its
  /// new id, or, when another element already has that id, it is removed.
  ///
  /// - Complexity: O(1) to read and to modify in place; O(n) to remove.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get { positions[id].map { storedElements[$0] } }
    _modify {
      guard let position = positions[id] else {
        var newValue: Element?
        yield &newValue
        if let newValue { insertNew(newValue, under: id) }
        return
      }
      // NB: the element is moved out of its slot while it is modified, so nothing else refers
      // to it and modifying it never copies its own storage.
      var element: Element? = takeElement(at: position)
      defer { restoreElement(element, at: position, id: id) }
      yield &element
    }
    set {
      guard let newValue else {
        if let position = positions[id] { remove(at: position) }
        return
      }
      let newID = readID(of: newValue)
      guard newID == id else { return rejectMismatch(newID, under: id, api: "subscript(id:)") }
      if let position = positions[id] {
        storedElements[position] = newValue
      } else {
        append(newValue)
      }
    }
  }

  /// Runs `body` on the element with `id` in place; `nil` when there is no such element.
  ///
  /// - Complexity: O(1)
  @inlinable
  package mutating func modifyElement<Result>(id: ID, _ body: (inout Element) -> Result) -> Result?
  {
    guard let position = positions[id] else { return nil }
    return body(&storedElements[position])
  }

  /// Appends `element`; returns `false` (and changes nothing) if its id is already present.
  ///
  /// - Complexity: Amortized O(1).
  @inlinable
  @discardableResult
  public mutating func append(_ element: Element) -> Bool {
    let elementID = readID(of: element)
    guard positions[elementID] == nil else { return false }
    positions[elementID] = storedElements.count
    storedIDs.append(elementID)
    storedElements.append(element)
    structureStamp = StructureStamp.next()
    return true
  }

  /// Inserts `element` at `index`; returns `false` (and changes nothing) if its id is present.
  ///
  /// - Complexity: O(n)
  @inlinable
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> Bool {
    let elementID = readID(of: element)
    guard positions[elementID] == nil else { return false }
    storedIDs.insert(elementID, at: index)
    storedElements.insert(element, at: index)
    shiftPositions(from: index + 1, by: 1)
    positions[elementID] = index
    return true
  }

  /// Removes and returns the element at `index`.
  ///
  /// - Complexity: O(n): the later elements move up, and their positions are updated (inlinable,
  /// so that moving them runs specialized for the element type rather than through generic
  /// metadata).
  @inlinable
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let element = storedElements.remove(at: index)
    removeBookkeeping(at: index, id: storedIDs[index])
    return element
  }

  /// Removes and returns the element with `id`, if there is one.
  ///
  /// - Complexity: O(n).
  @inlinable
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    positions[id].map { remove(at: $0) }
  }

  /// The id of `element`.
  ///
  /// NB: applying the key path goes through the runtime's generic key path machinery (~65 ns a
  /// read here, generic metadata looked up on each), and an id is read on every append,
  /// insertion, and change in place: an `Identifiable` element's id is read through its
  /// conformance instead, and a stored id named by a key path at its offset, as `FieldReader`
  /// reads fields.
  @inlinable @inline(__always)
  func readID(of element: Element) -> ID {
    if let idReader { return idReader.id(of: element) }
    guard let idOffset else { return element[keyPath: id] }
    return readStoredField(of: element, at: idOffset)
  }

  /// Moves the recorded positions of the ids now at `start...` by `delta`, after an insertion
  /// (`+1`) or a removal (`-1`) just before `start` (the inserted id's own position is recorded
  /// by its caller).
  ///
  /// NB: when more than an eighth of the ids moved, the positions are mapped in one pass over the
  /// table's storage (`mapValues`: no id hashed, the layout kept), instead of each moved id being
  /// hashed to rewrite its position (an in-place loop over `positions.values` is slower still:
  /// index and uniqueness checks per id). When few moved, they are looked up one by one. Figures:
  /// the Performance guide, "Measured design choices".
  @inlinable
  mutating func shiftPositions(from start: Int, by delta: Int) {
    let moved = storedIDs.count - start
    if moved <= positions.count / 8 {
      for position in start..<storedIDs.count { positions[storedIDs[position]] = position }
    } else {
      let threshold = start - delta
      positions = positions.mapValues { $0 >= threshold ? $0 &+ delta : $0 }
    }
    structureStamp = StructureStamp.next()
  }

  // MARK: In-place modification by id

  /// Moves the element at `position` out, leaving its slot uninitialized (or, for a single
  /// element, removed) until ``restoreElement(_:at:id:)``.
  @inlinable
  mutating func takeElement(at position: Int) -> Element {
    if storedElements.count == 1 { return storedElements.removeLast() }
    return storedElements.withUnsafeMutableBufferPointer { ($0.baseAddress! + position).move() }
  }

  /// Puts a taken element back (under its new id if it changed), or, for `nil`, removes its
  /// slot.
  @inlinable
  mutating func restoreElement(_ element: Element?, at position: Int, id: ID) {
    if storedElements.count < storedIDs.count {
      // The single-element case: the slot was removed.
      if let element {
        storedElements.append(element)
      } else {
        removeBookkeeping(at: position, id: id)
      }
    } else if let element {
      storedElements.withUnsafeMutableBufferPointer {
        ($0.baseAddress! + position).initialize(to: element)
      }
    } else {
      storedElements.withUnsafeMutableBufferPointer { buffer in
        let base = buffer.baseAddress!
        let count = buffer.count
        (base + position).moveInitialize(from: base + position + 1, count: count - position - 1)
        // Fill the now-vacant last slot with a copy, which the removal below destroys.
        (base + count - 1).initialize(to: base[count - 2])
      }
      storedElements.removeLast()
      removeBookkeeping(at: position, id: id)
    }
    if let element {
      let newID = readID(of: element)
      if newID != id { rekey(at: position, from: id, to: newID) }
    }
  }

  /// Removes the id at `position` (`id`), whose element has been removed already, and records
  /// the removal.
  @inlinable
  mutating func removeBookkeeping(at position: Int, id: ID) {
    storedIDs.remove(at: position)
    positions[id] = nil
    shiftPositions(from: position, by: -1)
    noteRemoved(id)
  }

  /// Appends an element that was set under `key` where no element was.
  @inlinable
  mutating func insertNew(_ element: Element, under key: ID) {
    let newID = readID(of: element)
    guard newID == key else { return rejectMismatch(newID, under: key, api: "subscript(id:)") }
    append(element)
  }

  /// The element at `position` changed its id from `old` to `new` in place: it keeps its
  /// position under `new`, or is removed when another element has `new`.
  @usableFromInline
  mutating func rekey(at position: Int, from old: ID, to new: ID) {
    let isTaken = positions[new] != nil
    reportIdentityWarning(
      """
      "IdentifiedArray.subscript(id:)" changed the id of the element \(customDump(old)) to \
      \(customDump(new)) in place; \(isTaken ? "another element already has that id, so the changed element was removed" : "it is now known by its new id").

      An element's id names it for its whole life: effects, stores and actions refer to it by \
      id. Remove the element and add a new one instead of changing its id.
      """
    )
    if isTaken {
      remove(at: position)
      return
    }
    storedIDs[position] = new
    positions[old] = nil
    positions[new] = position
    structureStamp = StructureStamp.next()
    noteRemoved(old)
  }

  @usableFromInline
  func rejectMismatch(_ elementID: ID, under key: ID, api: String) {
    reportIdentityWarning(
      """
      "IdentifiedArray.\(api)" was given an element whose id is \(customDump(elementID)) under \
      the id \(customDump(key)); the array was left unchanged.

      An element can only be stored under its own id. Set it under its own id \
      ("array[id: element.id] = element"), or append it.
      """
    )
  }
}

extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// An empty array of identifiable elements.
  @inlinable
  public init() {
    self.init(id: \.id, idReader: IdentifiableIDReader())
  }

  /// An array of identifiable `elements`, whose ids should be unique (a duplicate is a runtime
  /// warning and is left out).
  @inlinable
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init(uniqueElements: elements, id: \.id, idReader: IdentifiableIDReader())
  }
}

/// Reads an element's id without a key path (see `IdentifiedArray.readID(of:)`).
@usableFromInline
protocol IDReader<Element, ID>: Sendable {
  associatedtype Element
  associatedtype ID
  func id(of element: Element) -> ID
}

/// Reads an `Identifiable` element's id through its conformance.
@usableFromInline
struct IdentifiableIDReader<Element: Identifiable>: IDReader {
  @inlinable init() {}

  @inlinable
  func id(of element: Element) -> Element.ID { element.id }
}

/// An identified array of `Identifiable` elements.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

/// Reports a misuse of an identified collection's ids.
func reportIdentityWarning(_ message: String) {
  reportRuntimeWarning(
    message, fileID: #fileID, filePath: #filePath, line: #line, column: #column)
}
