/// What names a scoped store among its parent's children: the state key path and the action
/// function it was scoped with (and the case function, for a case scope), each by identity.
///
/// Identity, not equality: literal key paths are uniqued by the runtime, and a case reference
/// or closure literal at one call site is the same function value in optimized builds, so the
/// scope a view body repeats finds its store. Equal values made separately (a key path built
/// with `appending`, an unapplied case reference in a debug build, a case reference or closure
/// written at another call site, which is another function) miss and make a new store,
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

/// One store in its parent's scope cache (``Store/firstScope`` and ``Store/moreScopes``): its
/// key, and the store, unretained.
///
/// The store is not retained: a child store keeps its parent alive (and so its root), never the
/// other way round, so the cache makes no cycle, and a store nobody holds goes away (and leaves
/// the cache from its `deinit`, found by its address). The store keeps its key path
/// (``Store/scopeKeyPath``) and its closures alive, so no other key path or closure can take the
/// addresses its key was made of while its entry is in the cache.
///
/// NB: with the fast paths, a trivial value (no references), so that looking a scope up retains
/// nothing but the store it finds; the store is not `weak` (see ``UnretainedReference``): sound
/// because a store removes its entry from its parent's cache in its `deinit`, before its memory
/// is freed.
@usableFromInline
struct ScopeEntry {
  @usableFromInline let key: ScopeKey
  @usableFromInline let store: UnretainedReference

  @usableFromInline
  init(key: ScopeKey, store: AnyObject) {
    self.key = key
    self.store = UnretainedReference(store)
  }
}

/// A store whose scope cache a cached child leaves from its `deinit` (through its
/// `parentStore`).
@MainActor
@usableFromInline
protocol ScopeCacheOwner: AnyObject {
  func removeCachedScope(_ store: ObjectIdentifier)
}

extension Store: ScopeCacheOwner {
  /// How many stores scoped from this one are cached, for tests.
  package var cachedScopeCount: Int { (firstScope == nil ? 0 : 1) + moreScopes.count }

  @usableFromInline
  func removeCachedScope(_ store: ObjectIdentifier) {
    removeScope { $0.store.refers(to: store) }
  }

  /// Forgets the store cached under `key`: its state went away, and scoping again once it is
  /// back makes a new store.
  @usableFromInline
  func evictCachedScope(_ key: ScopeKey) {
    removeScope { $0.key == key }
  }

  private func removeScope(where matches: (ScopeEntry) -> Bool) {
    if let first = firstScope, matches(first) {
      firstScope = moreScopes.popLast()
    } else if let index = moreScopes.firstIndex(where: matches) {
      moreScopes.swapAt(index, moreScopes.count - 1)
      moreScopes.removeLast()
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
    guard let first = firstScope else { return nil }
    if first.key == key { return first.store.load() as? Store<ChildState, ChildAction> }
    var index = 0
    while index < moreScopes.count {
      let entry = moreScopes[index]
      if entry.key == key { return entry.store.load() as? Store<ChildState, ChildAction> }
      index += 1
    }
    return nil
  }

  @usableFromInline
  func cache<ChildState, ChildAction: Sendable>(
    _ child: Store<ChildState, ChildAction>, key: ScopeKey, statePath: AnyKeyPath
  ) -> Store<ChildState, ChildAction> {
    evictCachedScope(key)
    let entry = ScopeEntry(key: key, store: child)
    if firstScope == nil {
      firstScope = entry
    } else {
      moreScopes.append(entry)
    }
    child.scopeKeyPath = statePath
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
/// ``ScopeEntry``): scoping the collection again returns the stores still alive for the elements
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
