/// One effect (or `withTaskCancellation` scope) in flight.
package struct EffectEntry: Sendable {
  var handle: EffectHandle
  var keys: [CancelKey]
  var path: NavigationPath
  /// The action whose reducer started the effect; `nil` for `withTaskCancellation` scopes.
  package var origin: (any Sendable)?
  package var site: SourceSite?
}

/// How to cancel an entry.
enum EffectHandle: Sendable {
  case task(Task<Void, Never>)
  case cancel(@Sendable () -> Void)

  func cancel() {
    switch self {
    case .task(let task): task.cancel()
    case .cancel(let cancel): cancel()
    }
  }
}

/// The registry's tables, guarded by its lock.
///
/// NB: not nested in the generic registry: nested, every dictionary operation on it would be
/// compiled generically (metadata lookups on each call, a few microseconds per effect).
struct EffectTable {
  var entries: [UInt64: EffectEntry] = [:]
  var byKey: [CancelKey: [UInt64]] = [:]
  var byElement: [NavigationPath: [UInt64]] = [:]
  var isClosed = false
  var observers: [UInt64: @Sendable () -> Void] = [:]
  var throttles: [CancelKey: ThrottleState] = [:]
  /// Tokens of effect tasks that finished before their entry was recorded.
  var finishedEarly: Set<UInt64> = []
  /// Receives effect events; see ``Store/instrumentation``.
  var instrumentation: StoreInstrumentation?

  func handles(for key: CancelKey) -> [EffectHandle] {
    (byKey[key] ?? []).compactMap { entries[$0]?.handle }
  }

  /// The effect `token` names, for instrumentation (`nil` for a `withTaskCancellation` scope).
  func effectInfo(_ token: UInt64) -> EffectInfo? {
    guard let entry = entries[token], let origin = entry.origin else { return nil }
    return EffectInfo(
      id: token, action: origin, fileID: entry.site?.fileID ?? "", line: entry.site?.line ?? 0)
  }

  /// The effects among `tokens`, when instrumentation wants to hear of their cancellation.
  func cancelledEffects(_ tokens: some Sequence<UInt64>) -> [EffectInfo] {
    guard instrumentation != nil else { return [] }
    return tokens.compactMap(effectInfo)
  }

  mutating func insert(_ entry: EffectEntry, token: UInt64) {
    entries[token] = entry
    for key in entry.keys { byKey[key, default: []].append(token) }
    if !entry.path.isEmpty {
      for prefix in entry.path.prefixes { byElement[prefix, default: []].append(token) }
    }
  }

  mutating func remove(_ token: UInt64) {
    guard let entry = entries.removeValue(forKey: token) else { return }
    for key in entry.keys { Self.remove(token, from: &byKey, at: key) }
    if !entry.path.isEmpty {
      for prefix in entry.path.prefixes { Self.remove(token, from: &byElement, at: prefix) }
    }
  }

  private static func remove<Key: Hashable>(
    _ token: UInt64, from index: inout [Key: [UInt64]], at key: Key
  ) {
    guard var tokens = index[key] else { return }
    tokens.removeAll { $0 == token }
    index[key] = tokens.isEmpty ? nil : tokens
  }
}
