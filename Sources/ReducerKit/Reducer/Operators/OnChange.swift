extension Reducer {
  /// Runs another reducer when a value derived from the state changes.
  ///
  /// After this reducer runs, `toValue` is compared before and after; when it differs, the
  /// reducer built by `reducer(oldValue, newValue)` runs on the new state with the same action,
  /// and its effects are merged with this reducer's.
  ///
  /// ```swift
  /// var body: some ReducerOf<Self> {
  ///   Reduce { state, action in … }
  ///     .onChange(of: \.filter) { oldFilter, newFilter in
  ///       Reduce { state, _ in
  ///         .send(.reload(newFilter))
  ///       }
  ///     }
  /// }
  /// ```
  public func onChange<Value: Equatable, Changed: Reducer<State, Action>>(
    of toValue: @escaping (State) -> Value,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (_ oldValue: Value, _ newValue: Value) ->
      Changed
  ) -> OnChangeReducer<Self, Value, Changed> {
    OnChangeReducer(base: self, toValue: toValue, isDuplicate: ==, reducer: reducer)
  }

  /// Runs another reducer when a value derived from the state changes, as decided by
  /// `isDuplicate` (for values that are not `Equatable`).
  public func onChange<Value, Changed: Reducer<State, Action>>(
    of toValue: @escaping (State) -> Value,
    removeDuplicates isDuplicate: @escaping (Value, Value) -> Bool,
    @ReducerBuilder<State, Action> _ reducer:
      @escaping (_ oldValue: Value, _ newValue: Value) ->
      Changed
  ) -> OnChangeReducer<Self, Value, Changed> {
    OnChangeReducer(base: self, toValue: toValue, isDuplicate: isDuplicate, reducer: reducer)
  }
}

/// A reducer that runs another when a derived value changes. Built by
/// ``Reducer/onChange(of:_:)``.
public struct OnChangeReducer<Base: Reducer, Value, Changed: Reducer>: Reducer
where Changed.State == Base.State, Changed.Action == Base.Action {
  @usableFromInline let base: Base
  @usableFromInline let toValue: (Base.State) -> Value
  @usableFromInline let isDuplicate: (Value, Value) -> Bool
  @usableFromInline let reducer: (Value, Value) -> Changed

  init(
    base: Base,
    toValue: @escaping (Base.State) -> Value,
    isDuplicate: @escaping (Value, Value) -> Bool,
    reducer: @escaping (Value, Value) -> Changed
  ) {
    self.base = base
    self.toValue = toValue
    self.isDuplicate = isDuplicate
    self.reducer = reducer
  }

  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let oldValue = toValue(state)
    let effect = base.reduce(into: &state, action: action)
    let newValue = toValue(state)
    guard !isDuplicate(oldValue, newValue) else { return effect }
    return effect.merge(with: reducer(oldValue, newValue).reduce(into: &state, action: action))
  }
}
