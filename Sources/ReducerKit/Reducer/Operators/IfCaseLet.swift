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
  /// The child runs before the parent. Its effects are cancelled when the state changes case
  /// (or, for an `Identifiable` child, changes id).
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

/// A parent with a child in one case of its enum state. Built by
/// ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)``.
public struct EnumCaseReducer<Parent: Reducer, Child: Reducer>: Reducer
where Parent.Action: Sendable {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toCase: AnyCasePath<Parent.State, Child.State>
  @usableFromInline let toCaseAction: AnyCasePath<Parent.Action, Child.Action>
  @usableFromInline let source: SourceSite
  @usableFromInline let identity = ChildIdentity<Child.State>()

  init(
    parent: Parent,
    child: Child,
    toCase: AnyCasePath<Parent.State, Child.State>,
    toCaseAction: AnyCasePath<Parent.Action, Child.Action>,
    source: SourceSite
  ) {
    self.parent = parent
    self.child = child
    self.toCase = toCase
    self.toCaseAction = toCaseAction
    self.source = source
  }

  @inlinable
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let identityBefore = caseIdentity(state)
    var childEffect = Effect<Parent.Action>.none
    if let childAction = toCaseAction.extract(from: action) {
      if let identityBefore,
        let effect = toCase.modify(&state, { child.reduce(into: &$0, action: childAction) })
      {
        if !effect.isNone { childEffect = effectOfChild(effect, identity: identityBefore) }
      } else {
        reportMissingChild(
          "ifCaseLet", absent: "the state held another case", action: action, at: source)
      }
    }
    let effect = childEffect.merge(with: parent.reduce(into: &state, action: action))
    guard let identityBefore, caseIdentity(state) != identityBefore else { return effect }
    return effect.merge(with: cancelChild(identityBefore))
  }

  /// The case the parent state holds and which child is in it; `nil` in other cases.
  @usableFromInline
  func caseIdentity(_ state: Parent.State) -> Int? {
    guard let childState = toCase.extract(from: state) else { return nil }
    var hasher = Hasher()
    hasher.combine(EnumMetadata.tag(of: state))
    hasher.combine(identity(childState))
    return hasher.finalize()
  }

  @usableFromInline
  func effectOfChild(_ effect: Effect<Child.Action>, identity: Int) -> Effect<Parent.Action> {
    effect.inElement(
      element(identity), embed: toCaseAction.embed, dismissAction: nil, isPresented: false
    )
  }

  @usableFromInline
  func cancelChild(_ identity: Int) -> Effect<Parent.Action> {
    .cancelElement(element(identity))
  }

  func element(_ identity: Int) -> NavigationElement {
    NavigationElement(
      site: ObjectIdentifier(Parent.State.self).hashValue, element: AnyHashableSendable(identity)
    )
  }
}
