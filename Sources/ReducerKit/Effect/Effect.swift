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
  // NB: every payload is one reference (a box for an `indirect` case, an object for `.run`), so
  // an effect is one word whose layout does not depend on `Action`: returning and destroying
  // `.none`, by far the most common effect, costs nothing in specialized code. A `.run` is held
  // in an object of its own rather than a box so that starting it reads its fields where they
  // are, instead of copying the whole `RunEffect` out of the box (and destroying the copy).
  @usableFromInline
  enum Operation {
    case none
    indirect case send(Action)
    /// Sends the action as ``send`` does, reduced inside `wrap` (for an animation, SwiftUI's
    /// `withAnimation`).
    indirect case sendWrapped(Action, wrap: DeliveryWrapper)
    case run(RunEffectReference<Action>)
    indirect case merge([Effect])
    /// Runs the effects one after another; the task that steps through them belongs to the
    /// navigation element at `path`.
    indirect case concatenate([Effect], path: NavigationPath)
    indirect case cancellable(CancelKey, cancelInFlight: Bool, Effect)
    indirect case cancel(CancelKey)
    /// Runs the effect now, later or never, as the store's throttle window for its key decides.
    indirect case throttle(Throttle, Effect)
    /// Cancels every effect running inside a navigation element (one that was removed).
    indirect case cancelElement(NavigationPath)
    /// Cancels the effects of the children at `site` (under the element at `parent`) that
    /// `keep` does not hold, which were removed without their operator seeing it.
    indirect case cancelElements(parent: NavigationPath, operatorID: Int, keep: ElementFilter)
  }

  @usableFromInline let operation: Operation

  /// The `.run` this effect starts first, when it is one with its own operation (through any
  /// `.cancellable`): the effect whose dependency binding a merge can bind for all of them.
  @inlinable
  var leadingOwnRun: RunEffectReference<Action>? {
    switch operation {
    case .run(let reference):
      if case .own = reference.run.work { return reference }
      return nil
    case .cancellable(_, _, let effect):
      return effect.leadingOwnRun
    default:
      return nil
    }
  }

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
  // NB: inlinable, so that iterating the sequence is specialized: unspecialized, each element
  // came out of the generic iterator through a heap buffer (a malloc per merged effect).
  @inlinable
  public static func merge(_ effects: some Sequence<Self>) -> Self {
    var flattened: [Self] = []
    flattened.reserveCapacity(effects.underestimatedCount)
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
  ///
  /// Leading effects that finish at once (`.send`, `.cancel`, and merges of them) run inside the
  /// `send` that returned the concatenation, before it returns, exactly as if they were merged;
  /// only the first asynchronous step starts a task, which then steps through the rest. If a
  /// step ends cancelled (by its ID, by its navigation element going away, or by the store),
  /// the steps after it never start.
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs a sequence of effects one after another.
  public static func concatenate(_ effects: some Sequence<Self>) -> Self {
    var flattened: [Self] = []
    for effect in effects {
      switch effect.operation {
      case .none: continue
      case .concatenate(let children, let path) where path.isEmpty:
        flattened.append(contentsOf: children)
      default: flattened.append(effect)
      }
    }
    switch flattened.count {
    case 0: return .none
    case 1: return flattened[0]
    default: return Self(.concatenate(flattened, path: NavigationPath()))
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
    scope: NavigationElement?,
    wrapRun: ((RunEffect<NewAction>) -> RunEffect<NewAction>)? = nil
  ) -> Effect<NewAction> {
    func inScope(_ path: NavigationPath) -> NavigationPath {
      guard let scope else { return path }
      return NavigationPath(prefix: scope, rest: path)
    }
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return Effect<NewAction>(.send(transform(action)))
    case .sendWrapped(let action, let wrap):
      return Effect<NewAction>(.sendWrapped(transform(action), wrap: wrap))
    case .run(let reference):
      var mapped = reference.run.map(transform)
      mapped.path = inScope(mapped.path)
      if let wrapRun { mapped = wrapRun(mapped) }
      return Effect<NewAction>(.run(RunEffectReference(mapped)))
    case .merge(let effects):
      return Effect<NewAction>(
        .merge(effects.map { $0.rewrite(transform, scope: scope, wrapRun: wrapRun) })
      )
    case .concatenate(let effects, let path):
      return Effect<NewAction>(
        .concatenate(
          effects.map { $0.rewrite(transform, scope: scope, wrapRun: wrapRun) },
          path: inScope(path)
        )
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
    case .throttle(var throttle, let effect):
      throttle.key = throttle.key.scoped(to: scope)
      return Effect<NewAction>(
        .throttle(throttle, effect.rewrite(transform, scope: scope, wrapRun: wrapRun))
      )
    case .cancelElement(let path):
      return Effect<NewAction>(.cancelElement(inScope(path)))
    case .cancelElements(let parent, let operatorID, let keep):
      return Effect<NewAction>(
        .cancelElements(parent: inScope(parent), operatorID: operatorID, keep: keep))
    }
  }

  /// Whether the effect finishes as soon as the store has processed it: it sends, cancels, or
  /// does nothing, without starting a task.
  @usableFromInline
  package var isSynchronous: Bool {
    switch operation {
    case .none, .send, .sendWrapped, .cancel, .cancelElement, .cancelElements: true
    case .run, .throttle: false
    case .merge(let effects), .concatenate(let effects, _): effects.allSatisfy(\.isSynchronous)
    case .cancellable(_, _, let effect): effect.isSynchronous
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

/// The effect of a feature's reducer, as TCA names it: `EffectOf<Feature>` is
/// `Effect<Feature.Action>`.
///
/// ```swift
/// func load(_ state: inout State) -> EffectOf<Self> { .run { send in … } }
/// ```
public typealias EffectOf<R: Reducer> = Effect<R.Action>
extension Effect.Operation: Sendable where Action: Sendable {}

/// Which children of a navigation operator to keep when cancelling the others' effects.
@usableFromInline
package struct ElementFilter: Sendable {
  @usableFromInline
  package let keeps: @Sendable (NavigationElement) -> Bool

  @usableFromInline
  package init(_ keeps: @escaping @Sendable (NavigationElement) -> Bool) {
    self.keeps = keeps
  }
}

/// Runs the reduction of an action (`deliver`) inside something, such as SwiftUI's
/// `withAnimation`: what ``Effect/send(_:animation:)`` and ``Effect/animation(_:)`` hand the
/// store.
@usableFromInline
package typealias DeliveryWrapper = @MainActor @Sendable (_ deliver: () -> Void) -> Void
