/// What names a scoped store among its parent's children: the state key path and the action
/// function it was scoped with (and the case function, for a case scope), each by identity.
///
/// Identity, not equality: literal key paths are uniqued by the runtime, and a case reference
/// or closure literal at one call site is the same function value in optimized builds, so the
/// scope a view body repeats finds its store. Equal values made separately (a key path built
/// with `appending`, an unapplied case reference in a debug build) miss and make a new store,
/// which is correct, only not cached. See ``ClosureIdentity``.
@usableFromInline
struct ScopeKey: Equatable {
  @usableFromInline let statePath: ObjectIdentifier
  @usableFromInline let action: ClosureIdentity
  @usableFromInline let caseEmbed: ClosureIdentity

  @inlinable
  init(statePath: AnyKeyPath, action: ClosureIdentity, caseEmbed: ClosureIdentity = .none) {
    self.statePath = ObjectIdentifier(statePath)
    self.action = action
    self.caseEmbed = caseEmbed
  }
}

/// One store in its parent's scope cache (``Store/firstScopeSlot`` and the rest), shared by the
/// parent (to find the store) and the store (to leave the cache when it goes away).
///
/// The store is held weakly: a child store keeps its parent alive (and so its root), never the
/// other way round, so the cache makes no cycle, and a store nobody holds goes away (and leaves
/// the cache from its `deinit`). The slot keeps its key path alive, and its store keeps its
/// closures alive, so no other key path or closure can take the addresses its key was made of
/// while the slot is in the cache.
@MainActor
@usableFromInline
final class ScopeSlot {
  @usableFromInline let key: ScopeKey
  // NB: unchecked exclusivity: main-actor only, never held across a call.
  @exclusivity(unchecked) @usableFromInline weak var store: AnyObject?
  let statePath: AnyKeyPath

  @usableFromInline
  init(key: ScopeKey, store: AnyObject, statePath: AnyKeyPath) {
    self.key = key
    self.store = store
    self.statePath = statePath
  }
}

/// A store whose scope cache a cached child leaves from its `deinit` (through its
/// `parentStore`).
@MainActor
@usableFromInline
protocol ScopeCacheOwner: AnyObject {
  func removeCachedScope(_ slot: ScopeSlot)
}

extension Store: ScopeCacheOwner {
  /// How many stores scoped from this one are cached, for tests.
  package var cachedScopeCount: Int { (firstScopeSlot == nil ? 0 : 1) + moreScopeSlots.count }

  @usableFromInline
  func removeCachedScope(_ slot: ScopeSlot) {
    removeScopeSlot { $0 === slot }
  }

  /// Forgets the store cached under `key`: its state went away, and scoping again once it is
  /// back makes a new store.
  @usableFromInline
  func evictCachedScope(_ key: ScopeKey) {
    removeScopeSlot { $0.key == key }
  }

  private func removeScopeSlot(where matches: (ScopeSlot) -> Bool) {
    if let first = firstScopeSlot, matches(first) {
      firstScopeSlot = moreScopeSlots.popLast()
    } else if let index = moreScopeSlots.firstIndex(where: matches) {
      moreScopeSlots.swapAt(index, moreScopeSlots.count - 1)
      moreScopeSlots.removeLast()
    }
  }

  /// The live store cached under `key`, or else the one `make` returns, cached under `key`.
  @inlinable
  func cachedScope<ChildState, ChildAction: Sendable>(
    _ key: ScopeKey, statePath: AnyKeyPath, make: () -> Store<ChildState, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    if let cached: Store<ChildState, ChildAction> = cachedStore(key) { return cached }
    return cache(make(), key: key, statePath: statePath)
  }

