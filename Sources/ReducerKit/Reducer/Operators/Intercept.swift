extension Reducer {
  /// Wraps this reducer in middleware that sees every action first and decides what to do.
  ///
  /// `next(&state, action)` runs the wrapped reducer and returns its effect. The interceptor may
  /// do anything around that call: log or time it, rewrite the action, drop it (by not calling
  /// `next`), answer with an effect of its own, or add effects to what `next` returned.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Core()
  ///     .intercept { state, action, next in
  ///       guard !state.isLocked else { return .none }          // drop while locked
  ///       let start = ContinuousClock.now
  ///       let effect = next(&state, action)
  ///       metrics.record(action, ContinuousClock.now - start)  // time
  ///       return effect.merge(with: .send(.didHandle))         // append an effect
  ///     }
  /// }
  /// ```
  ///
  /// Interceptors nest like every other operator: each wraps the reducer it is applied to, so in
  /// `Core().intercept(a).intercept(b)` the last one written, `b`, is the outermost. It sees each
  /// action first, and its `next` runs `a`, whose `next` runs `Core`.
  public func intercept(
    _ interceptor:
      @escaping (
        _ state: inout State, _ action: Action,
        _ next: (inout State, Action) -> Effect<Action>
      ) -> Effect<Action>
  ) -> InterceptReducer<Self> {
    InterceptReducer(base: self, interceptor: interceptor)
  }
}

/// A reducer wrapped in middleware. Built by ``Reducer/intercept(_:)``.
public struct InterceptReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let interceptor:
    (inout Base.State, Base.Action, (inout Base.State, Base.Action) -> Effect<Base.Action>) ->
      Effect<Base.Action>

  init(
    base: Base,
    interceptor:
      @escaping (
        inout Base.State, Base.Action, (inout Base.State, Base.Action) -> Effect<Base.Action>
      ) -> Effect<Base.Action>
  ) {
    self.base = base
    self.interceptor = interceptor
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    interceptor(&state, action) { state, action in base.reduce(into: &state, action: action) }
  }
}
