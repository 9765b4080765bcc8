/// Holds a child reducer and evaluates its `body` once, on first use.
///
/// NB: a reducer's default `reduce(into:action:)` rebuilds `body` on every action (allocating
/// closures and case paths each time). Every reducer the library holds goes through this type
/// instead. The evaluation is lazy because features may nest themselves (a recursive tree), so
/// building bodies eagerly would not terminate.
struct CachedReducer<Base: Reducer>: Reducer {
  let base: Base
  private let cache = BodyCache<Base.State, Base.Action>()

  init(_ base: Base) {
    self.base = base
  }

  @inline(__always)
  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    if Base.Body.self == Never.self {
      return base.reduce(into: &state, action: action)
    }
    if let body = cache.body {
      return body.reduce(into: &state, action: action)
    }
    return cache.resolve(base).reduce(into: &state, action: action)
  }
}

/// NB: not `Sendable`: stores run reducers on the main actor, and a reducer value is not shared
/// across isolation domains (the compiler enforces this because this class is not `Sendable`).
final class BodyCache<State, Action> {
  var body: (any Reducer<State, Action>)?

  func resolve<Base: Reducer<State, Action>>(_ base: Base) -> any Reducer<State, Action> {
    let resolved: any Reducer<State, Action> =
      (base.body as? any Reducer<State, Action>) ?? BodylessReducer(base: base)
    body = resolved
    return resolved
  }
}

/// A reducer whose `Body` is not a reducer of its types: it must implement `reduce` itself.
private struct BodylessReducer<Base: Reducer>: Reducer {
  let base: Base
  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    base.reduce(into: &state, action: action)
  }
}
