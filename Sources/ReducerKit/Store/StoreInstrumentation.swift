/// Receives what a store does, for logs and metrics: the role signposts play on Apple
/// platforms, on every platform.
///
/// ```swift
/// store.instrumentation = StoreInstrumentation { event in
///   switch event {
///   case .actionReduced(let action, let duration):
///     metrics.record("reduce", duration, tags: ["action": "\(action)"])
///   case .effectStarted(let effect), .effectFinished(let effect), .effectCancelled(let effect):
///     logger.debug("\(event.name) effect \(effect.id) of \(effect.action)")
///   }
/// }
/// ```
///
/// A store without instrumentation pays one check per action and per effect. Reduce events
/// arrive on the main actor, synchronously, as the store works; effect events arrive on whatever
/// thread the effect ran on, so the handler must be quick and thread-safe.
public struct StoreInstrumentation: Sendable {
  let handler: @Sendable (StoreEvent) -> Void

  /// Instrumentation that passes every event to `handler`.
  public init(_ handler: @escaping @Sendable (StoreEvent) -> Void) {
    self.handler = handler
  }
}

/// Something a store did, reported to its ``StoreInstrumentation``.
public enum StoreEvent: Sendable {
  /// The root reducer reduced `action` (the whole composition, child reducers included).
  case actionReduced(action: any Sendable, duration: Duration)
  /// An effect's task started.
  case effectStarted(EffectInfo)
  /// An effect ended: it returned, threw, or stopped after being cancelled.
  case effectFinished(EffectInfo)
  /// An effect was asked to stop (by `.cancel(id:)`, a dismissal, `cancelEffects()`, the
  /// store's release…); its `effectFinished` follows once it has stopped.
  case effectCancelled(EffectInfo)

  /// A short name for the event: `reduced`, `started`, `finished` or `cancelled`.
  public var name: String {
    switch self {
    case .actionReduced: "reduced"
    case .effectStarted: "started"
    case .effectFinished: "finished"
    case .effectCancelled: "cancelled"
    }
  }
}

/// Which effect an event is about.
public struct EffectInfo: Sendable {
  /// Identifies the effect among those of its store.
  public let id: UInt64
  /// The action whose reducer returned the effect.
  public let action: any Sendable
  /// Where the effect's `.run` was written.
  public let fileID: StaticString
  /// The line of that `.run`.
  public let line: UInt
  /// The effect's `Send`, by identity: a recording names the effect an action came from by it.
  let sourceID: ObjectIdentifier?
}

extension Store {
  /// Receives every action this store (and every store scoped from its root) reduces, with how
  /// long it took, and every effect start, cancellation and finish. `nil` (the default) turns
  /// it off.
  public var instrumentation: StoreInstrumentation? {
    get { core.family.instrumentation }
    set { core.family.instrumentation = newValue }
  }
}
