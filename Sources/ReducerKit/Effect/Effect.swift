/// Work a reducer asks the store to do after it changes state: actions to send, asynchronous
/// operations to run, effects to cancel.
///
/// Build effects with the static constructors and combine them:
///
/// ```swift
/// case .view(.factTapped):
///   state.isLoadingFact = true
///   return .run { [count = state.count, numberFact] send in
///     await send(.internal(.factResponse(Result { try await numberFact.fetch(count) })))
///   }
///   .cancellable(id: CancelID.fact, cancelInFlight: true)
/// ```
///
/// An `Effect` is `Sendable` whenever its `Action` is; a store requires `Sendable` actions.
public struct Effect<Action> {
  // NB: every payload is boxed (indirect), so an effect is one word whose layout does not
  // depend on `Action`: returning and destroying `.none`, by far the most common effect, costs
  // nothing in specialized code.
  @usableFromInline
  indirect enum Operation {
    case none
    case send(Action)
    case run(RunEffect<Action>)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(CancelKey, cancelInFlight: Bool, Effect)
    case cancel(CancelKey)
    /// Cancels every effect running inside a navigation element (one that was removed).
    case cancelElement(NavigationPath)
  }

  @usableFromInline let operation: Operation

  @inlinable
  init(_ operation: Operation) {
    self.operation = operation
  }

  /// An effect that does nothing.
  @inlinable
  public static var none: Self { Self(.none) }

  /// An effect that sends `action` back into the store synchronously: it is reduced before the
  /// `send` that produced this effect returns, after the action being reduced.
  ///
  /// ```swift
  /// case .view(.saveTapped):
  ///   return .send(.delegate(.saved))
  /// ```
  @inlinable
  public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// Runs effects at the same time.
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs a sequence of effects at the same time.
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    var flattened: [Self] = []
    for effect in effects {
      switch effect.operation {
      case .none: continue
      case .merge(let children): flattened.append(contentsOf: children)
      default: flattened.append(effect)
      }
    }
    switch flattened.count {
    case 0: return .none
    case 1: return flattened[0]
    default: return Self(.merge(flattened))
    }
  }

  /// Runs this effect and `other` at the same time.
  @inlinable
  public func merge(with other: Self) -> Self {
    // NB: composed reducers merge on every action; most effects are `.none`, so skip the array.
    if isNone { return other }
    if other.isNone { return self }
    return Self(.merge([self, other]))
  }

  /// Runs effects one after another: each starts when the previous one has finished.
  ///
  /// ```swift
  /// return .concatenate(.send(.internal(.willSave)), .run { _ in try await save() })
  /// ```
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs a sequence of effects one after another.
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    var flattened: [Self] = []
    for effect in effects {
      switch effect.operation {
      case .none: continue
      case .concatenate(let children): flattened.append(contentsOf: children)
      default: flattened.append(effect)
      }
    }
    switch flattened.count {
    case 0: return .none
    case 1: return flattened[0]
    default: return Self(.concatenate(flattened))
    }
  }

  /// Runs `other` after this effect has finished.
  public func concatenate(with other: Self) -> Self {
    if isNone { return other }
    if other.isNone { return self }
    return .concatenate([self, other])
  }

  /// Transforms the actions this effect sends, as a parent does with a child's effects.
  ///
  /// ```swift
  /// return Child().reduce(into: &state.child, action: childAction).map(Action.child)
  /// ```
  public func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    rewrite(transform, scope: nil)
  }

  /// Maps actions and, when `scope` is given, moves every effect (and its cancel IDs) into
  /// that navigation element, so `ifLet` and `forEach` can cancel them with the element.
  package func rewrite<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction,
    scope: AnyHashableSendable?,
    wrapRun: ((RunEffect<NewAction>) -> RunEffect<NewAction>)? = nil
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return Effect<NewAction>(.send(transform(action)))
    case .run(let run):
      var mapped = run.map(transform)
      if let scope { mapped.path = NavigationPath(prefix: scope, rest: mapped.path) }
      if let wrapRun { mapped = wrapRun(mapped) }
      return Effect<NewAction>(.run(mapped))
    case .merge(let effects):
      return Effect<NewAction>(
        .merge(effects.map { $0.rewrite(transform, scope: scope, wrapRun: wrapRun) })
      )
    case .concatenate(let effects):
      return Effect<NewAction>(
        .concatenate(effects.map { $0.rewrite(transform, scope: scope, wrapRun: wrapRun) })
      )
    case .cancellable(let key, let cancelInFlight, let effect):
      return Effect<NewAction>(
        .cancellable(
          key.scoped(to: scope), cancelInFlight: cancelInFlight,
          effect.rewrite(transform, scope: scope, wrapRun: wrapRun)
        )
      )
    case .cancel(let key):
      return Effect<NewAction>(.cancel(key.scoped(to: scope)))
    case .cancelElement(let path):
      guard let scope else { return Effect<NewAction>(.cancelElement(path)) }
      return Effect<NewAction>(.cancelElement(NavigationPath(prefix: scope, rest: path)))
    }
  }

  /// Whether the effect does nothing.
  @inlinable
  package var isNone: Bool {
    if case .none = operation { return true }
    return false
  }
}

extension Effect: Sendable where Action: Sendable {}
extension Effect.Operation: Sendable where Action: Sendable {}
