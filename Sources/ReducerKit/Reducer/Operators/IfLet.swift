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
  /// The child runs before the parent. `.dismiss` sets the state to `nil` after the parent ran,
  /// unless the parent presented a child of another identity while handling it. An alert or a
  /// confirmation dialog (presented directly, or as a case of a destination enum) is set to
  /// `nil` likewise after the parent reduced any of its buttons' actions.
  ///
  /// The child's identity is its enum case plus, for `Identifiable` state, its id (so the cases
  /// of a destination enum are different children). Its effects are cancelled when the state
  /// becomes `nil` or holds a child of another identity, whether the parent, the child itself or
  /// other code (a sibling reducer) changed it; assigning a child of the same identity keeps them.
  /// Its effects can call `@Dependency(\.dismiss)` and read `@Dependency(\.isPresented)`.
  ///
  /// > Important: A child action, or `.dismiss`, that arrives while the state is `nil` is a
  /// > runtime warning and is dropped.
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

extension Reducer where Action: Sendable {
  /// `ifLet(_:action:destination:fileID:filePath:line:column:)` with the presentation case
  /// named by a case pattern, as TCA writes it:
  /// `.ifLet(\.$destination, action: \.destination) { Destination() }`.
  ///
  /// The case is checked when the reducer is built: a pattern that names no case whose payload
  /// is the child's `PresentationAction` is a runtime warning, and the child then receives
  /// nothing.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toPresentationState: WritableKeyPath<State, Presents<ChildState>>,
    action toPresentationAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    @ReducerBuilder<ChildState, ChildAction> destination: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<Self, Child>
  where Child.State == ChildState, Child.Action == ChildAction {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return ifLet(
      toPresentationState,
      casePath: AnyCasePath(
        pattern: toPresentationAction, api: "ifLet", site: site,
        constructor: AnyCasePath.caseConstructor),
      destination: destination, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Presents an ``AlertState``, a ``ConfirmationDialogState`` or an ``EphemeralState`` of one's
  /// own in the case a case pattern names, with no reducer of its own, as TCA writes it:
  /// `.ifLet(\.$alert, action: \.alert)`. It is set to `nil` after the parent reduced any of
  /// its actions.
  public func ifLet<ChildState: EphemeralState>(
    _ toPresentationState: WritableKeyPath<State, Presents<ChildState>>,
    action toPresentationAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<Self, EmptyReducer<ChildState, ChildState.Action>> {
    ifLet(
      toPresentationState, action: toPresentationAction, destination: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension Reducer where Action: Sendable {
  /// Presents state that has no reducer of its own, such as an ``AlertState`` or a
  /// ``ConfirmationDialogState``: its `.dismiss`, and the actions of its buttons, reach the
  /// parent, after which the alert or dialog is set to `nil`.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.$alert, action: Action.alert)
  /// ```
  public func ifLet<ChildState, ChildAction>(
    _ toPresentationState: WritableKeyPath<State, Presents<ChildState>>,
    action toPresentationAction: @escaping @Sendable (PresentationAction<ChildAction>) -> Action,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    ifLet(
      toPresentationState, action: toPresentationAction, destination: { EmptyReducer() },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The operator for a presentation action a case path extracts: what the public forms build
  /// (and the deprecated form taking a hand-built path, in `Compatibility.swift`).
  @usableFromInline func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toPresentationState: WritableKeyPath<State, Presents<ChildState>>,
    casePath toPresentationAction: AnyCasePath<Action, PresentationAction<ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> destination: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> PresentationReducer<Self, Child>
  where Child.State == ChildState, Child.Action == ChildAction {
    PresentationReducer(
      parent: self,
      child: destination(),
      toPresents: toPresentationState,
      toPresentationAction: toPresentationAction,
      source: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// A parent that presents a child in ``Presents`` state. Built by
/// `ifLet(_:action:destination:fileID:filePath:line:column:)`.
public struct PresentationReducer<Parent: Reducer, Child: Reducer>: Reducer
where Parent.Action: Sendable {
  @usableFromInline let base:
    ChildOperator<
      Parent, Child, PresentationRoute<Parent.State, Parent.Action, Child.State, Child.Action>
    >

  init(
    parent: Parent,
    child: Child,
    toPresents: WritableKeyPath<Parent.State, Presents<Child.State>>,
    toPresentationAction: AnyCasePath<Parent.Action, PresentationAction<Child.Action>>,
    source: SourceSite
  ) {
    base = ChildOperator(
      parent: parent, child: child, slots: PresentsSlot(toPresents),
      route: PresentationRoute(toPresentationAction),
      source: source)
  }

  @inlinable
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    base.reduce(into: &state, action: action)
  }
}

/// The route of ``PresentationReducer``: a ``PresentationAction`` case of the parent's actions,
/// whose `dismiss` the operator handles.
@usableFromInline
struct PresentationRoute<Root, ParentAction: Sendable, Child, ChildAction>: ChildRoute {
  @usableFromInline typealias Slots = PresentsSlot<Root, Child>
  @usableFromInline let toPresentationAction:
    AnyCasePath<ParentAction, PresentationAction<ChildAction>>
  @usableFromInline let ephemeral = EphemeralPresentation<Child, ChildAction>()

  init(_ toPresentationAction: AnyCasePath<ParentAction, PresentationAction<ChildAction>>) {
    self.toPresentationAction = toPresentationAction
  }

  /// What the operator does once the parent ran.
  @usableFromInline
  enum FollowUp {
    /// Dismiss the child (the parent's `dismiss` action).
    case dismiss
    /// Dismiss the child if it is an alert or a dialog that this action answered.
    case dismissIfAnswered(ChildAction)
  }

  @inlinable var presentsChild: Bool { true }

  @inlinable @inline(__always)
  func request(for action: ParentAction, in root: inout Root, slots: Slots, source: SourceSite)
    -> ChildRequest<Int, Int, ChildAction, FollowUp>
  {
    // NB: the extracted action is consumed by the switch, so the child's action is moved out
    // of it rather than copied; the state is read only for the operator's actions.
    let extracted = toPresentationAction.extract(from: action)
    switch consume extracted {
    case .presented(let childAction)?:
      let start = slots.begin(&root)
      return .child(start, childAction, start)
    case .dismiss?:
      let start = slots.begin(&root)
      if start == ChildIdentity<Child>.absent { reportMissing(action, at: source) }
      return .own(.dismiss, start)
    case nil:
      return .parentOnly(ChildIdentity<Child>.unknown)
    }
  }

  @inlinable
  func move(_ effect: Effect<ChildAction>, to element: NavigationElement, key: Int)
    -> Effect<ParentAction>
  {
    let toPresentationAction = self.toPresentationAction
    return effect.inElement(
      element, embed: { toPresentationAction.embed(.presented($0)) },
      dismissAction: toPresentationAction.embed(.dismiss))
  }

  @inlinable
  func followUp(afterChild action: ChildAction) -> FollowUp? {
    ephemeral.isPossible ? .dismissIfAnswered(action) : nil
  }

  /// Dismisses the child the pass started with, unless the parent presented another one
  /// meanwhile; an alert or a dialog goes away once the parent handled its button.
  @inlinable
  func finish(_ followUp: FollowUp, in root: inout Root, slots: Slots, since start: Int) {
    guard start != ChildIdentity<Child>.absent, slots.begin(&root) == start else { return }
    switch followUp {
    case .dismiss:
      slots.dismiss(&root)
    case .dismissIfAnswered(let childAction):
      if isEphemeral(in: &root, slots: slots, after: childAction) { slots.dismiss(&root) }
    }
  }

  @usableFromInline
  func isEphemeral(in root: inout Root, slots: Slots, after childAction: ChildAction) -> Bool {
    slots.access.withPresents(&root) { presents in
      presents.storage.first.map { ephemeral.dismisses($0, after: childAction) } ?? false
    }
  }

  @usableFromInline
  func reportMissing(_ action: ParentAction, key: Int, in root: Root, at source: SourceSite) {
    reportMissing(action, at: source)
  }

  @usableFromInline
  func reportMissing(_ action: ParentAction, at source: SourceSite) {
    reportMissingChild("ifLet", absent: "the presented state was nil", action: action, at: source)
  }
}

/// The child slot of ``PresentationReducer``: the child in a ``Presents`` field, which remembers
/// the identity the operator last saw.
@usableFromInline
struct PresentsSlot<Root, Child>: ChildSlots {
  @usableFromInline let access: PresentsAccess<Root, Child>
  @usableFromInline let identity = ChildIdentity<Child>()
  @usableFromInline let operatorID: Int

  init(_ keyPath: WritableKeyPath<Root, Presents<Child>>) {
    access = PresentsAccess(keyPath)
    operatorID = keyPath.hashValue
  }

  @inlinable
  func begin(_ root: inout Root) -> Int {
    access.withPresents(&root) { presentsIdentity($0) }
  }

  @inlinable @inline(__always)
  func presentsIdentity(_ presents: Presents<Child>) -> Int {
    guard presents.isPresented else { return ChildIdentity<Child>.absent }
    return identity.hasParts ? identity.identity(of: presents.storage[0]) : 1
  }

  @inlinable
  func modifyChild<Result>(
    _ key: Int, in root: inout Root, _ body: (inout Child) -> Result
  ) -> Result? {
    access.modifyPresented(&root, body)
  }

  @inlinable
  func element(_ key: Int, marker: Int) -> NavigationElement {
    element(identity: key)
  }

  @inlinable
  func dismiss(_ root: inout Root) {
    access.dismiss(&root)
  }

  /// Cancels the child the operator saw last (and the one the pass started with) when the child
  /// now presented is another one; a `Presents` the operator never saw asks the store.
  @inlinable
  func settle<Action>(_ root: inout Root, since start: Int) -> Effect<Action> {
    let (current, mounted) = access.withPresents(&root) { presents in
      (presentsIdentity(presents), presents.mounted)
    }
    if mounted == current, start == current || start == ChildIdentity<Child>.unknown {
      return .none
    }
    access.withPresents(&root) { $0.mounted = current }
    var effect: Effect<Action> = cancelChild(mounted, keeping: current)
    if start != mounted { effect = effect.merge(with: cancelChild(start, keeping: current)) }
    if mounted == ChildIdentity<Child>.unknown {
      effect = effect.merge(with: cancelOthers(than: current))
    }
    return effect
  }
}