  /// The live store cached under `key` while its state is there (else `nil`, and the cache
  /// forgets it); or else, if `initialState` finds the state, the one `make` returns, cached.
  @inlinable
  func cachedOptionalScope<ChildState, ChildAction: Sendable>(
    _ key: ScopeKey, statePath: AnyKeyPath, initialState: () -> ChildState?,
    make: (ChildState) -> Store<ChildState, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    // NB: while a reducer runs, the slow path reads through `withState`, which warns.
    if !core.family.isReducing, let cached: Store<ChildState, ChildAction> = cachedStore(key) {
      cached.core.syncState()
      if cached.core.isSourcePresent { return cached }
      evictCachedScope(key)
      return nil
    }
    guard let initialState = initialState() else {
      evictCachedScope(key)
      return nil
    }
    return cache(make(initialState), key: key, statePath: statePath)
  }

  /// The live store cached under `key`, if any.
  // NB: a list searched in order, not a dictionary: a store has a handful of scopes, and
  // comparing a few keys costs less than hashing one.
  @inlinable
  func cachedStore<ChildState, ChildAction: Sendable>(
    _ key: ScopeKey
  ) -> Store<ChildState, ChildAction>? {
    guard let first = firstScopeSlot else { return nil }
    if first.key == key { return first.store as? Store<ChildState, ChildAction> }
    var index = 0
    while index < moreScopeSlots.count {
      let slot = moreScopeSlots[index]
      if slot.key == key { return slot.store as? Store<ChildState, ChildAction> }
      index += 1
    }
    return nil
  }

  @usableFromInline
  func cache<ChildState, ChildAction: Sendable>(
    _ child: Store<ChildState, ChildAction>, key: ScopeKey, statePath: AnyKeyPath
  ) -> Store<ChildState, ChildAction> {
    evictCachedScope(key)
    let slot = ScopeSlot(key: key, store: child, statePath: statePath)
    if firstScopeSlot == nil {
      firstScopeSlot = slot
    } else {
      moreScopeSlots.append(slot)
    }
    child.cacheSlot = slot
    return child
  }
}

/// A weak reference to a store.
@MainActor
struct WeakStore<State, Action: Sendable> {
  weak var store: Store<State, Action>?

  init(_ store: Store<State, Action>) {
    self.store = store
  }
}

/// The element stores one collection scope made, by element id, held weakly (see
/// ``ScopeSlot``): scoping the collection again returns the stores still alive for the elements
/// still there.
@MainActor
final class ElementStoreCache<ID: Hashable, ElementState, ElementAction: Sendable> {
  typealias Stores = [ID: WeakStore<ElementState, ElementAction>]
  // NB: unchecked exclusivity: main-actor only, never held across a call.
  @exclusivity(unchecked) var stores: Stores = [:]
}

extension Store {
  /// How many element store caches this store keeps, for tests.
  package var elementStoreCacheCount: Int { elementStoreCaches.count }

  /// The element store cache kept under `key`, made on first use and kept for this store's
  /// life.
  ///
  /// NB: one cache per key path and action code, whatever the action's context: a scope whose
  /// closure gets a new context on each call (a case reference in a debug build) replaces its
  /// cache rather than adding one per call.
  func elementStoreCache<ID: Hashable, ElementState, ElementAction: Sendable>(
    _ key: ScopeKey, statePath: AnyKeyPath
  ) -> ElementStoreCache<ID, ElementState, ElementAction> {
    let index = elementStoreCaches.firstIndex {
      $0.key.statePath == key.statePath && $0.key.action.code == key.action.code
    }
    if let index, elementStoreCaches[index].key == key,
      let cache = elementStoreCaches[index].cache
        as? ElementStoreCache<ID, ElementState, ElementAction>
    {
      return cache
    }
    let cache = ElementStoreCache<ID, ElementState, ElementAction>()
    let entry = ElementCacheEntry(key: key, statePath: statePath, cache: cache)
    if let index {
      elementStoreCaches[index] = entry
    } else {
      elementStoreCaches.append(entry)
    }
    return cache
  }
}

/// One of a store's element store caches, under its key (which its key path keeps unique).
struct ElementCacheEntry {
  let key: ScopeKey
  let statePath: AnyKeyPath
  let cache: AnyObject
}
