/// Applies a feature's ``BindingAction``s to its state.
///
/// Put it first in the body, so the rest of the feature sees the new value and can react to
/// the field that changed:
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in
///     switch action {
///     case .binding(\.query):
///       return .send(.search(state.query))
///     case .binding:
///       return .none
///     …
///     }
///   }
/// }
/// ```
///
/// With the three action categories, the `binding` case belongs in the `View` enum (the user
/// edits the field); pass the case that holds it:
///
/// ```swift
/// enum Action: Sendable {
///   case view(View)
///   enum View: BindableAction, Sendable {
///     case binding(BindingAction<State>)
///     case saveTapped
///   }
/// }
/// var body: some ReducerOf<Self> {
///   BindingReducer(action: Action.view)
///   Reduce { state, action in
///     switch action {
///     case .view(.binding(\.query)): …
///     …
///   }
/// }
/// ```
public struct BindingReducer<State, Action: Sendable>: Reducer {
  @usableFromInline let toBinding: @Sendable (Action) -> BindingAction<State>?

  /// A reducer applying the binding actions of `Action`.
  public init() where Action: BindableAction, Action.State == State {
    let binding = AnyCasePath(Action.binding)
    toBinding = { binding.extract(from: $0) }
  }

  /// A reducer applying the binding actions of the actions nested in the case `toViewAction`
  /// builds (usually `Action.view`).
  public init<ViewAction: BindableAction & Sendable>(
    action toViewAction: @escaping @Sendable (ViewAction) -> Action
  ) where ViewAction.State == State {
    let view = AnyCasePath(toViewAction)
    let binding = AnyCasePath(ViewAction.binding)
    toBinding = { view.extract(from: $0).flatMap(binding.extract) }
  }

  /// A reducer applying the binding actions of the actions in the case a case pattern names, as
  /// TCA writes it: `BindingReducer(action: \.view)`.
  ///
  /// The case is checked when the reducer is built: a pattern that names no case whose payload
  /// is a ``BindableAction`` of this state is a runtime warning, and nothing is applied.
  public init(
    action toViewAction: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let pattern = CasePattern(toViewAction)
    guard let payload = pattern.singleCasePayloadType(),
      let bindable = payload as? any (BindableAction & Sendable).Type,
      let toBinding = Self.bindings(in: bindable, pattern: toViewAction, site: site)
    else {
      reportRuntimeWarning(
        """
        "BindingReducer" was given the case pattern \(pattern), which names no case of \
        \(typeName(Action.self)) holding the binding actions of \(typeName(State.self)); no \
        binding is applied.

        Name the case whose payload is a BindableAction of this state (usually \\.view), or \
        pass its constructor (such as "Action.view"), which the compiler checks.
        """,
        at: site)
      toBinding = { _ in nil }
      return
    }
    self.toBinding = toBinding
  }

  /// The binding actions of `ViewAction`'s case in `Action` that `pattern` names, when its
  /// bindings set this state.
  private static func bindings<ViewAction: BindableAction & Sendable>(
    in _: ViewAction.Type, pattern: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    site: SourceSite
  ) -> (@Sendable (Action) -> BindingAction<State>?)? {
    guard ViewAction.State.self == State.self else { return nil }
    let view = AnyCasePath<Action, ViewAction>(
      pattern: pattern, api: "BindingReducer", site: site,
      constructor: AnyCasePath.caseConstructor)
    let binding = AnyCasePath(ViewAction.binding)
    let extract: @Sendable (Action) -> BindingAction<ViewAction.State>? = {
      view.extract(from: $0).flatMap(binding.extract)
    }
    // NB: `ViewAction.State` is `State` (checked above), so both function types are one type;
    // the cast tells the compiler so once, instead of a dynamic cast on every action.
    return sameTypeCast(extract, to: (@Sendable (Action) -> BindingAction<State>?).self)
  }

  /// A reducer applying the binding actions of the `view` case of a ``ViewAction``:
  /// `BindingReducer(action: Action.view)`, spelled shorter.
  public init()
  where
    Action: ViewAction, Action.ViewAction: BindableAction & Sendable,
    Action.ViewAction.State == State
  {
    self.init(action: Action.view)
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toBinding(action)?.apply(to: &state)
    return .none
  }
}
