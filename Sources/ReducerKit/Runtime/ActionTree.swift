/// The effects one action caused: those its reducer started, and those started by the actions
/// those effects sent back, transitively. A ``StoreTask`` waits for and cancels one group.
///
/// NB: `@unchecked Sendable`: every mutable field is read and written only while the lock of
/// `registry` (its `LockedState`) is held; the registry's methods are the only way in.
@usableFromInline
package final class ActionTree: @unchecked Sendable {
  package let registry: EffectRegistry
  // NB: unchecked exclusivity on the fields below: the registry's lock already serializes every
  // access, and the runtime's dynamic checks cost more than the rest of recording an effect.
  /// Effects in flight, plus actions of the group queued in the store and not yet reduced.
  @exclusivity(unchecked) package internal(set) var live = 0
  /// Effects ever started in the group, and how many of them were cancelled.
  @exclusivity(unchecked) package internal(set) var started = 0
  @exclusivity(unchecked) package internal(set) var cancelled = 0
  /// Set by ``StoreTask/cancel()``: effects started in the group later are cancelled at once.
  @exclusivity(unchecked) package internal(set) var isCancelRequested = false
  /// The group's effects in flight (most groups have one: kept inline, see `TokenSet`).
  @exclusivity(unchecked) package internal(set) var tokens: TokenSet = .empty
  /// Resume those waiting for the group (``StoreTask/finish()``).
  @exclusivity(unchecked) var waiters: [@Sendable () -> Void] = []

  @usableFromInline
  package init(registry: EffectRegistry) {
    self.registry = registry
  }

  /// One effect or queued action of the group ended; returns the waiters to resume when it was
  /// the last one.
  func leave() -> [@Sendable () -> Void] {
    live -= 1
    guard live == 0, !waiters.isEmpty else { return [] }
    defer { waiters = [] }
    return waiters
  }
}
