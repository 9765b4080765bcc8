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
  /// The element runs before the parent. Removing an element cancels its effects; cancel IDs
  /// used in two rows do not collide. An action costs O(1) in the number of elements.
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

/// A parent that runs an element reducer on an identified collection. Built by
/// ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer
where Parent.Action: Sendable {
  @usableFromInline let parent: Parent
  @usableFromInline let element: Element
  @usableFromInline let toElements:
    WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let elements: FieldAccess<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction:
    AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let siteID: Int
  @usableFromInline let source: SourceSite

  init(
    parent: Parent,
    element: Element,
    toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: AnyCasePath<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    source: SourceSite
  ) {
    self.parent = parent
    self.element = element
    self.toElements = toElements
    elements = FieldAccess(toElements)
    self.toElementAction = toElementAction
    siteID = toElements.hashValue
    self.source = source
  }

  @inlinable
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    // NB: holding the ids costs a retain; only a structural change (already O(n)) copies them.
    let (stampBefore, idsBefore) = elements.modify(&state) { ($0.structureStamp, $0.ids) }
    var elementEffect = Effect<Parent.Action>.none
    if case .element(let id, let elementAction)? = toElementAction.extract(from: action) {
      let effect = elements.modify(&state) { elements in
        elements.modifyElement(id: id) { element.reduce(into: &$0, action: elementAction) }
      }
      if let effect {
        if !effect.isNone { elementEffect = effectOfElement(effect, id: id) }
      } else {
        reportMissingChild(
          "forEach", absent: "no element had the id \(customDump(id))", action: action, at: source)
      }
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    let effect = elementEffect.merge(with: parentEffect)
    guard elements.modify(&state, { $0.structureStamp }) != stampBefore else { return effect }
    return effect.merge(with: cancelRemoved(before: idsBefore, from: state))
  }

  @usableFromInline
  func effectOfElement(_ effect: Effect<Element.Action>, id: ID) -> Effect<Parent.Action> {
    let toElementAction = self.toElementAction
    return effect.inElement(
      NavigationElement(site: siteID, element: AnyHashableSendable(id)),
      embed: { toElementAction.embed(.element(id: id, action: $0)) },
      dismissAction: nil,
      isPresented: false
    )
  }

  /// Cancels the effects of the elements the parent removed.
  @usableFromInline
  func cancelRemoved(before ids: [ID], from state: Parent.State) -> Effect<Parent.Action> {
    let remaining = Set(state[keyPath: toElements].ids)
    return .merge(
      ids.filter { !remaining.contains($0) }.map {
        .cancelElement(NavigationElement(site: siteID, element: AnyHashableSendable($0)))
      }
    )
  }
}
