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
  /// `.popFrom(id:)` pops after it. Popping (by action or by mutating the stack) cancels the
  /// popped elements' effects, and an element's effects can call `@Dependency(\.dismiss)` to pop
  /// it.
  ///
  /// > Important: An action for an id that is not in the stack is a runtime warning and is
  /// > dropped.
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

/// A parent with a navigation stack. Built by
/// ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``.
public struct StackForEachReducer<Parent: Reducer, Element: Reducer>: Reducer
where Parent.Action: Sendable {
  @usableFromInline let parent: Parent
  @usableFromInline let element: Element
  @usableFromInline let stack: FieldAccess<Parent.State, StackState<Element.State>>
  @usableFromInline let toStackAction:
    AnyCasePath<Parent.Action, StackAction<Element.State, Element.Action>>
  @usableFromInline let siteID: Int
  @usableFromInline let source: SourceSite

  init(
    parent: Parent,
    element: Element,
    toStack: WritableKeyPath<Parent.State, StackState<Element.State>>,
    toStackAction: AnyCasePath<Parent.Action, StackAction<Element.State, Element.Action>>,
    source: SourceSite
  ) {
    self.parent = parent
    self.element = element
    stack = FieldAccess(toStack)
    self.toStackAction = toStackAction
    siteID = toStack.hashValue
    self.source = source
  }

  @inlinable
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    // NB: holding the ids costs a retain; only a structural change (already O(n)) copies them.
    let before = stack.modify(&state) {
      (lineage: $0.lineage, stamp: $0.structureStamp, ids: $0.ids)
    }
    let stackAction = toStackAction.extract(from: action)
    var elementEffect = Effect<Parent.Action>.none
    switch stackAction {
    case .element(let id, let elementAction)?:
      // Stack elements are presented: `isPresented` is true in their reducers.
      let effect = PresentationFrame.withPresented {
        stack.modify(&state) { stack in
          stack.modifyElement(id: id) { element.reduce(into: &$0, action: elementAction) }
        }
      }
      if let effect {
        if !effect.isNone {
          elementEffect = effectOfElement(effect, id: id, lineage: before.lineage)
        }
      } else {
        reportMissingChild(
          "forEach", absent: "no element had the id \(id)", action: action, at: source)
      }
    case .push(let id, let elementState)?:
      stack.modify(&state) { push(elementState, id: id, into: &$0, action: action) }
    case .popFrom, nil:
      break
    }
    let effect = elementEffect.merge(with: parent.reduce(into: &state, action: action))
    if case .popFrom(let id)? = stackAction {
      stack.modify(&state) { pop(from: id, in: &$0, action: action) }
    }
    guard stack.modify(&state, { $0.structureStamp }) != before.stamp else { return effect }
    return effect.merge(
      with: cancelPopped(before: before.ids, lineage: before.lineage, state: &state))
  }

  @usableFromInline
  func push(
    _ elementState: Element.State, id: StackElementID, into stack: inout StackState<Element.State>,
    action: Parent.Action
  ) {
    guard !stack.ids.contains(id) else {
      return reportMissingChild(
        "forEach",
        absent:
          "it was asked to push an element with the id \(id), which is already used",
        action: action,
        at: source)
    }
    stack.append(elementState, id: id)
  }

  @usableFromInline
  func pop(
    from id: StackElementID, in stack: inout StackState<Element.State>, action: Parent.Action
  ) {
    guard stack.ids.contains(id) else {
      return reportMissingChild(
        "forEach",
        absent:
          "it was asked to pop from the id \(id), which is not in the stack", action: action,
        at: source)
    }
    stack.pop(from: id)
  }

  /// Cancels the effects of the elements that left the stack.
  @usableFromInline
  func cancelPopped(
    before ids: [StackElementID], lineage: UInt64, state: inout Parent.State
  ) -> Effect<Parent.Action> {
    let remaining = stack.modify(&state) { $0.lineage == lineage ? Set($0.ids) : [] }
    let popped = ids.filter { !remaining.contains($0) }
    return .merge(popped.map { .cancelElement(element(id: $0, lineage: lineage)) })
  }

  @usableFromInline
  func effectOfElement(
    _ effect: Effect<Element.Action>, id: StackElementID, lineage: UInt64
  ) -> Effect<Parent.Action> {
    let toStackAction = self.toStackAction
    return effect.inElement(
      element(id: id, lineage: lineage),
      embed: { toStackAction.embed(.element(id: id, action: $0)) },
      dismissAction: toStackAction.embed(.popFrom(id: id)),
      isPresented: true
    )
  }

  func element(id: StackElementID, lineage: UInt64) -> NavigationElement {
    NavigationElement(
      site: siteID, element: AnyHashableSendable(StackElementKey(lineage: lineage, id: id))
    )
  }
}

/// A stack element, within the stack it belongs to.
private struct StackElementKey: Hashable, Sendable {
  let lineage: UInt64
  let id: StackElementID
}
