extension Reducer where Action: Sendable {
  /// Runs a child reducer on optional state for the child's actions.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .ifLet(\.editor, action: Action.editor) { Editor() }
  /// }
  /// ```
  ///
  /// The child runs before the parent. Its effects are cancelled when its state becomes `nil` or
  /// is replaced by another child (another enum case, or another id for `Identifiable` state).
  /// For presentation, with `.dismiss` and `@Dependency(\.dismiss)`, use ``Presents`` state.
  ///
  /// > Important: A child action that arrives while the state is `nil` is a runtime warning and
  /// > is dropped.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: @escaping @Sendable (ChildAction) -> Action,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> OptionalChildReducer<Self, Child>
  where Child.State == ChildState, Child.Action == ChildAction {
    OptionalChildReducer(
      parent: self,
      child: child(),
      toChild: toChildState,
      toChildAction: AnyCasePath(
        toChildAction, fileID: fileID, filePath: filePath, line: line, column: column
      ),
      source: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// A parent with an optional child. Built by
/// ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``.
public struct OptionalChildReducer<Parent: Reducer, Child: Reducer>: Reducer
where Parent.Action: Sendable {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChild: FieldAccess<Parent.State, Child.State?>
  @usableFromInline let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  @usableFromInline let siteID: Int
  @usableFromInline let source: SourceSite
  @usableFromInline let identity = ChildIdentity<Child.State>()

  init(
    parent: Parent,
    child: Child,
    toChild: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: AnyCasePath<Parent.Action, Child.Action>,
    source: SourceSite
  ) {
    self.parent = parent
    self.child = child
    self.toChild = FieldAccess(toChild)
    self.toChildAction = toChildAction
    siteID = toChild.hashValue
    self.source = source
  }

  @inlinable
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let identityBefore = toChild.modify(&state) { $0.map(identity.callAsFunction) }
    var childEffect = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(from: action) {
      let effect = toChild.modify(&state) { childState -> Effect<Child.Action>? in
        guard childState != nil else { return nil }
        return child.reduce(into: &childState!, action: childAction)
      }
      if let effect, let identityBefore {
        if !effect.isNone { childEffect = effectOfChild(effect, identity: identityBefore) }
      } else {
        reportMissingChild("ifLet", absent: "the child state was nil", action: action, at: source)
      }
    }
    let effect = childEffect.merge(with: parent.reduce(into: &state, action: action))
    guard let identityBefore,
      toChild.modify(&state, { $0.map(identity.callAsFunction) }) != identityBefore
    else { return effect }
    return effect.merge(with: cancelChild(identityBefore))
  }

  @usableFromInline
  func cancelChild(_ identity: Int) -> Effect<Parent.Action> {
    .cancelElement(element(identity))
  }

  @usableFromInline
  func effectOfChild(_ effect: Effect<Child.Action>, identity: Int) -> Effect<Parent.Action> {
    effect.inElement(
      element(identity), embed: toChildAction.embed, dismissAction: nil, isPresented: false
    )
  }

  func element(_ identity: Int) -> NavigationElement {
    NavigationElement(site: siteID, element: AnyHashableSendable(identity))
  }
}
