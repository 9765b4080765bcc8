extension Reducer where Action: Sendable {
  /// Runs an element reducer on each element of an ``IdentifiedArray``, for the actions sent to
  /// that element.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .forEach(\.rows, action: Action.rows) { Row() }
  /// }
  /// ```
  ///
  /// The element runs before the parent. Removing an element cancels its effects, whether the
  /// parent removed it or other code did (a sibling reducer; seen at the next action that passes
  /// through this operator). Cancel IDs used in two rows do not collide, and a parent's
  /// `.cancel(id:)` reaches the rows' effects with that ID. An action costs O(1) in the number
  /// of elements; a removal costs O(removed elements).
  ///
  /// > Important: An action for an id that is not in the array is a runtime warning and is
  /// > dropped.
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: @escaping @Sendable (IdentifiedAction<ID, ElementAction>) -> Action,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    ForEachReducer(
      parent: self,
      element: element(),
      toElements: toElements,
      toElementAction: AnyCasePath(
        toElementAction, fileID: fileID, filePath: filePath, line: line, column: column
      ),
      source: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Reducer where Action: Sendable {
  /// `forEach(_:action:element:fileID:filePath:line:column:)` with the element actions' case
  /// named by a case pattern, as TCA writes it: `.forEach(\.rows, action: \.rows) { Row() }`.
  ///
  /// The case is checked when the reducer is built: a pattern that names no case whose payload
  /// is the element's `IdentifiedAction` is a runtime warning, and the elements then receive
  /// nothing.
  @inlinable
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return forEach(
      toElements,
      casePath: AnyCasePath(
        pattern: toElementAction, api: "forEach", site: site,
        constructor: AnyCasePath.caseConstructor),
      element: element, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension Reducer where Action: Sendable {
  /// The operator for element actions a case path extracts: what the public forms build (and
  /// the deprecated form taking a hand-built path, in `Compatibility.swift`).
  @usableFromInline
  func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    casePath toElementAction: AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    ForEachReducer(
      parent: self, element: element(), toElements: toElements,
      toElementAction: toElementAction,
      source: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// A parent that runs an element reducer on an identified collection. Built by
/// `forEach(_:action:element:fileID:filePath:line:column:)`.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer
where Parent.Action: Sendable {
  @usableFromInline let base:
    ChildOperator<
      Parent, Element,
      IdentifiedRoute<Parent.State, Parent.Action, ID, Element.State, Element.Action>
    >

  init(
    parent: Parent,
    element: Element,
    toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    source: SourceSite
  ) {
    base = ChildOperator(
      parent: parent, child: element, slots: IdentifiedSlot(toElements),
      route: IdentifiedRoute(toElementAction),
      source: source)
  }

  @inlinable
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    base.reduce(into: &state, action: action)
  }
}

/// The route of ``ForEachReducer``: an ``IdentifiedAction`` case of the parent's actions.
@usableFromInline
struct IdentifiedRoute<
  Root, ParentAction: Sendable, ID: Hashable & Sendable, Child, ChildAction
>: ChildRoute {
  @usableFromInline typealias Slots = IdentifiedSlot<Root, ID, Child>
  @usableFromInline let toElementAction:
    AnyCasePath<ParentAction, IdentifiedAction<ID, ChildAction>>

  init(_ toElementAction: AnyCasePath<ParentAction, IdentifiedAction<ID, ChildAction>>) {
    self.toElementAction = toElementAction
  }

  @inlinable var presentsChild: Bool { false }

  @inlinable @inline(__always)
  func request(for action: ParentAction, in root: inout Root, slots: Slots, source: SourceSite)
    -> ChildRequest<ID, Void, ChildAction, Never>
  {
    guard case .element(let id, let elementAction)? = toElementAction.extract(from: action) else {
      return .parentOnly(())
    }
    return .child(id, elementAction, ())
  }

  @inlinable
  func move(_ effect: Effect<ChildAction>, to element: NavigationElement, key id: ID)
    -> Effect<ParentAction>
  {
    let toElementAction = self.toElementAction
    return effect.inElement(
      element, embed: { toElementAction.embed(.element(id: id, action: $0)) }, dismissAction: nil)
  }

  @usableFromInline
  func reportMissing(_ action: ParentAction, key id: ID, in root: Root, at source: SourceSite) {
    reportMissingChild(
      "forEach", absent: "no element had the id \(customDump(id))", action: action, at: source)
  }
}

/// The child slots of ``ForEachReducer``: the elements of an ``IdentifiedArray``, which logs the
/// ids removed since the operator last looked.
@usableFromInline
struct IdentifiedSlot<Root, ID: Hashable & Sendable, Child>: ChildSlots {
  @usableFromInline let field: FieldAccess<Root, IdentifiedArray<ID, Child>>
  @usableFromInline let operatorID: Int

  init(_ keyPath: WritableKeyPath<Root, IdentifiedArray<ID, Child>>) {
    field = FieldAccess(keyPath)
    operatorID = keyPath.hashValue
  }

  @inlinable
  func begin(_ root: inout Root) {}

  @inlinable
  func modifyChild<Result>(
    _ key: ID, in root: inout Root, _ body: (inout Child) -> Result
  ) -> Result? {
    field.modify(&root) { $0.modifyElement(id: key, body) }
  }

  @inlinable
  func element(_ key: ID, marker: Void) -> NavigationElement {
    NavigationElement(operatorID: operatorID, collectionKey: key)
  }

  @inlinable
  func settle<Action>(_ root: inout Root, since marker: Void) -> Effect<Action> {
    field.modify(&root) { elements in
      guard let removed = elements.takeRemovals() else {
        let positions = elements.positions
        return .cancelElements(operatorID: operatorID) { element in
          (element.key.base as? ID).map { positions[$0] != nil } ?? true
        }
      }
      return removed.isEmpty
        ? .none : .merge(removed.map { .cancelElement(element($0, marker: ())) })
    }
  }
}
