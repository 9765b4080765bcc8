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
  let parent: Parent
  let element: Element
  let toStack: WritableKeyPath<Parent.State, StackState<Element.State>>
  let toStackAction: AnyCasePath<Parent.Action, StackAction<Element.State, Element.Action>>
  let source: SourceSite

  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let stackBefore = (
      lineage: state[keyPath: toStack].lineage, stamp: state[keyPath: toStack].structureStamp,
      ids: state[keyPath: toStack].ids
    )
    let stackAction = toStackAction.extract(from: action)
    var elementEffect = Effect<Parent.Action>.none
    switch stackAction {
    case .element(let id, let elementAction)?:
      if let effect = state[keyPath: toStack].modifyElement(
        id: id, { element.reduce(into: &$0, action: elementAction) }
      ) {
        elementEffect = effectOfElement(effect, id: id, lineage: stackBefore.lineage)
      } else {
        warn("no element had the id \(id)", action: action)
      }
    case .push(let id, let elementState)?:
      if state[keyPath: toStack].ids.contains(id) {
        warn(
          "it was asked to push an element with the id \(id), which is already used", action: action
        )
      } else {
        state[keyPath: toStack].append(elementState, id: id)
      }
    case .popFrom, nil:
      break
    }
    let effect = elementEffect.merge(with: parent.reduce(into: &state, action: action))
    if case .popFrom(let id)? = stackAction {
      if state[keyPath: toStack].ids.contains(id) {
        state[keyPath: toStack].pop(from: id)
      } else {
        warn("it was asked to pop from the id \(id), which is not in the stack", action: action)
      }
    }
    let stack = state[keyPath: toStack]
    guard stack.structureStamp != stackBefore.stamp else { return effect }
    let remaining = stack.lineage == stackBefore.lineage ? Set(stack.ids) : []
    let popped = stackBefore.ids.filter { !remaining.contains($0) }
    let cancellations = popped.map {
      Effect<Parent.Action>.cancelElement(element(id: $0, lineage: stackBefore.lineage))
    }
    return effect.merge(with: .merge(cancellations))
  }

  private func effectOfElement(
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

  private func element(id: StackElementID, lineage: UInt64) -> NavigationElement {
    NavigationElement(
      site: toStack.hashValue,
      element: AnyHashableSendable(StackElementKey(lineage: lineage, id: id))
    )
  }

  private func warn(_ problem: String, action: Parent.Action) {
    reportRuntimeWarning(
      missingChildWarning(
        operatorName: "forEach", absent: problem, action: action, causes: missingChildCauses
      ),
      at: source
    )
  }
}

/// A stack element, within the stack it belongs to.
private struct StackElementKey: Hashable, Sendable {
  let lineage: UInt64
  let id: StackElementID
}
