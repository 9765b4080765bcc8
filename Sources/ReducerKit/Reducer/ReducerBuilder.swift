/// Builds a reducer from a block of reducers that run in order.
///
/// It backs ``Reducer/body`` and the trailing closures of operators; blocks, `if`, `if/else`
/// and `for` loops are supported (a reducer of an existential type goes in ``Reduce``):
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.counter, action: Action.counter) { Counter() }
///   if isLoggingEnabled {
///     Logger()
///   }
///   for plugin in plugins {   // [any Reducer<State, Action>]
///     Reduce(plugin)
///   }
///   Reduce { state, action in … }
/// }
/// ```
@resultBuilder
public enum ReducerBuilder<State, Action> {
  /// A reducer, as it is.
  @inlinable
  public static func buildExpression<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action {
    reducer
  }

  /// A reducer that implements `body` is wrapped so its body is built once.
  @inlinable
  public static func buildExpression<R: Reducer>(_ reducer: R) -> CachedBody<R>
  where
    R.State == State, R.Action == Action, R.Body: Reducer, R.Body.State == State,
    R.Body.Action == Action
  {
    CachedBody(reducer)
  }

  /// The reducers of a `for` loop, run in the loop's order; their effects are merged.
  @inlinable
  public static func buildArray<R: Reducer>(_ reducers: [R]) -> ReducerArray<R>
  where R.State == State, R.Action == Action {
    ReducerArray(reducers)
  }

  /// An empty body: a reducer that does nothing.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> { EmptyReducer() }

  /// The first reducer of a block.
  @inlinable
  public static func buildPartialBlock<R: Reducer>(first: R) -> R
  where R.State == State, R.Action == Action {
    first
  }

  /// The reducers so far, then the next one, in order.
  @inlinable
  public static func buildPartialBlock<First: Reducer, Next: Reducer>(
    accumulated: First, next: Next
  ) -> ReducerSequence<First, Next>
  where First.State == State, First.Action == Action, Next.State == State, Next.Action == Action {
    ReducerSequence(accumulated, next)
  }

  /// A reducer that runs only when its `if` condition held.
  @inlinable
  public static func buildOptional<R: Reducer>(_ wrapped: R?) -> OptionalReducer<R>
  where R.State == State, R.Action == Action {
    OptionalReducer(wrapped)
  }

  /// The `if` branch of an `if`/`else`.
  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(
    first: First
  ) -> ConditionalReducer<First, Second>
  where
    First.State == State, First.Action == Action, Second.State == State,
    Second.Action == Action
  {
    ConditionalReducer(.first(first))
  }

  /// The `else` branch of an `if`/`else`.
  @inlinable
  public static func buildEither<First: Reducer, Second: Reducer>(
    second: Second
  ) -> ConditionalReducer<First, Second>
  where
    First.State == State, First.Action == Action, Second.State == State,
    Second.Action == Action
  {
    ConditionalReducer(.second(second))
  }

  /// A reducer behind an availability check.
  @inlinable
  public static func buildLimitedAvailability<R: Reducer>(_ reducer: R) -> Reduce<State, Action>
  where R.State == State, R.Action == Action {
    Reduce(reducer)
  }

  /// The whole body.
  @inlinable
  public static func buildFinalResult<R: Reducer>(_ reducer: R) -> R
  where R.State == State, R.Action == Action {
    reducer
  }
}

/// Two reducers that run in order; their effects are merged. Built by ``ReducerBuilder``.
public struct ReducerSequence<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  @usableFromInline let first: First
  @usableFromInline let second: Second

  @inlinable
  init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    let firstEffect = first.reduce(into: &state, action: action)
    return firstEffect.merge(with: second.reduce(into: &state, action: action))
  }
}

/// One of two reducers, chosen by an `if/else` when the body was built.
public struct ConditionalReducer<First: Reducer, Second: Reducer>: Reducer
where First.State == Second.State, First.Action == Second.Action {
  @usableFromInline
  enum Branch {
    case first(First)
    case second(Second)
  }
  @usableFromInline let branch: Branch

  @inlinable
  init(_ branch: Branch) {
    self.branch = branch
  }

  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    switch branch {
    case .first(let reducer): return reducer.reduce(into: &state, action: action)
    case .second(let reducer): return reducer.reduce(into: &state, action: action)
    }
  }
}

/// A reducer included by an `if` without `else` when the body was built.
public struct OptionalReducer<Wrapped: Reducer>: Reducer {
  @usableFromInline let wrapped: Wrapped?

  @inlinable
  init(_ wrapped: Wrapped?) {
    self.wrapped = wrapped
  }

  @inlinable
  public func reduce(
    into state: inout Wrapped.State, action: Wrapped.Action
  ) -> Effect<Wrapped.Action> {
    wrapped?.reduce(into: &state, action: action) ?? .none
  }
}

/// The reducers of a `for` loop in a reducer builder, run in order; their effects are merged.
/// Built by ``ReducerBuilder``.
public struct ReducerArray<Element: Reducer>: Reducer {
  @usableFromInline let reducers: [Element]

  @inlinable
  init(_ reducers: [Element]) {
    self.reducers = reducers
  }

  @inlinable
  public func reduce(
    into state: inout Element.State, action: Element.Action
  ) -> Effect<Element.Action> {
    var effect = Effect<Element.Action>.none
    for reducer in reducers {
      effect = effect.merge(with: reducer.reduce(into: &state, action: action))
    }
    return effect
  }
}
