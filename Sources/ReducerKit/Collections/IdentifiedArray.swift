import Synchronization

import struct Foundation.IndexSet

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
/// Use it with ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)`` to run a
/// reducer on each element.
public struct IdentifiedArray<ID: Hashable, Element> {
  @usableFromInline var storedIDs: [ID]
  @usableFromInline var elements: [Element]
  @usableFromInline var positions: [ID: Int]
  /// Changes whenever ids are added, removed or reordered (never when an element is modified):
  /// equal stamps mean equal ids, in the same order.
  @usableFromInline package private(set) var structureStamp: UInt64
  /// Where each element keeps its id.
  public let id: KeyPath<Element, ID> & Sendable

  /// An array that reads each element's id at `id`.
  public init(id: KeyPath<Element, ID> & Sendable) {
    self.init(id: id, storedIDs: [], elements: [], positions: [:])
  }

  init(
    id: KeyPath<Element, ID> & Sendable, storedIDs: [ID], elements: [Element],
    positions: [ID: Int]
  ) {
    self.id = id
    self.storedIDs = storedIDs
    self.elements = elements
    self.positions = positions
    structureStamp = StructureStamp.next()
  }

  /// An array of `elements`, whose ids must be unique.
  ///
  /// - Precondition: No two elements have the same id.
  public init(
    uniqueElements elements: some Sequence<Element>,
    id: KeyPath<Element, ID> & Sendable
  ) {
    self.init(id: id)
    for element in elements {
      let elementID = element[keyPath: id]
      precondition(
        positions[elementID] == nil,
        "IdentifiedArray(uniqueElements:) was given two elements with the id \(elementID). Ids must be unique: remove the duplicate, or use an array literal of distinct elements."
      )
      positions[elementID] = self.elements.count
      storedIDs.append(elementID)
      self.elements.append(element)
    }
  }

  /// The ids, in order.
  public var ids: [ID] { storedIDs }

  /// The position of the element with `id`.
  ///
  /// - Complexity: O(1)
  public func index(id: ID) -> Int? { positions[id] }

  /// The element with `id`; setting `nil` removes it, setting a value replaces it (or appends it
  /// when there is no element with that id).
  ///
  /// - Complexity: O(1) to read and to modify in place; O(n) to remove.
  public subscript(id id: ID) -> Element? {
    get { positions[id].map { elements[$0] } }
    _modify {
      guard let position = positions[id] else {
        var newValue: Element?
        yield &newValue
        if let newValue { append(newValue) }
        return
      }
      // NB: the element is moved out of its slot while it is modified, so nothing else refers
      // to it and modifying it never copies its own storage.
      var element: Element? = takeElement(at: position)
      defer { restoreElement(element, at: position, id: id) }
      yield &element
    }
    set {
      self[id: id].modify(with: newValue)
    }
  }

  /// Runs `body` on the element with `id` in place; `nil` when there is no such element.
  ///
  /// - Complexity: O(1)
  @inlinable
  package mutating func modifyElement<Result>(id: ID, _ body: (inout Element) -> Result) -> Result?
  {
    guard let position = positions[id] else { return nil }
    return body(&elements[position])
  }

  /// Moves the element at `position` out, leaving its slot uninitialized (or, for a single
  /// element, removed) until ``restoreElement(_:at:id:)``.
  private mutating func takeElement(at position: Int) -> Element {
    if elements.count == 1 { return elements.removeLast() }
    return elements.withUnsafeMutableBufferPointer { ($0.baseAddress! + position).move() }
  }

  /// Puts a taken element back, or, for `nil`, removes its slot.
  private mutating func restoreElement(_ element: Element?, at position: Int, id: ID) {
    if elements.count < storedIDs.count {
      // The single-element case: the slot was removed.
      if let element { elements.append(element) } else { removeBookkeeping(at: position, id: id) }
      return
    }
    if let element {
      elements.withUnsafeMutableBufferPointer {
        ($0.baseAddress! + position).initialize(to: element)
      }
      return
    }
    elements.withUnsafeMutableBufferPointer { buffer in
      let base = buffer.baseAddress!
      let count = buffer.count
      (base + position).moveInitialize(from: base + position + 1, count: count - position - 1)
      // Fill the now-vacant last slot with a copy, which the removal below destroys.
      (base + count - 1).initialize(to: base[count - 2])
    }
    elements.removeLast()
    removeBookkeeping(at: position, id: id)
  }

  private mutating func removeBookkeeping(at position: Int, id: ID) {
    storedIDs.remove(at: position)
    positions[id] = nil
    reindex(from: position)
  }

  /// Appends `element`; returns `false` (and changes nothing) if its id is already present.
  ///
  /// - Complexity: Amortized O(1).
  @discardableResult
  public mutating func append(_ element: Element) -> Bool {
    let elementID = element[keyPath: id]
    guard positions[elementID] == nil else { return false }
    positions[elementID] = elements.count
    storedIDs.append(elementID)
    elements.append(element)
    structureStamp = StructureStamp.next()
    return true
  }

  /// Inserts `element` at `index`; returns `false` (and changes nothing) if its id is present.
  ///
  /// - Complexity: O(n)
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> Bool {
    let elementID = element[keyPath: id]
    guard positions[elementID] == nil else { return false }
    storedIDs.insert(elementID, at: index)
    elements.insert(element, at: index)
    reindex(from: index)
    return true
  }

  /// Removes and returns the element at `index`.
  ///
  /// - Complexity: O(n)
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    let removedID = storedIDs.remove(at: index)
    positions[removedID] = nil
    let element = elements.remove(at: index)
    reindex(from: index)
    return element
  }

  /// Removes and returns the element with `id`, if there is one.
  ///
  /// - Complexity: O(n)
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    positions[id].map { remove(at: $0) }
  }

  /// Removes every element that satisfies `shouldBeRemoved`.
  ///
  /// - Complexity: O(n)
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var kept: [Element] = []
    for element in elements where try !shouldBeRemoved(element) { kept.append(element) }
    guard kept.count != elements.count else { return }
    rebuild(kept)
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

  private mutating func reindex(from start: Int) {
    for position in start..<storedIDs.count { positions[storedIDs[position]] = position }
    structureStamp = StructureStamp.next()
  }

  private mutating func rebuild(_ newElements: [Element]) {
    elements = newElements
    storedIDs = newElements.map { $0[keyPath: id] }
    positions = Dictionary(uniqueKeysWithValues: storedIDs.enumerated().map { ($1, $0) })
    structureStamp = StructureStamp.next()
  }
}

extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// An empty array of identifiable elements.
  public init() {
    self.init(id: \.id)
  }

  /// An array of identifiable `elements`, whose ids must be unique.
  ///
  /// - Precondition: No two elements have the same id.
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init(uniqueElements: elements, id: \.id)
  }
}

/// An identified array of `Identifiable` elements.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension Optional {
  /// Replaces the wrapped value (used by the identified subscript's setter).
  @usableFromInline
  mutating func modify(with newValue: Wrapped?) {
    self = newValue
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
