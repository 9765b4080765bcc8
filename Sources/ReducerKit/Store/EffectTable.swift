/// One effect (or `withTaskCancellation` scope) in flight.
package struct EffectEntry: Sendable {
  var handle: EffectHandle
  /// The cancel keys the effect was made cancellable with (each indexed at every prefix of its
  /// path, so that a parent cancelling an ID reaches its descendants).
  var keys: [CancelKey]
  var path: NavigationPath
  /// The action whose reducer started the effect; `nil` for `withTaskCancellation` scopes.
  package var origin: (any Sendable)?
  package var site: SourceSite?
  /// The action tree the effect belongs to (see ``StoreTask``).
  var group: EffectGroup?
  /// Whether something cancelled it (by ID, element, group or store).
  package internal(set) var isCancelled = false
  /// The registry's name for it.
  package internal(set) var token: UInt64 = 0
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

/// The operator site of a navigation element, under its parent element.
package struct ChildSlot: Hashable {
  package var parent: NavigationPath
  package var site: Int
}

/// The registry's tables, guarded by its lock.
///
/// NB: not nested in the registry and not generic: every dictionary operation here is then
/// compiled once, specialized, instead of generically on every call.
struct EffectTable {
  var entries: [UInt64: EffectEntry] = [:]
  /// Effects by cancel key, each key at every prefix of the path it was made at.
  var byKey: [CancelKey: Set<UInt64>] = [:]
  /// Effects by navigation element, each at every element of its path.
  var byElement: [NavigationPath: Set<UInt64>] = [:]
  /// The live elements of each operator site, counted by effects, for sweeps.
  var children: [ChildSlot: [NavigationElement: Int]] = [:]
  /// Per summary bucket, the live elements' summaries, counted by effects.
  var summaryCounts: [[Int: Int]] = Array(repeating: [:], count: 64)
  var isClosed = false
  var observers: [UInt64: @Sendable () -> Void] = [:]
  /// Tokens of effect tasks that finished before their entry was recorded.
  var finishedEarly: Set<UInt64> = []
  /// Tokens of tasks that were started as the registry closed and will never be recorded.
  var abandoned: Set<UInt64> = []
  /// Receives effect events; see ``Store/instrumentation``.
  var instrumentation: StoreInstrumentation?

  /// Records `entry`; returns the summary buckets whose value may have changed.
  mutating func insert(_ entry: EffectEntry, token: UInt64, summary: LiveElementSummary) {
    var entry = entry
    entry.token = token
    entries[token] = entry
    for key in entry.keys {
      for prefix in key.path.prefixes(includingRoot: true) {
        byKey[CancelKey(id: key.id, path: prefix), default: []].insert(token)
      }
    }
    var parent = NavigationPath()
    for element in entry.path.components {
      let path = parent.appending(element)
      byElement[path, default: []].insert(token)
      children[ChildSlot(parent: parent, site: element.site), default: [:]][element, default: 0] +=
        1
      count(element.summary, bucket: LiveElementSummary.bucket(of: element.site), by: 1, summary)
      parent = path
    }
    if let group = entry.group {
      group.live += 1
      group.started += 1
      group.tokens.insert(token)
      if entry.isCancelled { group.cancelled += 1 }
    }
  }

  /// Removes the entry `token`; returns it, and the group waiters to resume if its group is done.
  mutating func remove(
    _ token: UInt64, summary: LiveElementSummary
  ) -> (EffectEntry, [CheckedContinuation<Void, Never>])? {
    guard let entry = entries.removeValue(forKey: token) else { return nil }
    for key in entry.keys {
      for prefix in key.path.prefixes(includingRoot: true) {
        Self.remove(token, from: &byKey, at: CancelKey(id: key.id, path: prefix))
      }
    }
    var parent = NavigationPath()
    for element in entry.path.components {
      let path = parent.appending(element)
      Self.remove(token, from: &byElement, at: path)
      let slot = ChildSlot(parent: parent, site: element.site)
      // NB: changed in place: a copy of the inner dictionary would make each removal cost
      // O(live elements at the slot).
      let remaining = (children[slot]?[element] ?? 1) - 1
      children[slot]?[element] = remaining == 0 ? nil : remaining
      if children[slot]?.isEmpty == true { children[slot] = nil }
      count(element.summary, bucket: LiveElementSummary.bucket(of: element.site), by: -1, summary)
      parent = path
    }
    var waiters: [CheckedContinuation<Void, Never>] = []
    if let group = entry.group {
      group.tokens.remove(token)
      waiters = group.leave()
    }
    shrinkIfSparse()
    return (entry, waiters)
  }

  /// Marks the entries `tokens` cancelled; returns the handles to cancel (outside the lock).
  mutating func cancel(_ tokens: some Sequence<UInt64>) -> [EffectHandle] {
    var handles: [EffectHandle] = []
    for token in tokens {
      guard var entry = entries[token] else { continue }
      handles.append(entry.handle)
      guard !entry.isCancelled else { continue }
      entry.isCancelled = true
      entry.group?.cancelled += 1
      entries[token] = entry
    }
    return handles
  }

  /// The tokens of the effects inside `path`.
  func tokens(inElement path: NavigationPath) -> Set<UInt64> {
    byElement[path] ?? []
  }

  /// The tokens of the effects in elements at `slot` that `keep` rejects.
  func tokens(in slot: ChildSlot, except keep: (NavigationElement) -> Bool) -> [UInt64] {
    guard let live = children[slot] else { return [] }
    var tokens: [UInt64] = []
    for element in live.keys where !keep(element) {
      tokens.append(contentsOf: byElement[slot.parent.appending(element)] ?? [])
    }
    return tokens
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

  private mutating func count(
    _ value: Int, bucket: Int, by delta: Int, _ summary: LiveElementSummary
  ) {
    let remaining = (summaryCounts[bucket][value] ?? 0) + delta
    summaryCounts[bucket][value] = remaining <= 0 ? nil : remaining
    let counts = summaryCounts[bucket]
    let published =
      switch counts.count {
      case 0: 0
      case 1: counts.first!.key
      default: LiveElementSummary.many
      }
    summary.publish(published, bucket: bucket)
  }

  /// NB: removes in place: copying the set out first would make finishing or cancelling each
  /// of N effects sharing a key cost O(N), so N of them O(N²).
  private static func remove<Key: Hashable>(
    _ token: UInt64, from index: inout [Key: Set<UInt64>], at key: Key
  ) {
    guard index[key]?.remove(token) != nil else { return }
    if index[key]?.isEmpty == true { index[key] = nil }
  }

  /// Gives memory back once the work that grew the tables is over: Swift dictionaries keep
  /// their peak capacity, so a store that once ran 100k effects would otherwise hold megabytes
  /// for the rest of its life.
  mutating func shrinkIfSparse() {
    guard entries.capacity > 256, entries.count * 8 < entries.capacity else { return }
    // NB: rebuilt, not copied: a copy keeps the capacity. Amortized O(1): the tables shrink to
    // their size, and are rebuilt again only after it drops eightfold.
    entries = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) })
    byKey = Dictionary(uniqueKeysWithValues: byKey.map { ($0.key, Set($0.value)) })
    byElement = Dictionary(uniqueKeysWithValues: byElement.map { ($0.key, Set($0.value)) })
    children = Dictionary(uniqueKeysWithValues: children.map { ($0.key, $0.value) })
    finishedEarly = Set(finishedEarly)
    abandoned = Set(abandoned)
  }
}
