extension Store {
  /// A store of the state `toChildState` derives from this store's, sending what it is sent as
  /// the actions `fromChildAction` makes: TCA's older closure form of scoping.
  ///
  /// ```swift
  /// let child = store.scope(state: { $0.child }, action: { .child($0) })
  /// ```
  ///
  /// The child's state is derived when it is read, and again on the first read after this
  /// store's state changes: as in TCA, a closure scope that nothing reads never calls
  /// `toChildState`. Unlike the key
  /// path forms, the store is not cached (a closure has no identity to find it by): each call
  /// makes a new one. Deprecated, as in TCA: write `store.scope(state: \.child, action:
  /// \.child)`.
  // NB: disfavored like the key path form, so that a key path (which converts to a closure)
  // still picks a cached form.
  @_disfavoredOverload
  @available(
    *, deprecated,
    message:
      "Scope with a key path and a case: store.scope(state: \\.child, action: \\.child), which is cached; a closure scope makes a new store on every call"
  )
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    Store<ChildState, ChildAction>(
      scoped: DeferredScopedCore(parent: core, derive: toChildState),
      parentStore: self,
      sendAction: { [sendAction] in sendAction(fromChildAction($0)) })
  }
}
