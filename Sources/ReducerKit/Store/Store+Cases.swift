extension Store {
  /// A store for one case of an optional enum state (a destination), or `nil` while the state is
  /// `nil` or holds another case.
  ///
  /// ```swift
  /// if let detail = store.scope(
  ///   state: \.destination, case: Destination.State.detail,
  ///   action: { .destination(.presented(.detail($0))) }
  /// ) {
  ///   detail.send(.view(.saveTapped))
  /// }
  /// ```
  ///
  /// Once created, the child store keeps showing the case's last state if the state moves on;
  /// actions sent to it then reach the parent's operator, which reports them as a runtime
  /// warning. Scoping again with the same key path, case and action function returns the same
  /// store until a scope finds another case (see the optional `scope(state:action:)`).
  public func scope<Enum, ChildState, ChildAction: Sendable>(
    state toEnum: KeyPath<State, Enum?>,
    case toCase: @escaping @Sendable (ChildState) -> Enum,
    action fromChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    caseScope(
      statePath: toEnum, read: { $0[keyPath: toEnum] }, field: { FieldReader(toEnum).read },
      case: toCase, action: fromChildAction)
  }

  /// A store for one case of a presented enum state (`\.$destination`), or `nil` while nothing
  /// is presented or another case is; the same as scoping through `\.destination`.
  public func scope<Enum, ChildState, ChildAction: Sendable>(
    state toPresents: KeyPath<State, Presents<Enum>>,
    case toCase: @escaping @Sendable (ChildState) -> Enum,
    action fromChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    caseScope(
      statePath: toPresents, read: { $0[keyPath: toPresents].wrappedValue },
      field: { PresentsReader(toPresents).read }, case: toCase, action: fromChildAction)
  }

  /// A store for one case of an enum state, or `nil` while the state holds another case.
  ///
  /// ```swift
  /// if let home = store.scope(
  ///   state: \.app, case: AppState.loggedIn, action: { .app(.loggedIn($0)) }
  /// ) {
  ///   home.send(.view(.refresh))
  /// }
  /// ```
  @_disfavoredOverload
  public func scope<Enum, ChildState, ChildAction: Sendable>(
    state toEnum: KeyPath<State, Enum>,
    case toCase: @escaping @Sendable (ChildState) -> Enum,
    action fromChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    caseScope(
      statePath: toEnum, read: { $0[keyPath: toEnum] }, field: { FieldReader(toEnum).read },
      case: toCase, action: fromChildAction)
  }

  /// A store for one case of the enum `read` finds in the state (`nil` reads as no case),
  /// cached under the state key path, the case and the action function.
  ///
  /// - Parameter field: Makes the reader the store refreshes its state with (only when the
  ///   store is made, like the case path: a cache hit builds neither).
  private func caseScope<Enum, Field, ChildState, ChildAction: Sendable>(
    statePath: KeyPath<State, Field>,
    read: (State) -> Enum?,
    field: () -> (UnsafePointer<State>) -> Enum?,
    case toCase: @escaping @Sendable (ChildState) -> Enum,
    action fromChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    let key = ScopeKey(
      statePath: statePath, action: ClosureIdentity(fromChildAction),
      caseEmbed: ClosureIdentity(toCase))
    var madeCasePath: AnyCasePath<Enum, ChildState>?
    return cachedOptionalScope(
      key, statePath: statePath,
      initialState: {
        let casePath = AnyCasePath(toCase)
        madeCasePath = casePath
        return withState { read($0).flatMap(casePath.extract) }
      },
      make: { initialState in
        let casePath = madeCasePath ?? AnyCasePath(toCase)
        let readEnum = field()
        return scoped(
          initialState: initialState,
          update: { parent, child in
            guard let state = readEnum(parent).flatMap(casePath.extract) else { return false }
            child.pointee = state
            return true
          },
          fromAction: fromChildAction
        )
      })
  }
}
