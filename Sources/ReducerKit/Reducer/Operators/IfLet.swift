extension Reducer where Action: Sendable {
  /// Runs a child reducer on presented state (``Presents``) for the child's actions.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .ifLet(\.$destination, action: Action.destination) { Destination() }
  /// }
  /// ```
  ///
  /// The child runs before the parent. `.dismiss` sets the state to `nil` (after the parent ran).
  /// The child's effects are cancelled when its state becomes `nil` or is replaced by another
  /// presentation, and they can call `@Dependency(\.dismiss)`.
  ///
  /// > Important: A child action that arrives while the state is `nil` is a runtime warning and
  /// > is dropped.
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toPresentationState: WritableKeyPath<State, Presents<ChildState>>,
    action toPresentationAction: @escaping @Sendable (PresentationAction<ChildAction>) -> Action,
    @ReducerBuilder<ChildState, ChildAction> destination: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<Self, Child>
  where Child.State == ChildState, Child.Action == ChildAction {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return PresentationReducer(
      parent: self,
      child: destination(),
      toPresents: toPresentationState,
      toPresentationAction: AnyCasePath(
        toPresentationAction, fileID: fileID, filePath: filePath, line: line, column: column
      ),
      source: site
    )
  }
}

/// A parent that presents a child in ``Presents`` state. Built by
/// ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)``.
public struct PresentationReducer<Parent: Reducer, Child: Reducer>: Reducer
where Parent.Action: Sendable {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toPresents: WritableKeyPath<Parent.State, Presents<Child.State>>
  @usableFromInline let presents: PresentsAccess<Parent.State, Child.State>
  @usableFromInline let toPresentationAction:
    AnyCasePath<Parent.Action, PresentationAction<Child.Action>>
  @usableFromInline let siteID: Int
  @usableFromInline let source: SourceSite

  init(
    parent: Parent,
    child: Child,
    toPresents: WritableKeyPath<Parent.State, Presents<Child.State>>,
    toPresentationAction: AnyCasePath<Parent.Action, PresentationAction<Child.Action>>,
    source: SourceSite
  ) {
    self.parent = parent
    self.child = child
    self.toPresents = toPresents
    presents = PresentsAccess(toPresents)
    self.toPresentationAction = toPresentationAction
    siteID = toPresents.hashValue
    self.source = source
  }

  @inlinable
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    let presentationAction = toPresentationAction.extract(from: action)
    let presentationBefore = presents.presentationID(&state)
    var childEffect = Effect<Parent.Action>.none
    if case .presented(let childAction)? = presentationAction {
      let effect = PresentationFrame.withPresented {
        presents.modifyPresented(&state) { child.reduce(into: &$0, action: childAction) }
      }
      if let effect {
        if !effect.isNone {
          childEffect = presentedEffect(effect, presentation: presentationBefore)
        }
      } else {
        reportMissingChild(
          "ifLet", absent: "the presented state was nil", action: action, at: source)
      }
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    if case .dismiss? = presentationAction, presents.presentationID(&state) == presentationBefore {
      presents.dismiss(&state)
    }
    let effect = childEffect.merge(with: parentEffect)
    let presentationAfter = presents.presentationID(&state)
    guard presentationBefore != 0, presentationBefore != presentationAfter else { return effect }
    return effect.merge(with: cancelPresentation(presentationBefore))
  }

  @usableFromInline
  func cancelPresentation(_ presentation: UInt64) -> Effect<Parent.Action> {
    .cancelElement(element(presentation))
  }

  @usableFromInline
  func presentedEffect(
    _ effect: Effect<Child.Action>, presentation: UInt64
  ) -> Effect<Parent.Action> {
    let toPresentationAction = self.toPresentationAction
    return effect.inElement(
      element(presentation),
      embed: { toPresentationAction.embed(.presented($0)) },
      dismissAction: toPresentationAction.embed(.dismiss),
      isPresented: true
    )
  }

  func element(_ presentation: UInt64) -> NavigationElement {
    NavigationElement(site: siteID, element: AnyHashableSendable(presentation))
  }
}
