/// A reducer from a closure: where a feature's own logic lives.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in
///     switch action {
///     case .view(.incrementTapped):
///       state.count += 1
///       return .none
///     …
///     }
///   }
/// }
/// ```
public struct Reduce<State, Action>: Reducer {
  @usableFromInline let reduce: (inout State, Action) -> Effect<Action>

  /// A reducer that calls `reduce`.
  @inlinable
  public init(_ reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// A reducer that calls `reduce`: the spelling TCA's own tests use (TCA keeps it internal).
  // NB: disfavored, so that a trailing closure, which would match this label too, picks `init(_:)`.
  @_disfavoredOverload
  @inlinable
  public init(
    internal reduce: @escaping (_ state: inout State, _ action: Action) -> Effect<Action>
  ) {
    self.init(reduce)
  }

  /// Erases the type of `reducer`.
  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    let cached = CachedReducer(reducer)
    reduce = { cached.reduce(into: &$0, action: $1) }
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }
}

/// A reducer that does nothing.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   if isEnabled { Feature() } else { EmptyReducer() }
/// }
/// ```
public struct EmptyReducer<State, Action>: Reducer {
  @inlinable
  /// A reducer that leaves state alone and returns no effect.
  public init() {}

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

/// Groups reducers: each runs in order on every action, and their effects are merged.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.counter, action: Action.counter) { Counter() }
///   Reduce { state, action in … }
/// }
/// .ifLet(\.$destination, action: Action.destination) { Destination() }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer>: Reducer
where Reducers.State == State, Reducers.Action == Action {
  @usableFromInline let reducers: Reducers

  /// Combines the reducers built by `build`.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    reducers = build()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}
