// The operators' forms that take case paths built by hand (`AnyCasePath`), or one case as a
// constructor and the other as a pattern, kept working for code written against them, and
// deprecated: each operator's spellings are TCA's case key path (`action: \.child`) and the
// case's constructor (`action: Action.child`), which the compiler checks. A hand-built path still
// works through the constructor spelling's closures (`action: { path.embed($0) }`) where one is
// needed.

extension Scope {
  /// Scopes into the field at `state`, for the child actions a hand-built case path extracts.
  @available(
    *, deprecated,
    message:
      "Write the case as a pattern (action: \\.child) or its constructor (action: Action.child)"
  )
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      state: toChildState, casePath: toChildAction, child: child, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Scopes into the case of an enum state and the child actions that hand-built case paths
  /// extract.
  @available(
    *, deprecated,
    message:
      "Write the cases as patterns (state: \\.child, action: \\.child) or constructors (state: State.child, action: Action.child)"
  )
  public init<ChildState, ChildAction>(
    state toChildState: AnyCasePath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      statePath: toChildState, casePath: toChildAction, child: child, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Scopes into the case of an enum state built by `state`, for the child actions in the case
  /// `action` names: one spelling of each kind.
  @available(
    *, deprecated,
    message:
      "Write both cases as patterns (state: \\.child, action: \\.child) or as constructors (state: State.child, action: Action.child)"
  )
  public init<ChildState, ChildAction>(
    state toChildState: @escaping @Sendable (ChildState) -> ParentState,
    action toChildAction: KeyPath<CasePattern<ParentAction>, CasePattern<ParentAction>>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      statePath: AnyCasePath(
        toChildState, fileID: fileID, filePath: filePath, line: line, column: column),
      casePath: AnyCasePath(
        pattern: toChildAction, api: "Scope",
        site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column),
        constructor: AnyCasePath.caseConstructor),
      child: child, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension Reducer where Action: Sendable {
  /// `ifCaseLet` with the state's case built by its constructor and the child's action case
  /// named by a pattern: one spelling of each kind.
  @available(
    *, deprecated,
    message:
      "Write both cases as patterns (ifCaseLet(\\.child, action: \\.child)) or as constructors (ifCaseLet(State.child, action: Action.child))"
  )
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: @escaping @Sendable (CaseState) -> State,
    action toCaseAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> EnumCaseReducer<Self, Case>
  where Case.State == CaseState, Case.Action == CaseAction {
    ifCaseLet(
      AnyCasePath(toCaseState, fileID: fileID, filePath: filePath, line: line, column: column),
      casePath: AnyCasePath(
        pattern: toCaseAction, api: "ifCaseLet",
        site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column),
        constructor: AnyCasePath.caseConstructor),
      then: child, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension Reducer where Action: Sendable {
  /// `ifCaseLet` for a case and child actions that hand-built case paths extract.
  @available(
    *, deprecated,
    message:
      "Write the cases as patterns (ifCaseLet(\\.child, action: \\.child)) or constructors (ifCaseLet(State.child, action: Action.child))"
  )
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: AnyCasePath<State, CaseState>,
    action toCaseAction: AnyCasePath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> EnumCaseReducer<Self, Case>
  where Case.State == CaseState, Case.Action == CaseAction {
    ifCaseLet(
      toCaseState, casePath: toCaseAction, then: child, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// `ifLet` over an optional, for child actions a hand-built case path extracts.
  @available(
    *, deprecated,
    message:
      "Write the case as a pattern (action: \\.child) or its constructor (action: Action.child)"
  )
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: AnyCasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> OptionalChildReducer<Self, Child>
  where Child.State == ChildState, Child.Action == ChildAction {
    ifLet(
      toChildState, casePath: toChildAction, then: child, fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// `ifLet` over a presentation, for a presentation action a hand-built case path extracts.
  @available(
    *, deprecated,
    message:
      "Write the case as a pattern (action: \\.destination) or its constructor (action: Action.destination)"
  )
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toPresentationState: WritableKeyPath<State, Presents<ChildState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> destination: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<Self, Child>
  where Child.State == ChildState, Child.Action == ChildAction {
    ifLet(
      toPresentationState, casePath: toPresentationAction, destination: destination,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// `forEach` over an identified array, for element actions a hand-built case path extracts.
  @available(
    *, deprecated,
    message:
      "Write the case as a pattern (action: \\.rows) or its constructor (action: Action.rows)"
  )
  public func forEach<ElementState, ElementAction, ID: Hashable & Sendable, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> ForEachReducer<Self, ID, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    forEach(
      toElements, casePath: toElementAction, element: element, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// `forEach` over a navigation stack, for stack actions a hand-built case path extracts.
  @available(
    *, deprecated,
    message:
      "Write the case as a pattern (action: \\.path) or its constructor (action: Action.path)"
  )
  public func forEach<ElementState, ElementAction, Element: Reducer>(
    _ toStack: WritableKeyPath<State, StackState<ElementState>>,
    action toStackAction: AnyCasePath<Action, StackAction<ElementState, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> destination: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> StackForEachReducer<Self, Element>
  where Element.State == ElementState, Element.Action == ElementAction {
    forEach(
      toStack, casePath: toStackAction, destination: destination, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }
}
