extension Store {
  /// The store for optional child state through a case pattern of several steps, or one that
  /// ends at a `PresentationAction` of the child's (see `scope(state:action:)` by pattern):
  ///
  /// ```swift
  /// store.scope(state: \.destination?.editor, action: \.destination.editor)
  /// store.scope(state: \.alert, action: \.alert)  // \.alert: PresentationAction<Alert>
  /// ```
  ///
  /// Through a presentation the pattern names its child's cases as a test store's patterns do,
  /// `.presented` implied. The child's actions are built through the pattern (microseconds each,
  /// where a case constructor's take nanoseconds: fine for a view's actions). The pattern is
  /// checked when scoping: one that does not end at `ChildAction` (or a `PresentationAction` of
  /// it) is a runtime warning, and the store then drops what it is sent, with a warning.
  @usableFromInline
  func scope<ChildState, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState?>,
    pattern: CasePattern<Action>,
    site: SourceSite
  ) -> Store<ChildState, ChildAction>? {
    let key = ScopeKey(
      statePath: toChildState, action: ClosureIdentity(pattern: pattern, child: ChildAction.self))
    let store: Store<ChildState, ChildAction>? = cachedOptionalScope(
      key, statePath: toChildState, initialState: { withState { $0[keyPath: toChildState] } },
      make: { initialState in
        let update = Self.optionalFieldUpdate(toChildState)
        let embedding = Self.patternEmbeddingOnce(
          pattern, ChildAction.self, api: "store.scope", site: site)
        return Store<ChildState, ChildAction>(
          scoped: ScopedCore(parent: core, initialState: initialState, update: update),
          parentStore: self,
          sendAction: { [sendAction] action in
            guard let parentAction = embedding?.embed(action) else {
              reportDroppedPatternAction(action, pattern: "\(pattern)", site: site)
              return StoreTask()
            }
            return sendAction(parentAction)
          })
      })
    // NB: while nothing is presented no store is made, and nothing checked the pattern: a
    // sheet's binding is read that way long before the sheet should open.
    if store == nil { checkPatternOnce(pattern, ChildAction.self, api: "store.scope", site: site) }
    return store
  }

  /// Checks, once per action type, pattern, child action type and site, that `pattern`
  /// reaches `ChildAction`, with the warning of ``patternEmbedding(_:_:api:site:)`` when not;
  /// for bindings and scopes made before any child state exists.
  func checkPatternOnce<ChildAction: Sendable>(
    _ pattern: CasePattern<Action>, _: ChildAction.Type, api: String, site: SourceSite
  ) {
    Self.checkPatternOnce(pattern, ChildAction.self, api: api, site: site)
  }

  /// ``checkPatternOnce(_:_:api:site:)``, before any store of this type exists.
  static func checkPatternOnce<ChildAction: Sendable>(
    _ pattern: CasePattern<Action>, _: ChildAction.Type, api: String, site: SourceSite
  ) {
    _ = patternEmbeddingOnce(pattern, ChildAction.self, api: api, site: site)
  }

  /// ``patternEmbedding(_:_:api:site:)``, with its warning only the first time for this pattern
  /// and child action type at `site` (a view's body makes its bindings again on every update).
  static func patternEmbeddingOnce<ChildAction: Sendable>(
    _ pattern: CasePattern<Action>, _: ChildAction.Type, api: String, site: SourceSite
  ) -> PatternEmbedding<Action, ChildAction>? {
    let key = CheckedPattern(
      action: ObjectIdentifier(Action.self), pattern: pattern.debugDescription,
      child: ObjectIdentifier(ChildAction.self),
      site: "\(site.fileID):\(site.line):\(site.column)")
    guard checkedPatterns.withLock({ $0.insert(key).inserted }) else {
      return try? PatternEmbedding(pattern)
    }
    return patternEmbedding(pattern, ChildAction.self, api: api, site: site)
  }

  /// The embedding of `ChildAction` through `pattern`, or `nil` after a warning at `site`.
  func patternEmbedding<ChildAction: Sendable>(
    _ pattern: CasePattern<Action>, _: ChildAction.Type, api: String, site: SourceSite
  ) -> PatternEmbedding<Action, ChildAction>? {
    Self.patternEmbedding(pattern, ChildAction.self, api: api, site: site)
  }

  /// ``patternEmbedding(_:_:api:site:)``, before any store of this type exists.
  static func patternEmbedding<ChildAction: Sendable>(
    _ pattern: CasePattern<Action>, _: ChildAction.Type, api: String, site: SourceSite
  ) -> PatternEmbedding<Action, ChildAction>? {
    do {
      return try PatternEmbedding(pattern)
    } catch {
      reportRuntimeWarning(
        """
        "\(api)" was given the case pattern \(pattern), \(error.reason)

        Name the cases from \(typeName(Action.self)) to the one holding \
        \(typeName(ChildAction.self)) (through a presentation, its child's case: \
        \\.destination.editor), or pass a closure that builds the action. Until then nothing \
        goes through it.
        """,
        at: site)
      return nil
    }
  }
}

