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
