import ReducerKit
import Synchronization

/// Which of a test store's effects the test still tracks (``TestStore/skipInFlightEffects(strict:fileID:filePath:line:column:)``
/// stops tracking the ones running), and whether its root feature dismissed itself.
///
/// NB: a class the store shares with its `deinit` (which is not isolated to the main actor) and
/// with the root `dismiss` dependency (called from effects).
@usableFromInline
final class EffectTracking: Sendable {
  private let skipped = LockedState<Set<EffectToken>>([])
  private let dismissed = Atomic(false)
  private let registry = LockedState<EffectRegistry?>(nil)

  /// Connects the tracking to the store's registry, once the store exists.
  func attach(_ registry: EffectRegistry) {
    self.registry.withLock { $0 = registry }
  }

  /// The effects in flight that the test tracks.
  func tracked(in registry: EffectRegistry) -> [EffectEntry] {
    let skipped = self.skipped.withLock { $0 }
    return registry.inFlight.filter { !skipped.contains($0.token) }
  }

  /// Stops tracking `entries`.
  func skip(_ entries: [EffectEntry]) {
    skipped.withLock { $0.formUnion(entries.map(\.token)) }
  }

  /// Whether the root feature called `dismiss()`.
  var isDismissed: Bool { dismissed.load(ordering: .acquiring) }

  /// The root feature called `dismiss()`: the store is done, and its effects are cancelled.
  func dismiss() {
    dismissed.store(true, ordering: .releasing)
    registry.withLock { $0 }?.cancelAll(close: true)
  }
}
