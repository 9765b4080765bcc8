/// The state of a navigation stack: an ordered collection of screens, each with a stable id.
///
/// ```swift
/// struct State: Equatable {
///   var path = StackState<Path.State>()
/// }
/// state.path.append(.detail(Detail.State()))   // pushes, with the next id
/// state.path.removeLast()                      // pops
/// ```
///
/// Appended elements get the ids 0, 1, 2… per stack, never one handed out before, so they are
/// the same in every run of a test, including in a test store's assertion closures (which start
/// from the state before the action and so append with the same id the reducer did). A `push`
/// action may bring back the id of an element popped earlier, as in TCA.
public struct StackState<Element> {
  @usableFromInline var elements: [Element]
  @usableFromInline var storedIDs: [StackElementID]
  /// The id the next appended element gets.
  package private(set) var nextID: Int
  /// Identifies this stack's lineage: copies and mutations keep it; a new stack gets its own, so
  /// its elements are never mistaken for those of the stack it replaces.
  @usableFromInline package let lineage: UInt64
  /// Changes whenever elements are added, removed or reordered.
  @usableFromInline package private(set) var structureStamp: UInt64
  /// The structure the stack's `forEach` saw last (0 before it ran, or once it lost track), and
  /// the ids popped since (see ``takeRemovals()``). Not part of the value.
  @usableFromInline package private(set) var mountedStamp: UInt64 = 0
  @usableFromInline package private(set) var poppedSinceMount: [StackElementID] = []

  /// An empty stack.
  public init() {
    self.init([])
  }

  /// A stack of `elements`, with ids 0, 1, 2…
  public init(_ elements: some Sequence<Element>) {
    self.elements = Array(elements)
    storedIDs = self.elements.indices.map { StackElementID(rawValue: $0) }
    nextID = self.elements.count
    lineage = StructureStamp.next()
    structureStamp = StructureStamp.next()
  }

  /// The ids of the elements, bottom first, as an ordered set.
  public var ids: OrderedIDs<StackElementID> { OrderedIDs(elements: storedIDs, positions: nil) }

  /// The element with `id`; setting `nil` removes that element alone (the elements above it
  /// stay), setting a value for an id that is not in the stack pushes it with that id.
  ///
  /// ```swift
  /// await store.send(.path(.push(id: 5, state: detail))) { $0.path[id: 5] = detail }
  /// ```
  ///
  /// - Complexity: O(n), for the short stacks navigation uses.
  public subscript(id id: StackElementID) -> Element? {
    get { storedIDs.firstIndex(of: id).map { elements[$0] } }
    _modify {
      guard let index = storedIDs.firstIndex(of: id) else {
        var absent: Element?
        yield &absent
        if let absent { append(absent, id: id) }
        return
      }
      // NB: moved out of the stack while it is modified, so that nothing else refers to it and
      // modifying it never copies its own storage (a copy here made every change to an array in
      // the element copy that array). A stack is short: the elements above it move twice.
      var element: Element? = elements.remove(at: index)
      defer {
        if let element {
          elements.insert(element, at: index)
        } else {
          notePopped(storedIDs.remove(at: index))
          structureStamp = StructureStamp.next()
        }
      }
      yield &element
    }
    set {
      guard let index = storedIDs.firstIndex(of: id) else {
        if let newValue { append(newValue, id: id) }
        return
      }
      if let newValue {
        elements[index] = newValue
      } else {
        remove(at: index)
      }
    }
  }

  /// Runs `body` on the element with `id` in place.
  @inlinable
  package mutating func modifyElement<Result>(
    id: StackElementID, _ body: (inout Element) -> Result
  ) -> Result? {
    guard let index = storedIDs.firstIndex(of: id) else { return nil }
    return body(&elements[index])
  }

  /// Pushes `element` with the next id.
  public mutating func append(_ element: Element) {
    append(element, id: StackElementID(rawValue: nextID))
  }

  /// Pushes `element` with a given id (later appends continue after it).
  package mutating func append(_ element: Element, id: StackElementID) {
    elements.append(element)
    storedIDs.append(id)
    nextID = Swift.max(nextID, id.rawValue + 1)
    structureStamp = StructureStamp.next()
  }

