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
    withState { $0[keyPath: toElements].ids }.compactMap { id in
      scope(
        state: toElements.appending(path: \.[id: id]),
        action: { fromElementAction(.element(id: id, action: $0)) }
      )
    }
  }

  /// A store for each element of a navigation stack, bottom first; each reads its element by id.
  public func scope<ElementState, ElementAction: Sendable>(
    state toStack: KeyPath<State, StackState<ElementState>>,
    action fromStackAction:
      @escaping @Sendable (StackAction<ElementState, ElementAction>) ->
      Action
  ) -> [Store<ElementState, ElementAction>] {
    withState { $0[keyPath: toStack].ids }.compactMap { id in
      scope(
        state: toStack.appending(path: \.[id: id]),
        action: { fromStackAction(.element(id: id, action: $0)) }
      )
    }
  }
}
