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
  let parent: Parent
  let child: Child
  let toChild: WritableKeyPath<Parent.State, Child.State?>
  let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  let source: SourceSite
  let identity = ChildIdentity<Child.State>()

  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let identityBefore = state[keyPath: toChild].map(identity.callAsFunction)
    var childEffect = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(from: action) {
      if let identityBefore, state[keyPath: toChild] != nil {
        let effect = child.reduce(into: &state[keyPath: toChild]!, action: childAction)
        childEffect = effect.inElement(
          element(identityBefore), embed: toChildAction.embed, dismissAction: nil,
          isPresented: false
        )
      } else {
        reportRuntimeWarning(
          missingChildWarning(
            operatorName: "ifLet", absent: "the child state was nil", action: action,
            causes: missingChildCauses
          ),
          at: source
        )
      }
    }
    let effect = childEffect.merge(with: parent.reduce(into: &state, action: action))
    guard let identityBefore,
      state[keyPath: toChild].map(identity.callAsFunction) != identityBefore
    else { return effect }
    return effect.merge(with: .cancelElement(element(identityBefore)))
  }

  private func element(_ identity: Int) -> NavigationElement {
    NavigationElement(site: toChild.hashValue, element: AnyHashableSendable(identity))
  }
}