  /// Pops the top element.
  ///
  /// - Precondition: The stack is not empty (as for an array's `removeLast()`); check
  ///   `isEmpty` first, or pop with `pop(from:)`, which does nothing for an id not there.
  @discardableResult
  public mutating func removeLast() -> Element {
    notePopped(storedIDs.removeLast())
    structureStamp = StructureStamp.next()
    return elements.removeLast()
  }

  /// Removes the element at `index` alone.
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    notePopped(storedIDs.remove(at: index))
    structureStamp = StructureStamp.next()
    return elements.remove(at: index)
  }

  /// Pops every element. Later appends go on from the next id, as after any other pop (the
  /// collection's default would start a new stack, handing out #0 again).
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    for popped in storedIDs { notePopped(popped) }
    elements.removeAll(keepingCapacity: keepCapacity)
    storedIDs.removeAll(keepingCapacity: keepCapacity)
    structureStamp = StructureStamp.next()
  }

  /// Removes the elements `shouldBeRemoved` picks; the others keep their ids and order (the
  /// collection's default would rebuild the stack, giving them new ids).
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var kept = 0
    for index in elements.indices {
      if try shouldBeRemoved(elements[index]) {
        notePopped(storedIDs[index])
      } else {
        elements.swapAt(kept, index)
        storedIDs.swapAt(kept, index)
        kept += 1
      }
    }
    guard kept < elements.count else { return }
    elements.removeSubrange(kept...)
    storedIDs.removeSubrange(kept...)
    structureStamp = StructureStamp.next()
  }

  /// Pops the element with `id` and everything above it.
  public mutating func pop(from id: StackElementID) {
    guard let index = storedIDs.firstIndex(of: id) else { return }
    removeSubrange(index..<endIndex)
  }

  /// Pops everything above the element with `id`.
  public mutating func pop(to id: StackElementID) {
    guard let index = storedIDs.firstIndex(of: id) else { return }
    removeSubrange((index + 1)..<endIndex)
  }
}

extension StackState: RandomAccessCollection, RangeReplaceableCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { elements.count }

  public subscript(position: Int) -> Element {
    get { elements[position] }
    set { elements[position] = newValue }
    _modify { yield &elements[position] }
  }

  /// Replaces a range of elements; inserted elements get new ids.
  public mutating func replaceSubrange(
    _ subrange: Range<Int>, with newElements: some Collection<Element>
  ) {
    let newIDs = (0..<newElements.count).map { StackElementID(rawValue: nextID + $0) }
    nextID += newElements.count
    for popped in storedIDs[subrange] { notePopped(popped) }
    elements.replaceSubrange(subrange, with: newElements)
    storedIDs.replaceSubrange(subrange, with: newIDs)
    structureStamp = StructureStamp.next()
  }
}

extension StackState {
  /// Records that `id` left the stack, while the stack's `forEach` tracks it.
  private mutating func notePopped(_ id: StackElementID) {
    guard mountedStamp != 0 else { return }
    poppedSinceMount.append(id)
    if poppedSinceMount.count > Swift.max(64, 2 * storedIDs.count) {
      mountedStamp = 0
      poppedSinceMount = []
    }
  }

  /// For the stack's `forEach`, after each action: the ids popped since its previous action
  /// that are still absent (`nil` when it cannot tell, for a stack it has not seen), and the
  /// stack is marked as seen. See `IdentifiedArray.takeRemovals()`.
  @inlinable
  package mutating func takeRemovals() -> [StackElementID]? {
    guard structureStamp != mountedStamp else { return [] }
    return takeRemovalsSlowly()
  }

  @usableFromInline
  mutating func takeRemovalsSlowly() -> [StackElementID]? {
    defer {
      mountedStamp = structureStamp
      poppedSinceMount.removeAll(keepingCapacity: true)
    }
    guard mountedStamp != 0 else { return nil }
    var seen: Set<StackElementID> = []
    return poppedSinceMount.filter { !storedIDs.contains($0) && seen.insert($0).inserted }
  }
}

