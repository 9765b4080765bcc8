/// A feature's logic: how its state changes in response to actions, and which effects run.
///
/// Implement exactly one of ``reduce(into:action:)`` and ``body``:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable, Sendable { var count = 0 }
///   enum Action: Sendable { case incrementTapped, decrementTapped }
///
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       switch action {
///       case .incrementTapped: state.count += 1
///       case .decrementTapped: state.count -= 1
///       }
///       return .none
///     }
///   }
/// }
/// ```
///
/// A store evaluates a reducer's `body` once and reuses it; `body` must therefore describe the
/// reducer from its stored properties only. Read dependencies inside reducers and effects, not
/// while building the body.
///
/// > Important: A type that implements both is a mistake (TCA's macro rejects it). The store
/// > warns once, at the first action, and runs `reduce(into:action:)` — as a direct call would —
/// > never `body`. When `State` and `Action` are known only from `reduce`'s signature (no nested
/// > types or typealiases), Swift itself takes the protocol's empty `body`, and the type's own
/// > `body` is an unrelated property the store cannot see.
public protocol Reducer<State, Action> {
  /// The feature's state.
  associatedtype State
  /// Everything that can happen in the feature.
  associatedtype Action
  /// The reducer built by ``body``; `Never` for reducers that implement ``reduce(into:action:)``.
  associatedtype Body

  /// Changes `state` for `action` and returns the effects to run.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducer, composed from other reducers.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

/// A reducer with the state and action of `R`: the usual return type of `body`.
///
/// ```swift
/// var body: some ReducerOf<Self> { … }
/// ```
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body.
  public var body: Body {
    fatalError(
      """
      "\(Self.self)" implements "reduce(into:action:)"; its "body" must not be called.
      """
    )
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``body``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if let storage = BodyProbe.claim(for: Self.self) {
      // The store's first action: build the body it keeps.
      let body = storage.body(as: Body.self) ?? storage.build(self.body)
      return body.pointee.reduceInPlace(into: &state, action: action)
    }
    return body.reduce(into: &state, action: action)
  }
}
