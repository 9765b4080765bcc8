/// Runs a child reducer on a part of the parent's state, for the child's actions.
///
/// Scope into a struct field with a key path:
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.counter, action: Action.counter) { Counter() }
///   Reduce { state, action in … }
/// }
/// ```
///
/// or into a case of an enum state with the case's constructor, to compose a destination:
///
/// ```swift
/// enum State { case editor(Editor.State), viewer(Viewer.State) }
/// var body: some ReducerOf<Self> {
///   Scope(state: State.editor, action: Action.editor) { Editor() }
///   Scope(state: State.viewer, action: Action.viewer) { Viewer() }
/// }
/// ```
///
/// The child's effects are mapped into parent actions. Parent actions that are not the child's
/// case pass through untouched.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline
  enum ChildState {
    case field(FieldAccess<ParentState, Child.State>)
    case enumCase(AnyCasePath<ParentState, Child.State>)
  }

  @usableFromInline let toChildState: ChildState
  @usableFromInline let toChildAction: AnyCasePath<ParentAction, Child.Action>
  @usableFromInline let child: Child
  @usableFromInline let site: SourceSite

  /// Scopes into the field at `state`.
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: @escaping @Sendable (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .field(FieldAccess(toChildState))
    self.toChildAction = AnyCasePath(
      toChildAction, fileID: fileID, filePath: filePath, line: line, column: column
    )
    self.child = child()
    site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Scopes into the case of an enum state built by `state`, such as `State.editor`.
  ///
  /// > Important: A child action that arrives while the state holds another case is a runtime
  /// > warning and is dropped.
  public init<ChildState, ChildAction>(
    state toChildState: @escaping @Sendable (ChildState) -> ParentState,
    action toChildAction: @escaping @Sendable (ChildAction) -> ParentAction,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .enumCase(
      AnyCasePath(toChildState, fileID: fileID, filePath: filePath, line: line, column: column)
    )
    self.toChildAction = AnyCasePath(
      toChildAction, fileID: fileID, filePath: filePath, line: line, column: column
    )
    self.child = child()
    site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Scopes into the field at `state`, for the child actions `casePath` extracts: what the
  /// public forms build (and the deprecated form taking a case path built by hand).
  @usableFromInline
  init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    casePath toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .field(FieldAccess(toChildState))
    self.toChildAction = toChildAction
    self.child = child()
    site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Scopes into the case of an enum state that `statePath` extracts, for the child actions
  /// `casePath` extracts: what the public forms build (and the deprecated form taking case paths
  /// built by hand).
  @usableFromInline
  init<ChildState, ChildAction>(
    statePath toChildState: AnyCasePath<ParentState, ChildState>,
    casePath toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .enumCase(toChildState)
    self.toChildAction = toChildAction
    self.child = child()
    site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Scopes into the field at `state`, for the child actions in the case `action` names, as
  /// TCA writes it: `Scope(state: \.counter, action: \.counter) { Counter() }`.
  ///
  /// The case is checked when the scope is built: a pattern that names no case whose payload is
  /// the child's action is a runtime warning, and the child then receives nothing.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: KeyPath<CasePattern<ParentAction>, CasePattern<ParentAction>>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      state: toChildState,
      casePath: AnyCasePath(
        pattern: toChildAction, api: "Scope",
        site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column),
        constructor: AnyCasePath.caseConstructor),
      child: child, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Scopes into the case of an enum state and the child actions in the cases named by case
  /// patterns, as TCA writes it: `Scope(state: \.editor, action: \.editor) { Editor() }`.
  // NB: disfavored, so that a key path to a field of a struct state (which a pattern, taking
  // any name, would also accept) picks the field form.
  @_disfavoredOverload
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: KeyPath<CasePattern<ParentState>, CasePattern<ParentState>>,
    action toChildAction: KeyPath<CasePattern<ParentAction>, CasePattern<ParentAction>>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    self.init(
      statePath: AnyCasePath(
        pattern: toChildState, api: "Scope", site: site,
        constructor: AnyCasePath.caseConstructor),
      casePath: AnyCasePath(
        pattern: toChildAction, api: "Scope", site: site,
        constructor: AnyCasePath.caseConstructor),
      child: child, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(from: action) else { return .none }
    let effect: Effect<Child.Action>
    switch toChildState {
    case .field(let field):
      effect = field.modify(&state) { child.reduce(into: &$0, action: childAction) }
    case .enumCase(let casePath):
      // NB: modified in place, so the child's collections are not copied on every action.
      guard
        let caseEffect = casePath.modify(&state, { child.reduce(into: &$0, action: childAction) })
      else {
        reportWrongCase(action: action, state: state)
        return .none
      }
      effect = caseEffect
    }
    return effect.isNone ? .none : effect.map(toChildAction.embed)
  }

  @usableFromInline
  func reportWrongCase(action: ParentAction, state: ParentState) {
    reportRuntimeWarning(
      """
      "Scope" received a child action while the parent state held a different case; the \
      action was dropped.

        Action:
      \(customDump(action, indent: 4))
        State:
      \(customDump(state, indent: 4))

      A scope into an enum case runs its child only while the state holds that case. This \
      usually means an effect of that case kept running after the state moved to another \
      case: cancel it when leaving the case (ifCaseLet and ifLet do this for you), or stop \
      sending the action from views of other cases.
      """,
      at: site
    )
  }
}
