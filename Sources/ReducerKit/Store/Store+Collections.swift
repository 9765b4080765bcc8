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
  ///
  /// Scoping the collection again the same way (cached like a single child's scope)
  /// returns, for each element still there, the store made for it before if it is still alive;
  /// an element removed and added again gets a new store.
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction: Sendable>(
    state toElements: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action fromElementAction:
      @escaping @Sendable (IdentifiedAction<ElementID, ElementAction>) ->
      Action
  ) -> [Store<ElementState, ElementAction>] {
    elementStores(
      toElements, key: ScopeKey(statePath: toElements, action: ClosureIdentity(fromElementAction)),
      ids: \.ids.elements, element: { $0[id: $1] },
      sendElementAction: { [sendAction] in
        sendAction(fromElementAction(.element(id: $0, action: $1)))
      }
    )
  }

  /// A store for each element of a navigation stack, bottom first; each reads its element by id.
  public func scope<ElementState, ElementAction: Sendable>(
    state toStack: KeyPath<State, StackState<ElementState>>,
    action fromStackAction:
      @escaping @Sendable (StackAction<ElementState, ElementAction>) ->
      Action
  ) -> [Store<ElementState, ElementAction>] {
    elementStores(
      toStack, key: ScopeKey(statePath: toStack, action: ClosureIdentity(fromStackAction)),
      ids: \.ids.elements, element: { $0[id: $1] },
      sendElementAction: { [sendAction] in sendAction(fromStackAction(.element(id: $0, action: $1)))
      }
    )
  }

  /// A store per element of the collection at `toElements`, each reading its element by id;
  /// the stores made by an earlier call under the same `key` that are still alive are reused.
  func elementStores<Elements, ID: Hashable & Sendable, ElementState, ElementAction>(
    _ toElements: KeyPath<State, Elements>,
    key: ScopeKey,
    ids: (Elements) -> [ID],
    element: @escaping (Elements, ID) -> ElementState?,
    sendElementAction: @escaping @MainActor (ID, ElementAction) -> StoreTask
  ) -> [Store<ElementState, ElementAction>] {
    let field = FieldReader(toElements)
    let cache: ElementStoreCache<ID, ElementState, ElementAction> = elementStoreCache(
      key, statePath: toElements)
    return withState { state in
      let elements = state[keyPath: toElements]
      let elementIDs = ids(elements)
      // NB: rebuilt on every call, so the elements that are gone leave the cache.
      var next = ElementStoreCache<ID, ElementState, ElementAction>.Stores(
        minimumCapacity: elementIDs.count)
      let stores = elementIDs.compactMap { id -> Store<ElementState, ElementAction>? in
        let store =
          cache.stores[id]?.store
          ?? element(elements, id).map { initialState in
            Store<ElementState, ElementAction>(
              scoped: ScopedCore(
                parent: core, initialState: initialState,
                update: { parent, child in
                  guard let current = element(field.read(parent), id) else { return false }
                  child.pointee = current
                  return true
                }),
              parentStore: self,
              sendAction: { sendElementAction(id, $0) })
          }
        if let store { next[id] = WeakStore(store) }
        return store
      }
      cache.stores = next
      return stores
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
  ///
  /// Cached like an optional scope's store: the same store while the child stays presented (or
  /// is dismissed and presented again before anyone scopes), a new one once a scope found
  /// nothing presented.
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    state toPresentationState: KeyPath<State, Presents<ChildState>>,
    action fromPresentationAction:
      @escaping @Sendable (PresentationAction<ChildAction>) ->
      Action
  ) -> Store<ChildState, ChildAction>? {
    let key = ScopeKey(
      statePath: toPresentationState, action: ClosureIdentity(fromPresentationAction))
    return cachedOptionalScope(
      key, statePath: toPresentationState,
      initialState: { withState { $0[keyPath: toPresentationState].wrappedValue } },
      make: { initialState in
        scoped(
          initialState: initialState,
          update: PresentsReader(toPresentationState).update,
          fromAction: { fromPresentationAction(.presented($0)) }
        )
      })
  }
}
