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
  /// holds another child (another enum case, or another id for `Identifiable` state), whether the
  /// parent, the child itself or other code (a sibling reducer) changed it; assigning a child of
  /// the same identity keeps them. A change made by other code is seen at the next action that
  /// passes through this operator. For presentation, with `.dismiss` and
  /// `@Dependency(\.dismiss)`, use ``Presents`` state.
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

extension Reducer where Action: Sendable {
  /// `ifLet(_:action:then:fileID:filePath:line:column:)` with the child's case named by a case
  /// pattern, as TCA writes it: `.ifLet(\.child, action: \.child) { Child() }`.
  ///
  /// The case is checked when the reducer is built: a pattern that names no case whose payload
  /// is the child's action is a runtime warning, and the child then receives nothing.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> OptionalChildReducer<Self, Child>
  where Child.State == ChildState, Child.Action == ChildAction {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return ifLet(
      toChildState,
      casePath: AnyCasePath(
        pattern: toChildAction, api: "ifLet", site: site, constructor: AnyCasePath.caseConstructor),
      then: child, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension Reducer where Action: Sendable {
  /// The operator for child actions a case path extracts: what the public forms build (and the
  /// deprecated form taking a hand-built path, in `Compatibility.swift`).
  @usableFromInline func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    casePath toChildAction: AnyCasePath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> OptionalChildReducer<Self, Child>
  where Child.State == ChildState, Child.Action == ChildAction {
    OptionalChildReducer(
      parent: self, child: child(), toChild: toChildState, toChildAction: toChildAction,
      source: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

extension Reducer where Action: Sendable {
  /// Shows an alert, a dialog or other ``EphemeralState`` held in a plain optional, with no
  /// reducer of its own, as TCA writes it: `.ifLet(\.alert, action: \.alert)`. Its actions
  /// reach the parent, after which it is set to `nil`.
  @inlinable
  public func ifLet<ChildState: EphemeralState>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> OptionalChildReducer<Self, EmptyReducer<ChildState, ChildState.Action>> {
    ifLet(
      toChildState, action: toChildAction, then: { EmptyReducer() }, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// `ifLet(_:action:fileID:filePath:line:column:)` with the case named by its constructor:
  /// `.ifLet(\.alert, action: Action.alert)`.
  @inlinable
  public func ifLet<ChildState: EphemeralState>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: @escaping @Sendable (ChildState.Action) -> Action,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> OptionalChildReducer<Self, EmptyReducer<ChildState, ChildState.Action>> {
    ifLet(
      toChildState, action: toChildAction, then: { EmptyReducer() }, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }
}

/// A parent with an optional child. Built by
/// `ifLet(_:action:then:fileID:filePath:line:column:)`.
public struct OptionalChildReducer<Parent: Reducer, Child: Reducer>: Reducer
where Parent.Action: Sendable {
  @usableFromInline let base:
    ChildOperator<
      Parent, Child,
      SingleChildRoute<OptionalSlot<Parent.State, Child.State>, Parent.Action, Child.Action>
    >

  init(
    parent: Parent,
    child: Child,
    toChild: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: AnyCasePath<Parent.Action, Child.Action>,
    source: SourceSite
  ) {
    base = ChildOperator(
      parent: parent, child: child, slots: OptionalSlot(toChild),
      route: SingleChildRoute(toChildAction), source: source)
  }

  @inlinable
  public func reduce(
    into state: inout Parent.State, action: Parent.Action
  ) -> Effect<Parent.Action> {
    base.reduce(into: &state, action: action)
  }
}

/// The route of ``OptionalChildReducer`` and ``EnumCaseReducer``: a single child, named by its
/// identity, whose actions are one case of the parent's.
@usableFromInline
struct SingleChildRoute<Slots: SingleChildSlots, ParentAction: Sendable, ChildAction>: ChildRoute {
  @usableFromInline let toChildAction: AnyCasePath<ParentAction, ChildAction>
  /// Which children are dismissed once the parent handled their action; `nil` when the slot
  /// cannot dismiss (an enum case).
  @usableFromInline let ephemeral: EphemeralPresentation<Slots.Child, ChildAction>?

  init(_ toChildAction: AnyCasePath<ParentAction, ChildAction>) {
    self.toChildAction = toChildAction
    ephemeral = Slots.canDismiss ? EphemeralPresentation() : nil
  }

  @inlinable var presentsChild: Bool { false }

  @inlinable @inline(__always)
  func request(
    for action: ParentAction, in root: inout Slots.Root, slots: Slots, source: SourceSite
  ) -> ChildRequest<Int, Int, ChildAction, ChildAction> {
    guard let childAction = toChildAction.extract(from: action) else {
      return .parentOnly(ChildIdentity<Slots.Child>.unknown)
    }
    let start = slots.begin(&root)
    return .child(start, childAction, start)
  }

  @inlinable
  func move(_ effect: Effect<ChildAction>, to element: NavigationElement, key: Int)
    -> Effect<ParentAction>
  {
    effect.inElement(element, embed: toChildAction.embed, dismissAction: nil)
  }

  @inlinable
  func followUp(afterChild action: ChildAction) -> ChildAction? {
    ephemeral?.isPossible == true ? action : nil
  }

  /// An alert or a dialog in a plain optional goes away once the parent handled its button, as
  /// in TCA, unless the parent showed another one meanwhile.
  @inlinable
  func finish(
    _ childAction: ChildAction, in root: inout Slots.Root, slots: Slots, since start: Int
  ) {
    guard let ephemeral, start != ChildIdentity<Slots.Child>.absent, slots.begin(&root) == start
    else { return }
    slots.dismiss(&root, after: childAction, ephemeral)
  }

  @usableFromInline
  func reportMissing(
    _ action: ParentAction, key: Int, in root: Slots.Root, at source: SourceSite
  ) {
    Slots.reportMissing(action, in: root, at: source)
  }
}

/// The slots of an operator over a single child (an optional field, an enum case), which name
/// it by its identity (see ``ChildIdentity``).
@usableFromInline
protocol SingleChildSlots: ChildSlots where Key == Int, Marker == Int {
  /// Whether the operator can take the child away by itself (set an optional to `nil`).
  static var canDismiss: Bool { get }

  /// Takes the child away when it is an alert or a dialog that `action` answered.
  func dismiss<Action>(
    _ root: inout Root, after action: Action, _ ephemeral: EphemeralPresentation<Child, Action>)

  /// Warns of a child's `action` that found no child in `root`.
  static func reportMissing(_ action: Any, in root: Root, at source: SourceSite)
}

extension SingleChildSlots {
  @inlinable
  func element(_ key: Int, marker: Int) -> NavigationElement {
    element(identity: key)
  }

  /// Cancels the child the pass started with when another (or none) is there now, and any
  /// child of this slot the store still runs effects for that other code took away; the state
  /// keeps no record of them.
  @inlinable
  func settle<Action>(_ root: inout Root, since start: Int) -> Effect<Action> {
    let current = begin(&root)
    return cancelChild(start, keeping: current).merge(with: cancelOthers(than: current))
  }
}

/// The child slot of ``OptionalChildReducer``: an optional field. It keeps nothing in the state,
/// so children removed by other code are found through the store's live-element summary.
@usableFromInline
struct OptionalSlot<Root, Child>: SingleChildSlots {
  @usableFromInline let field: FieldAccess<Root, Child?>
  @usableFromInline let identity = ChildIdentity<Child>()
  @usableFromInline let operatorID: Int

  init(_ keyPath: WritableKeyPath<Root, Child?>) {
    field = FieldAccess(keyPath)
    operatorID = keyPath.hashValue
  }

  @inlinable
  func begin(_ root: inout Root) -> Int {
    field.modify(&root) { child in
      guard let child else { return ChildIdentity<Child>.absent }
      return identity(child)
    }
  }

  @usableFromInline static var canDismiss: Bool { true }

  /// Sets the child to `nil` when it is an alert or a dialog that `action` answered.
  @usableFromInline
  func dismiss<Action>(
    _ root: inout Root, after action: Action, _ ephemeral: EphemeralPresentation<Child, Action>
  ) {
    field.modify(&root) { child in
      if let current = child, ephemeral.dismisses(current, after: action) { child = nil }
    }
  }

  @inlinable
  func modifyChild<Result>(
    _ key: Int, in root: inout Root, _ body: (inout Child) -> Result
  ) -> Result? {
    field.modify(&root) { child in
      guard child != nil else { return nil }
      return body(&child!)
    }
  }

  @usableFromInline
  static func reportMissing(_ action: Any, in root: Root, at source: SourceSite) {
    reportMissingChild("ifLet", absent: "the child state was nil", action: action, at: source)
  }
}