/// A pattern checked by ``Store/checkPatternOnce(_:_:api:site:)``.
private struct CheckedPattern: Hashable {
  let action: ObjectIdentifier
  let pattern: String
  let child: ObjectIdentifier
  let site: String
}

private let checkedPatterns = LockedState<Set<CheckedPattern>>([])

/// Warns that a store scoped with a case pattern that names no case was sent `action`.
func reportDroppedPatternAction(_ action: Any, pattern: String, site: SourceSite) {
  reportRuntimeWarning(
    """
    A store scoped with the case pattern \(pattern), which names no case it can send through, \
    was sent an action; it was dropped.

      Action:
    \(customDump(action, indent: 4))

    Fix the pattern given to "store.scope" (its warning names the cases there are), or pass a \
    closure that builds the action.
    """,
    at: site)
}

extension Store {
  /// A store for each element of an identified array, in order, for the element actions of the
  /// case a case pattern names, as TCA writes a list's rows:
  ///
  /// ```swift
  /// ForEach(store.scope(state: \.rows, action: \.rows)) { rowStore in
  ///   RowView(store: rowStore)
  /// }
  /// let rows: [StoreOf<Row>] = store.scope(state: \.rows, action: \.rows)
  /// ```
  ///
  /// The element's action type comes from where the stores go (a view's `store` parameter, an
  /// annotated constant), as for `store.scope(state:action:)` by pattern. Cached as the form with
  /// a case constructor is: scoping again returns the same store for each element still there.
  public func scope<ElementID: Hashable & Sendable, ElementState, ElementAction: Sendable>(
    state toElements: KeyPath<State, IdentifiedArray<ElementID, ElementState>>,
    action toElementAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> [Store<ElementState, ElementAction>] {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let pattern = CasePattern(toElementAction)
    let embedding = patternEmbedding(
      pattern, IdentifiedAction<ElementID, ElementAction>.self, api: "store.scope", site: site)
    return elementStores(
      toElements,
      key: ScopeKey(
        statePath: toElements,
        action: ClosureIdentity(
          pattern: pattern, child: IdentifiedAction<ElementID, ElementAction>.self)),
      ids: \.ids.elements, element: { $0[id: $1] },
      sendElementAction: { [sendAction] id, action in
        guard let parentAction = embedding?.embed(.element(id: id, action: action)) else {
          reportDroppedPatternAction(action, pattern: "\(pattern)", site: site)
          return StoreTask()
        }
        return sendAction(parentAction)
      })
  }

  /// A store for each element of a navigation stack, bottom first, for the element actions of
  /// the case a case pattern names: `store.scope(state: \.path, action: \.path)`.
  public func scope<ElementState: Sendable, ElementAction: Sendable>(
    state toStack: KeyPath<State, StackState<ElementState>>,
    action toStackAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> [Store<ElementState, ElementAction>] {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let pattern = CasePattern(toStackAction)
    let embedding = patternEmbedding(
      pattern, StackAction<ElementState, ElementAction>.self, api: "store.scope", site: site)
    return elementStores(
      toStack,
      key: ScopeKey(
        statePath: toStack,
        action: ClosureIdentity(
          pattern: pattern, child: StackAction<ElementState, ElementAction>.self)),
      ids: \.ids.elements, element: { $0[id: $1] },
      sendElementAction: { [sendAction] id, action in
        guard let parentAction = embedding?.embed(.element(id: id, action: action)) else {
          reportDroppedPatternAction(action, pattern: "\(pattern)", site: site)
          return StoreTask()
        }
        return sendAction(parentAction)
      })
  }
}

extension Store: Identifiable where State: Identifiable {
  /// The id of the state: a row store is its row's (`ForEach` over row stores), as in TCA.
  public nonisolated var id: State.ID {
    MainActor.assumeIsolated { UncheckedSendable(withState(\.id)) }.value
  }
}
