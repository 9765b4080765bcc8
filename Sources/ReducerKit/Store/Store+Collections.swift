extension Store {
  /// A store for each element of an identified array, in order; each reads its element by id.
  ///
  /// ```swift
  /// for rowStore in store.scope(state: \.rows, action: Action.rows) {
  ///   render(rowStore)
  /// }
  /// ```
  ///
  /// An element store keeps showing its element's last state after the element is removed;
  /// actions sent to it then reach `forEach`, which reports them as a runtime warning.
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction: Sendable>(
    state toElements: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action fromElementAction:
      @escaping @Sendable (IdentifiedAction<ElementID, ElementAction>) ->
      Action
  ) -> [Store<ElementState, ElementAction>] {
    let field = FieldReader(toElements)
    return withState { state in
      let elements = state[keyPath: toElements]
      return elements.ids.compactMap { id in
        elements[id: id].map { element in
          scoped(
            initialState: element,
            update: { parent, child in
              if let element = field.read(parent)[id: id] { child.pointee = element }
            },
            fromAction: { fromElementAction(.element(id: id, action: $0)) }
          )
        }
      }
    }
  }

  /// A store for each element of a navigation stack, bottom first; each reads its element by id.
  public func scope<ElementState, ElementAction: Sendable>(
    state toStack: KeyPath<State, StackState<ElementState>>,
    action fromStackAction:
      @escaping @Sendable (StackAction<ElementState, ElementAction>) ->
      Action
  ) -> [Store<ElementState, ElementAction>] {
    let field = FieldReader(toStack)
    return withState { state in
      let stack = state[keyPath: toStack]
      return stack.ids.compactMap { id in
        stack[id: id].map { element in
          scoped(
            initialState: element,
            update: { parent, child in
              if let element = field.read(parent)[id: id] { child.pointee = element }
            },
            fromAction: { fromStackAction(.element(id: id, action: $0)) }
          )
        }
      }
    }
  }
}

extension Store {
  /// A store for a presented child, or `nil` while nothing is presented.
  ///
  /// ```swift
  /// if let sheetStore = store.scope(state: \.$sheet, action: Action.sheet) {
  ///   sheetStore.send(.closeTapped)   // sent as .sheet(.presented(.closeTapped))
  /// }
  /// ```
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    state toPresentationState: KeyPath<State, Presents<ChildState>>,
    action fromPresentationAction:
      @escaping @Sendable (PresentationAction<ChildAction>) ->
      Action
  ) -> Store<ChildState, ChildAction>? {
    guard let initialState = withState({ $0[keyPath: toPresentationState].wrappedValue }) else {
      return nil
    }
    return scoped(
      initialState: initialState,
      update: PresentsReader(toPresentationState).update,
      fromAction: { fromPresentationAction(.presented($0)) }
    )
  }
}
