extension Reducer where Action: Sendable {
  /// Runs a destination reducer on each element of a navigation stack (``StackState``).
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .forEach(\.path, action: Action.path) { Path() }
  /// }
  /// ```
  ///
  /// Elements run before the parent. `.push(id:state:)` appends before the parent runs;
  /// `.popFrom(id:)` pops after it (so the parent sees the element one last time, and may pop it
  /// itself). Popping, by action or by mutating the stack (also from other code, seen at the next
  /// action through this operator), cancels the popped elements' effects, and an element's
  /// effects can call `@Dependency(\.dismiss)` to pop it.
  ///
  /// > Important: An action for an id that is not in the stack, a `.popFrom(id:)` for an id
  /// > that is not in it, and a `.push(id:state:)` whose id is not the stack's next id are
  /// > runtime warnings. (An element pushed with an id already in the stack is dropped.)
  public func forEach<ElementState, ElementAction, Element: Reducer>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: @escaping @Sendable (StackAction<ElementState, ElementAction>) -> Action,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StackForEachReducer<Self, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    StackForEachReducer(
      parent: self,
      element: destination(),
      toStack: toStack,
      toStackAction: AnyCasePath(
        toStackAction, fileID: fileID, filePath: filePath, line: line, column: column
      ),
      source: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Reducer where Action: Sendable {
  /// `forEach(_:action:destination:fileID:filePath:line:column:)` with the stack actions' case
  /// named by a case pattern, as TCA writes it: `.forEach(\.path, action: \.path) { Path() }`.
  ///
  /// The case is checked when the reducer is built: a pattern that names no case whose payload
  /// is the stack's `StackAction` is a runtime warning, and the stack then receives nothing.
  @inlinable
  public func forEach<ElementState, ElementAction, Element: Reducer>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StackForEachReducer<Self, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return forEach(
      toStack,
      casePath: AnyCasePath(
        pattern: toStackAction, api: "forEach", site: site,
        constructor: AnyCasePath.caseConstructor),
      destination: destination, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension Reducer where Action: Sendable {
  /// The operator for stack actions a case path extracts: what the public forms build (and the
  /// deprecated form taking a hand-built path, in `Compatibility.swift`).
  @usableFromInline func forEach<ElementState, ElementAction, Element: Reducer>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    casePath toStackAction: AnyCasePath<Action, StackAction<ElementState, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StackForEachReducer<Self, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    StackForEachReducer(
      parent: self, element: destination(), toStack: toStack, toStackAction: toStackAction,
      source: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// A parent with a navigation stack. Built by
/// `forEach(_:action:destination:fileID:filePath:line:column:)`.
public struct StackForEachReducer<Parent: Reducer, Element: Reducer>: Reducer
where Parent.Action: Sendable {
  @usableFromInline let base:
    ChildOperator<
      Parent, Element, StackRoute<Parent.State, Parent.Action, Element.State, Element.Action>
    >

  init(
    parent: Parent,
    element: Element,
    toStack: WritableKeyPath<Parent.State, StackState<Element.State>>,
    toStackAction: AnyCasePath<Parent.Action, StackAction<Element.State, Element.Action>>,
    source: SourceSite
  ) {
    base = ChildOperator(
      parent: parent, child: element, slots: StackSlot(toStack), route: StackRoute(toStackAction),
      source: source)
  }

  @inlinable
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    base.reduce(into: &state, action: action)
  }
}

/// The route of ``StackForEachReducer``: a ``StackAction`` case of the parent's actions, whose
/// pushes and pops the operator handles. Its follow-up is the element to pop from.
@usableFromInline
struct StackRoute<Root, ParentAction: Sendable, Child, ChildAction>: ChildRoute {
  @usableFromInline typealias Slots = StackSlot<Root, Child>
  @usableFromInline let toStackAction: AnyCasePath<ParentAction, StackAction<Child, ChildAction>>

  init(_ toStackAction: AnyCasePath<ParentAction, StackAction<Child, ChildAction>>) {
    self.toStackAction = toStackAction
  }

  @inlinable var presentsChild: Bool { true }

  @inlinable @inline(__always)
  func request(for action: ParentAction, in root: inout Root, slots: Slots, source: SourceSite)
    -> ChildRequest<StackElementID, UInt64, ChildAction, StackElementID>
  {
    let lineage = slots.begin(&root)
    switch toStackAction.extract(from: action) {
    case .element(let id, let elementAction)?:
      return .child(id, elementAction, lineage)
    case .push(let id, let elementState)?:
      slots.stack.modify(&root) {
        push(elementState, id: id, into: &$0, action: action, at: source)
      }
      return .own(nil, lineage)
    case .popFrom(let id)?:
      // NB: checked before the parent runs, so a parent that pops the element itself is fine.
      let canPop = slots.stack.modify(&root) { $0.ids.contains(id) }
      if !canPop { reportMissingPop(id, action: action, at: source) }
      return .own(canPop ? id : nil, lineage)
    case nil:
      return .parentOnly(lineage)
    }
  }

  @inlinable
  func move(_ effect: Effect<ChildAction>, to element: NavigationElement, key id: StackElementID)
    -> Effect<ParentAction>
  {
    let toStackAction = self.toStackAction
    return effect.inElement(
      element, embed: { toStackAction.embed(.element(id: id, action: $0)) },
      dismissAction: toStackAction.embed(.popFrom(id: id)))
  }

  @inlinable
  func followUp(afterChild action: ChildAction) -> StackElementID? { nil }

  /// Pops from the element a `popFrom` named, the parent having run.
  @inlinable
  func finish(_ id: StackElementID, in root: inout Root, slots: Slots, since lineage: UInt64) {
    slots.stack.modify(&root) { $0.pop(from: id) }
  }

  @usableFromInline
  func reportMissing(
    _ action: ParentAction, key id: StackElementID, in root: Root, at source: SourceSite
  ) {
    reportMissingChild(
      "forEach", absent: "no element had the id \(id)", action: action, at: source)
  }

  @usableFromInline
  func push(
    _ elementState: Child, id: StackElementID, into stack: inout StackState<Child>,
    action: ParentAction, at source: SourceSite
  ) {
    guard !stack.ids.contains(id) else {
      return reportRuntimeWarning(
        """
        "forEach" received a "push" for the id \(id), which the stack already holds; the \
        element was not pushed.

          Action:
        \(customDump(action, indent: 4))

        Each element of a stack has its own id. Push new elements with the stack's next id \
        (\(StackElementID(rawValue: stack.nextID))), or append them to the stack in the reducer.
        """,
        at: source
      )
    }
    // NB: as in TCA, an id below the next one that the stack no longer holds (its element was
    // popped, and its effects cancelled with it) may be pushed again; only an id the stack has
    // not handed out yet is a mistake, as later appends would be given it too.
    if id.rawValue > stack.nextID {
      reportRuntimeWarning(
        """
        "forEach" received a "push" with the id \(id), but the stack's next id is \
        \(StackElementID(rawValue: stack.nextID)); the element was pushed with the id it came \
        with.

          Action:
        \(customDump(action, indent: 4))

        Ids are handed out in order (0, 1, 2, …), so that tests can name elements. Push with \
        the stack's next id, or append to the stack in the reducer.
        """,
        at: source
      )
    }
    stack.append(elementState, id: id)
  }

  @usableFromInline
  func reportMissingPop(_ id: StackElementID, action: ParentAction, at source: SourceSite) {
    reportRuntimeWarning(
      """
      "forEach" received a "popFrom" for the id \(id), which is not in the stack; nothing was \
      popped.

        Action:
      \(customDump(action, indent: 4))

      The element was already popped, by an earlier action or by the parent. Send "popFrom" \
      only for elements still in the stack.
      """,
      at: source
    )
  }
}

/// The child slots of ``StackForEachReducer``: the elements of a ``StackState``, named by id
/// within the stack's lineage (a new stack starts its ids at 0 again).
@usableFromInline
struct StackSlot<Root, Child>: ChildSlots {
  @usableFromInline let stack: FieldAccess<Root, StackState<Child>>
  @usableFromInline let operatorID: Int

  init(_ keyPath: WritableKeyPath<Root, StackState<Child>>) {
    stack = FieldAccess(keyPath)
    operatorID = keyPath.hashValue
  }

  @inlinable
  func begin(_ root: inout Root) -> UInt64 {
    stack.modify(&root) { $0.lineage }
  }

  @inlinable
  func modifyChild<Result>(
    _ key: StackElementID, in root: inout Root, _ body: (inout Child) -> Result
  ) -> Result? {
    stack.modify(&root) { $0.modifyElement(id: key, body) }
  }

  @inlinable
  func element(_ key: StackElementID, marker lineage: UInt64) -> NavigationElement {
    NavigationElement(
      operatorID: operatorID, collectionKey: StackElementKey(lineage: lineage, id: key))
  }

  @inlinable
  func settle<Action>(_ root: inout Root, since lineage: UInt64) -> Effect<Action> {
    stack.modify(&root) { stack in
      let current = stack.lineage
      guard let popped = stack.takeRemovals(), current == lineage else {
        let ids = Set(stack.ids)
        return .cancelElements(operatorID: operatorID) { element in
          guard let key = element.key.base as? StackElementKey else { return true }
          return key.lineage == current && ids.contains(key.id)
        }
      }
      return popped.isEmpty
        ? .none : .merge(popped.map { .cancelElement(element($0, marker: current)) })
    }
  }
}

/// A stack element, within the stack it belongs to.
@usableFromInline
struct StackElementKey: Hashable, Sendable {
  @usableFromInline let lineage: UInt64
  @usableFromInline let id: StackElementID

  @usableFromInline
  init(lineage: UInt64, id: StackElementID) {
    self.lineage = lineage
    self.id = id
  }
}
