extension Store {
  /// A store for a part of this store's state, for the child actions in the case a case pattern
  /// names, as TCA writes it:
  ///
  /// ```swift
  /// CounterView(store: store.scope(state: \.counter, action: \.counter))
  /// ```
  ///
  /// The child's action type comes from where the store goes (a parameter, an annotated
  /// constant: `let counter: StoreOf<Counter> = store.scope(…)`): unlike TCA's typed case key
  /// path, the pattern does not carry it. Two scopes naming the same field and case return the
  /// same store while something holds it, wherever they are written. Each scope builds the
  /// pattern's key path and resolves it (about 2 µs; a scope by the case's constructor that
  /// finds its cached store costs tens of nanoseconds).
  ///
  /// > Important: The pattern must name one case of `Action` whose payload is `ChildAction`;
  /// > that is checked when scoping. One that names no such case is a runtime warning, and
  /// > actions sent to the store it returns are dropped, each with a warning.
  // NB: disfavored, as the closure form is, so that the optional form wins for optional state.
  @_disfavoredOverload
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction> {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let casePath = AnyCasePath<Action, ChildAction>(
      pattern: toChildAction, api: "store.scope", site: site,
      constructor: AnyCasePath.caseConstructor)
    let key = ScopeKey(statePath: toChildState, action: ClosureIdentity(caseOf: casePath))
    return cachedScope(key, statePath: toChildState) {
      scoped(
        initialState: withState { $0[keyPath: toChildState] },
        update: Self.fieldUpdate(toChildState), casePath: casePath, site: site)
    }
  }

  /// A store for optional child state, for the child actions in the case a case pattern names,
  /// or `nil` while the state is `nil`: `store.scope(state: \.detail, action: \.detail)`.
  ///
  /// The pattern may also end at a `PresentationAction` of the child's (`\.sheet`, for
  /// `@Presents var sheet`), or go through several cases, `.presented` implied
  /// (`store.scope(state: \.destination?.editor, action: \.destination.editor)`); those are
  /// built through the pattern, microseconds an action.
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Store<ChildState, ChildAction>? {
    optionalScope(
      state: toChildState, action: toChildAction,
      site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// The optional scope by pattern, whichever overload's types it is called with.
  @inlinable
  func optionalScope<ChildState, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState?>,
    action toChildAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    site: SourceSite
  ) -> Store<ChildState, ChildAction>? {
    let pattern = CasePattern(toChildAction)
    guard pattern.namesOneCase(withPayload: ChildAction.self) else {
      // Several steps (`\.destination.editor`), or a presentation (`\.sheet`).
      return scope(state: toChildState, pattern: pattern, site: site)
    }
    let casePath = AnyCasePath<Action, ChildAction>(
      pattern: toChildAction, api: "store.scope", site: site,
      constructor: AnyCasePath.caseConstructor)
    let key = ScopeKey(statePath: toChildState, action: ClosureIdentity(caseOf: casePath))
    return cachedOptionalScope(
      key, statePath: toChildState, initialState: { withState { $0[keyPath: toChildState] } },
      make: { initialState in
        scoped(
          initialState: initialState, update: Self.optionalFieldUpdate(toChildState),
          casePath: casePath, site: site)
      })
  }

  /// A scoped store embedding its actions through `casePath`, or dropping them, with a warning
  /// at `site`, when the path's pattern named no case.
  @usableFromInline
  func scoped<ChildState, ChildAction: Sendable>(
    initialState: ChildState,
    update: @escaping (UnsafePointer<State>, UnsafeMutablePointer<ChildState>) -> Bool,
    casePath: AnyCasePath<Action, ChildAction>,
    site: SourceSite
  ) -> Store<ChildState, ChildAction> {
    guard casePath.isUnresolvedPattern else {
      return scoped(initialState: initialState, update: update, fromAction: casePath.embed)
    }
    return Store<ChildState, ChildAction>(
      scoped: ScopedCore(parent: core, initialState: initialState, update: update),
      parentStore: self,
      sendAction: { action in
        reportRuntimeWarning(
          """
          A store scoped with a case pattern that names no case was sent an action; it was \
          dropped.

            Action:
          \(customDump(action, indent: 4))

          Fix the pattern given to "store.scope" (its warning names the cases there are), or \
          pass the case's constructor.
          """,
          at: site)
        return StoreTask()
      })
  }
}