extension StackState {
  /// The payload of the element `id` when it holds the case `embed` builds; `nil` when there is
  /// no such element or it holds another case. Setting a payload changes the element's; setting
  /// `nil` removes that element alone (those above it stay), as TCA's does.
  ///
  /// ```swift
  /// await store.send(\.path[id: 0].detail.editTapped) {
  ///   $0.path[id: 0, case: Path.State.detail]?.isEditing = true
  /// }
  /// ```
  ///
  /// Setting it for an element that holds another case, or for an id the stack does not hold,
  /// changes nothing and is a runtime warning (a test failure in a test), as it is an issue in
  /// TCA: write the element whole instead, `path[id: 0] = .detail(…)`.
  public subscript<Case>(
    id id: StackElementID, case embed: @escaping @Sendable (Case) -> Element,
    fileID fileID: StaticString = #fileID,
    filePath filePath: StaticString = #filePath,
    line line: UInt = #line,
    column column: UInt = #column
  ) -> Case? {
    get { self[id: id].flatMap { CaseAccess.extract(embed, from: $0) } }
    set {
      let element = self[id: id]
      guard let element, CaseAccess.extract(embed, from: element) != nil else {
        reportWriteThroughAbsentCase(
          "A stack element",
          holding:
            "Element \(id): \(element.map { customDump($0) } ?? "none (the stack holds no such id)")",
          write:
            "changes the payload of an element that holds that case, or removes it when set to nil",
          fix: "write the element whole: \"path[id: \(id.rawValue)] = .someCase(…)\"",
          at: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
        return
      }
      self[id: id] = newValue.map(embed)
    }
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: Equatable where Element: Equatable {
  /// Equal when they hold equal elements with equal ids.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storedIDs == rhs.storedIDs && lhs.elements == rhs.elements
  }
}

extension StackState: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storedIDs)
    hasher.combine(elements)
  }
}

extension StackState: Encodable where Element: Encodable {
  /// Encodes the elements as an array (ids are not encoded).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(elements)
  }
}

extension StackState: Decodable where Element: Decodable {
  /// Decodes an array of elements, with ids 0, 1, 2…
  public init(from decoder: any Decoder) throws {
    self.init(try decoder.singleValueContainer().decode([Element].self))
  }
}

extension StackState: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}

extension StackState: KeyedDumpCollection {
  package var dumpTypeName: String { "StackState" }
  package var dumpEntries: [(key: String, value: Any)] {
    zip(storedIDs, elements).map { (key: "#\($0.rawValue)", value: $1) }
  }
}

/// The id of an element of a ``StackState``: 0, 1, 2… in the order elements were pushed.
///
/// ```swift
/// await store.send(.path(.element(id: 0, action: .detail(.saveTapped))))
/// ```
public struct StackElementID: Hashable, Sendable, Codable, Comparable,
  ExpressibleByIntegerLiteral, CustomDumpRepresentable, CustomStringConvertible
{
  /// The id's number.
  public let rawValue: Int

  /// The id `rawValue`.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  public init(integerLiteral value: Int) {
    self.init(rawValue: value)
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public var customDumpValue: Any { "#\(rawValue)" }
  public var description: String { "#\(rawValue)" }

  /// Reads the id as its number.
  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(Int.self)
  }

  /// Writes the id as its number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// An action of a navigation stack, as `forEach` over a ``StackState`` routes it.
///
/// ```swift
/// enum Action {
///   case path(StackActionOf<Path>)
/// }
/// ```
public enum StackAction<State, Action> {
  /// `action`, for the element with `id`.
  case element(id: StackElementID, action: Action)
  /// Pops the element with `id` and everything above it (after the parent ran).
  case popFrom(id: StackElementID)
  /// Pushes `state` with `id` (before the parent runs): the stack's next id, or one it no
  /// longer holds. An id the stack holds, or one above its next id, is a runtime warning.
  case push(id: StackElementID, state: State)
}

extension StackAction: Sendable where State: Sendable, Action: Sendable {}
extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
// NB: Codable (beyond TCA), so that a feature with a stack can write a session recording.
extension StackAction: Encodable where State: Encodable, Action: Encodable {}
extension StackAction: Decodable where State: Decodable, Action: Decodable {}

/// The stack action of a feature.
public typealias StackActionOf<R: Reducer> = StackAction<R.State, R.Action>
