import Synchronization

/// The shared-value trackers of the session recordings in memory. Every change of a shared value
/// reaches each of them, so that a recorded step reads its `@Shared` fields as they were right
/// after it, not as they are when the recording is read (a state's copy holds the shared
/// value's reference, not its value).
///
/// A recording sees every change, made by any store or effect or outside any: it tells what
/// the session's states were, not what one store did. (A test store's tracker, found through
/// the dependencies, sees only its own feature's changes: it asserts them.)
enum SessionSharedValues {
  /// How many recordings are registered. NB: read before the list, so that a shared value's
  /// write in a test store pays one atomic load while nothing records.
  private static let count = Atomic<Int>(0)
  private static let registered = LockedState<[ObjectIdentifier: SharedChangeTracker]>([:])

  /// The recordings' trackers; `nil` (at once) when no recording is in memory.
  static func recordings() -> [SharedChangeTracker]? {
    guard count.load(ordering: .acquiring) > 0 else { return nil }
    let trackers = registered.withLock { Array($0.values) }
    return trackers.isEmpty ? nil : trackers
  }

  /// The trackers to tell of a change made here: the test store's whose feature runs here, and
  /// every recording's; `nil` when there are none.
  static func trackersOfAChange() -> [SharedChangeTracker]? {
    let testStores = SharedChangeTracker.current
    guard let recordings = recordings() else { return testStores.map { [$0] } }
    return testStores.map { [$0] + recordings } ?? recordings
  }

  static func register(_ tracker: SharedChangeTracker) {
    registered.withLock { registered in
      registered[ObjectIdentifier(tracker)] = tracker
      count.store(registered.count, ordering: .releasing)
    }
  }

  static func unregister(_ tracker: SharedChangeTracker) {
    registered.withLock { registered in
      registered[ObjectIdentifier(tracker)] = nil
      count.store(registered.count, ordering: .releasing)
    }
  }
}
