/// The effect bookkeeping of one root store, as a state machine: a value that owns every table
/// and answers each event (an effect recorded, finished, cancelled; the store closed) with what
/// its caller must do once the lock is released: cancel these handles, resume these waiters,
/// call these observers, report these events.
///
/// It never creates, awaits or cancels a task itself, so every transition is unit-tested without
/// one. ``EffectRegistry`` is the thin executor around it: it owns the lock, mints tokens, creates
/// the tasks and performs the outcomes.
///
/// NB: not nested in the registry and not generic: every dictionary operation here is then
/// compiled once, specialized, instead of generically on every call.
package struct EffectStateMachine {
  package private(set) var entries: [EffectToken: EffectEntry] = [:]
  /// Effects by cancel key, each key at every prefix of the path it was made at, under the key's
  /// hash (effects of keys sharing a hash are told apart when cancelled).
  package private(set) var byKey: [CancelKey.TableHash: TokenSet] = [:]
  /// Effects by navigation element, each at every element of its path.
  package private(set) var byElement: [NavigationPath: TokenSet] = [:]
  /// The live elements of each operator site, counted by effects, for sweeps.
  package private(set) var children: [ChildRegistryKey: [NavigationElement: Int]] = [:]
  /// Per summary bucket, the live elements' summaries, counted by effects.
  package private(set) var summaryCounts: [[Int: Int]] = Array(repeating: [:], count: 64)
  package private(set) var isClosed = false
  package private(set) var observers: [EffectToken: @Sendable () -> Void] = [:]
  /// Receives effect events; see ``Store/instrumentation``.
  package var instrumentation: StoreInstrumentation?
  /// Which navigation elements have effects in flight, published for lock-free reads.
  package let summary: LiveElementSummary

  package init(summary: LiveElementSummary) {
    self.summary = summary
  }

  /// Whether every table is empty: nothing in flight.
  package var isEmpty: Bool {
    entries.isEmpty && byKey.isEmpty && byElement.isEmpty && children.isEmpty
      && summaryCounts.allSatisfy(\.isEmpty)
  }

  // MARK: - Outcomes

  /// What recording an effect, before its task is created, asks for.
  package enum StartOutcome: Equatable {
    /// Recorded; create its task.
    case recorded
    /// Recorded in an action tree whose cancellation was requested: its task is cancelled as
    /// it is attached (`EffectEntry.attach(_:)` says so).
    case recordedCancelled
    /// The store is closed: nothing was recorded, and no task must be created.
    case refused
  }

  /// Handles to cancel and cancellations to report, outside the lock.
  package struct Cancellation {
    package var handles: [EffectHandle] = []
    package var cancelled: [EffectInfo] = []
    package var instrumentation: StoreInstrumentation?
  }

  /// What an effect's end asks for, outside the lock.
  package struct Completion {
    /// The effect, when instrumentation wants to hear that it finished.
    package var finished: EffectInfo?
    package var instrumentation: StoreInstrumentation?
    /// Waiters of its action tree, when it was the tree's last effect.
    package var waiters: [@Sendable () -> Void] = []
    package var observers: [@Sendable () -> Void] = []
    /// The entry taken out of the tables, handed out so that it is destroyed (its keys, its
    /// handle, its references released) after the lock, not while other effects wait for it.
    package var removed: EffectEntry?
  }

  // MARK: - Events

  /// An effect (or a task of the store's own) about to create its task was recorded with
  /// `token`; its handle stays `.pending` until its task is attached (`EffectEntry.attach(_:)`).
  ///
  /// NB: recorded before its task exists, an effect is found by a cancellation that comes from
  /// another thread meanwhile (an effect cancelling its own ID at once), and its task cannot
  /// end before its entry exists; so a finish always finds its entry, and nothing has to be
  /// remembered for tasks that end early or start as the store closes.
  package mutating func reserve(_ entry: EffectEntry, token: EffectToken)
    -> StartOutcome
  {
    guard !isClosed else { return .refused }
    let isCancelled = entry.group?.isCancelRequested ?? false
    if isCancelled { entry.cancelOnAttach() }
    insert(entry, token: token)
    return isCancelled ? .recordedCancelled : .recorded
  }

  /// Makes room for `count` effects about to be recorded in `group` (a merge starting them):
  /// grown one effect at a time, the tables rehashed what they held at each doubling.
  package mutating func reserveCapacity(forEffects count: Int, in group: ActionTree) {
    guard !isClosed else { return }
    entries.reserveCapacity(entries.count + count)
    group.tokens.reserveCapacity(count)
  }

  /// A `withTaskCancellation` scope began: recorded under `key`, after the effects already
  /// there are cancelled when `cancelInFlight`. Once closed, the scope is cancelled at once.
  package mutating func enterScope(
    _ key: CancelKey, cancelInFlight: Bool, handle: EffectHandle, token: EffectToken
  ) -> Cancellation {
    guard !isClosed else { return Cancellation(handles: [handle]) }
    let cancellation = cancelInFlight ? cancel(key) : Cancellation()
    insert(
      EffectEntry(handle: handle, keys: [key], path: key.path, origin: nil),
      token: token)
    return cancellation
  }

  /// The effect (or scope) `token` ended: its task returned, cancelled or not. A token with no
  /// entry (a scope refused as the store closed) ends nothing.
  package mutating func finish(_ token: EffectToken) -> Completion {
    var completion = Completion(instrumentation: instrumentation)
    if instrumentation != nil { completion.finished = effectInfo(token) }
    if let (waiters, entry) = remove(token) {
      completion.waiters = waiters
      completion.removed = entry
    }
    if !observers.isEmpty { completion.observers = Array(observers.values) }
    return completion
  }

  /// Cancels the effects made cancellable with `key`, in its element and every element inside.
  package mutating func cancel(_ key: CancelKey) -> Cancellation {
    var cancellation = Cancellation(instrumentation: instrumentation)
    cancel(key, into: &cancellation)
    return cancellation
  }

  /// Cancels the effects made cancellable with each of `keys`, in order: one event for a run of
  /// `.cancel` effects merged together.
  package mutating func cancel(_ keys: [CancelKey]) -> Cancellation {
    var cancellation = Cancellation(instrumentation: instrumentation)
    for key in keys {
      cancel(key, into: &cancellation)
    }
    return cancellation
  }

  /// Cancels the effects under `key`'s hash that `key` reaches.
  ///
  /// NB: the loop of ``cancel(tokens:)`` written again with the check of `key`: one loop taking
  /// an optional key cost every cancelled effect the optional's checks.
  private mutating func cancel(_ key: CancelKey, into cancellation: inout Cancellation) {
    guard let tokens = byKey[key.tableHash] else { return }
    for token in tokens {
      guard let entry = entries[token], let handle = entry.cancel(ifReachedBy: key) else {
        continue
      }
      if instrumentation != nil, let info = entry.info {
        cancellation.cancelled.append(info)
      }
      cancellation.handles.append(handle)
    }
  }

  /// Cancels every effect that runs inside the navigation element `path` (or deeper).
  package mutating func cancel(element path: NavigationPath) -> Cancellation {
    cancel(tokens: byElement[path] ?? .empty)
  }

  /// Cancels the effects of the elements at `slot` that `keep` rejects.
  package mutating func cancelElements(
    in slot: ChildRegistryKey, except keep: (NavigationElement) -> Bool
  ) -> Cancellation {
    guard let live = children[slot] else { return Cancellation() }
    var tokens: [EffectToken] = []
    for element in live.keys where !keep(element) {
      tokens.append(contentsOf: byElement[slot.parent.appending(element)] ?? .empty)
    }
    return cancel(tokens: tokens)
  }

  /// Cancels every effect of `group`; those it records later are cancelled as they start.
  package mutating func cancel(_ group: ActionTree) -> Cancellation {
    group.isCancelRequested = true
    return cancel(tokens: group.tokens)
  }

  /// Cancels every effect in flight; with `close`, effects started later are refused.
  package mutating func cancelAll(close: Bool) -> Cancellation {
    if close { isClosed = true }
    return cancel(tokens: entries.keys.sorted())
  }

  /// Someone waits for `group`: returns `false`, keeping `waiter`, while it has work left.
  package mutating func wait(for group: ActionTree, _ waiter: @escaping @Sendable () -> Void)
    -> Bool
  {
    guard group.live > 0 else { return false }
    group.waiters.append(waiter)
    return true
  }

  /// An action of `group` was queued in the store: the group is live until it is reduced.
  package mutating func retain(_ group: ActionTree) {
    group.live += 1
  }

  /// A queued action of `group` was reduced (or dropped); returns the waiters to resume.
  package mutating func release(_ group: ActionTree) -> [@Sendable () -> Void] {
    group.leave()
  }

  /// Whether `group` was cancelled, or every effect it started was.
  package func isCancelled(_ group: ActionTree) -> Bool {
    group.isCancelRequested || group.started == group.cancelled
  }

  package mutating func addObserver(_ observer: @escaping @Sendable () -> Void, token: EffectToken)
  {
    observers[token] = observer
  }

  package mutating func removeObserver(_ token: EffectToken) {
    observers[token] = nil
  }

  // MARK: - Tables

  private mutating func insert(_ entry: EffectEntry, token: EffectToken) {
    entry.token = token
    for key in entry.keys {
      key.forEachPrefix { byKey.insert(token, at: $0.tableHash) }
    }
    var parent = NavigationPath()
    for element in entry.path.components {
      let path = parent.appending(element)
      byElement.insert(token, at: path)
      children[ChildRegistryKey(parent: parent, operatorID: element.operatorID), default: [:]][
        element, default: 0] +=
        1
      count(element.summary, bucket: LiveElementSummary.bucket(of: element.operatorID), by: 1)
      parent = path
    }
    if let group = entry.group {
      group.live += 1
      group.started += 1
      group.tokens.insert(token)
      if entry.isCancelled { group.cancelled += 1 }
    }
    entries[token] = entry
  }

  /// Removes the entry `token`; returns the waiters of its group to resume (empty unless it was
  /// the group's last effect) and the entry, or `nil` when there is no such entry.
  private mutating func remove(_ token: EffectToken) -> ([@Sendable () -> Void], EffectEntry)? {
    guard let entry = entries.removeValue(forKey: token) else { return nil }
    for key in entry.keys {
      key.forEachPrefix { byKey.remove(token, at: $0.tableHash) }
    }
    var parent = NavigationPath()
    for element in entry.path.components {
      let path = parent.appending(element)
      byElement.remove(token, at: path)
      let slot = ChildRegistryKey(parent: parent, operatorID: element.operatorID)
      // NB: changed in place: a copy of the inner dictionary would make each removal cost
      // O(live elements at the slot).
      let remaining = (children[slot]?[element] ?? 1) - 1
      children[slot]?[element] = remaining == 0 ? nil : remaining
      if children[slot]?.isEmpty == true { children[slot] = nil }
      count(element.summary, bucket: LiveElementSummary.bucket(of: element.operatorID), by: -1)
      parent = path
    }
    var waiters: [@Sendable () -> Void] = []
    if let group = entry.group {
      group.tokens.remove(token)
      waiters = group.leave()
    }
    shrinkIfSparse()
    return (waiters, entry)
  }

  /// Marks the entries `tokens` cancelled.
  private mutating func cancel(tokens: some Sequence<EffectToken>) -> Cancellation {
    var cancellation = Cancellation(instrumentation: instrumentation)
    for token in tokens {
      guard let entry = entries[token] else { continue }
      if instrumentation != nil, let info = entry.info {
        cancellation.cancelled.append(info)
      }
      cancellation.handles.append(entry.cancel())
    }
    return cancellation
  }

  /// The effect `token` names, for instrumentation (`nil` for a `withTaskCancellation` scope).
  package func effectInfo(_ token: EffectToken) -> EffectInfo? {
    entries[token]?.info
  }

  private mutating func count(_ value: Int, bucket: Int, by delta: Int) {
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
  /// Gives memory back once the work that grew the tables is over: Swift dictionaries keep
  /// their peak capacity, so a store that once ran 100k effects would otherwise hold megabytes
  /// for the rest of its life.
  private mutating func shrinkIfSparse() {
    guard entries.capacity > 256 else { return }
    if entries.isEmpty {
      // NB: the usual end of a burst: every table that names tokens is empty too, and new ones
      // cost nothing to make.
      entries = [:]
      byKey = [:]
      byElement = [:]
      children = [:]
      return
    }
    guard entries.count * 32 < entries.capacity else { return }
    // NB: rebuilt, not copied: a copy keeps the capacity. Amortized O(1): the tables shrink to
    // their size, and are rebuilt again only after it drops 32-fold (each entry rebuilt costs
    // about as much as a few effects finishing).
    entries = Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) })
    byKey = Dictionary(uniqueKeysWithValues: byKey.map { ($0.key, $0.value.compacted) })
    byElement = Dictionary(uniqueKeysWithValues: byElement.map { ($0.key, $0.value.compacted) })
    children = Dictionary(uniqueKeysWithValues: children.map { ($0.key, $0.value) })
  }
}
