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
  /// warning.
  public func scope<Enum, ChildState, ChildAction: Sendable>(
    state toEnum: KeyPath<State, Enum?>,
    case toCase: @escaping @Sendable (ChildState) -> Enum,
    action fromChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    let casePath = AnyCasePath(toCase)
    let field = FieldReader(toEnum)
    guard let initialState = withState({ $0[keyPath: toEnum].flatMap(casePath.extract) }) else {
      return nil
    }
    return scoped(
      initialState: initialState,
      update: { parent, child in
        if let state = field.read(parent).flatMap(casePath.extract) { child.pointee = state }
      },
      fromAction: fromChildAction
    )
  }

  /// A store for one case of a presented enum state (`\.$destination`), or `nil` while nothing
  /// is presented or another case is; the same as scoping through `\.destination`.
  public func scope<Enum, ChildState, ChildAction: Sendable>(
    state toPresents: KeyPath<State, Presents<Enum>>,
    case toCase: @escaping @Sendable (ChildState) -> Enum,
    action fromChildAction: @escaping @Sendable (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction>? {
    scope(
      state: toPresents.appending(path: \.wrappedValue), case: toCase, action: fromChildAction)
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
    let casePath = AnyCasePath(toCase)
    let field = FieldReader(toEnum)
    guard let initialState = withState({ casePath.extract(from: $0[keyPath: toEnum]) }) else {
      return nil
    }
    return scoped(
      initialState: initialState,
      update: { parent, child in
        if let state = casePath.extract(from: field.read(parent)) { child.pointee = state }
      },
      fromAction: fromChildAction
    )
  }
}
