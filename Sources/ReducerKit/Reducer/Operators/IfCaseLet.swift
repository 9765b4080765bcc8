extension Reducer where Action: Sendable {
  /// Runs a child reducer on one case of an enum state, for the child's actions.
  ///
  /// ```swift
  /// enum State { case loggedIn(Home.State), loggedOut(Login.State) }
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .ifCaseLet(State.loggedIn, action: Action.loggedIn) { Home() }
  ///     .ifCaseLet(State.loggedOut, action: Action.loggedOut) { Login() }
  /// }
  /// ```
  ///
  /// The child runs before the parent. Its effects are cancelled when the state leaves the case
  /// (or, for an `Identifiable` child, holds another id), whether the parent, the child itself or
  /// other code changed it; a change made by other code is seen at the next action that passes
  /// through this operator.
  ///
  /// > Important: A child action that arrives while the state holds another case is a runtime
  /// > warning and is dropped.
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: @escaping @Sendable (CaseState) -> State,
    action toCaseAction: @escaping @Sendable (CaseAction) -> Action,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> EnumCaseReducer<Self, Case>
  where Case.State == CaseState, Case.Action == CaseAction {
    EnumCaseReducer(
      parent: self,
      child: child(),
      toCase: AnyCasePath(
        toCaseState, fileID: fileID, filePath: filePath, line: line, column: column),
      toCaseAction: AnyCasePath(
        toCaseAction, fileID: fileID, filePath: filePath, line: line, column: column
      ),
      source: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Reducer where Action: Sendable {
  /// `ifCaseLet(_:action:then:fileID:filePath:line:column:)` with the state's case and the
  /// child's action case named by case patterns, as TCA writes it:
  /// `.ifCaseLet(\.loggedIn, action: \.loggedIn) { LoggedIn() }`.
  @inlinable
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: KeyPath<CasePattern<State>, CasePattern<State>>,
    action toCaseAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> EnumCaseReducer<Self, Case>
  where Case.State == CaseState, Case.Action == CaseAction {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return ifCaseLet(
      AnyCasePath(
        pattern: toCaseState, api: "ifCaseLet", site: site,
        constructor: AnyCasePath.caseConstructor),
      casePath: AnyCasePath(
        pattern: toCaseAction, api: "ifCaseLet", site: site,
        constructor: AnyCasePath.caseConstructor),
      then: child, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension Reducer where Action: Sendable {
  /// The operator for a case and child actions that case paths extract: what the public forms
  /// build (and the deprecated form taking hand-built paths, in `Compatibility.swift`).
  @usableFromInline func ifCaseLet<CaseState, CaseAction, Case: Reducer>(
    _ toCaseState: AnyCasePath<State, CaseState>,
    casePath toCaseAction: AnyCasePath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then child: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> EnumCaseReducer<Self, Case>
  where Case.State == CaseState, Case.Action == CaseAction {
    EnumCaseReducer(
      parent: self, child: child(), toCase: toCaseState, toCaseAction: toCaseAction,
      source: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// A parent with a child in one case of its enum state. Built by
/// `ifCaseLet(_:action:then:fileID:filePath:line:column:)`.
public struct EnumCaseReducer<Parent: Reducer, Child: Reducer>: Reducer
where Parent.Action: Sendable {
  @usableFromInline let base:
    ChildOperator<
      Parent, Child,
      SingleChildRoute<EnumCaseSlot<Parent.State, Child.State>, Parent.Action, Child.Action>
    >

  init(
    parent: Parent,
    child: Child,
    toCase: AnyCasePath<Parent.State, Child.State>,
    toCaseAction: AnyCasePath<Parent.Action, Child.Action>,
    source: SourceSite
  ) {
    base = ChildOperator(
      parent: parent, child: child, slots: EnumCaseSlot(toCase),
      route: SingleChildRoute(toCaseAction),
      source: source)
  }

  @inlinable
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    base.reduce(into: &state, action: action)
  }
}

/// The child slot of ``EnumCaseReducer``: one case of an enum state. Like an optional field, it
/// keeps nothing in the state; its site is the enum type and the case.
@usableFromInline
struct EnumCaseSlot<Root, Child>: SingleChildSlots {
  @usableFromInline let casePath: AnyCasePath<Root, Child>
  @usableFromInline let identity = ChildIdentity<Child>()
  @usableFromInline let rootOperatorID = ObjectIdentifier(Root.self).hashValue

  init(_ casePath: AnyCasePath<Root, Child>) {
    self.casePath = casePath
  }

  /// The enum type's operator id, mixed with the case's tag once known (no child of the case can have
  /// effects before that: running it resolves the tag).
  @inlinable
  var operatorID: Int {
    guard let tag = casePath.resolvedTag else { return rootOperatorID }
    return rootOperatorID ^ (Int(tag) &+ 1) &* 0x2545_F491_4F6C_DD1D
  }

  @inlinable
  func begin(_ root: inout Root) -> Int {
    guard casePath.matches(root) else { return ChildIdentity<Child>.absent }
    guard identity.hasParts else { return 1 }
    return casePath.modify(&root) { identity.identity(of: $0) } ?? ChildIdentity<Child>.absent
  }

  @inlinable
  func modifyChild<Result>(
    _ key: Int, in root: inout Root, _ body: (inout Child) -> Result
  ) -> Result? {
    casePath.modify(&root, body)
  }

  /// A case cannot be taken away by the operator: the parent's state would need another case.
  @usableFromInline static var canDismiss: Bool { false }

  @usableFromInline
  func dismiss<Action>(
    _ root: inout Root, after action: Action, _ ephemeral: EphemeralPresentation<Child, Action>
  ) {}

  @usableFromInline
  static func reportMissing(_ action: Any, in root: Root, at source: SourceSite) {
    reportMissingCase(action: action, state: root, at: source)
  }
}

/// Warns of a child action that reached an `ifCaseLet` while the state held another case, naming
/// the case it held.
@usableFromInline
func reportMissingCase(action: Any, state: Any, at site: SourceSite) {
  reportMissingChild(
    "ifCaseLet", absent: "the state held another case (\(caseLabel(of: state)))", action: action,
    at: site)
}
