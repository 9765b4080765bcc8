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
public struct BindingReducer<State, Action: BindableAction & Sendable>: Reducer
where Action.State == State {
  @usableFromInline let toBinding: AnyCasePath<Action, BindingAction<State>>

  /// A reducer applying the binding actions of `Action`.
  public init() {
    toBinding = AnyCasePath(Action.binding)
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toBinding.extract(from: action)?.apply(to: &state)
    return .none
  }
}
