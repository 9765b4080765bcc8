/// The effects an action sent to a store caused: the ones its reducer started, and the ones
/// started by the actions those effects sent back, and so on.
///
/// Await ``finish()`` to wait until the whole tree is done (the "send and wait" idiom, for
/// example behind a pull-to-refresh), or ``cancel()`` it:
///
/// ```swift
/// await store.send(.view(.refreshPulled)).finish()
/// ```
///
/// If `.refreshPulled` starts a request whose response action starts another request, `finish()`
/// returns after the second request is done, and `cancel()` stops both.
public struct StoreTask: Hashable, Sendable {
  @usableFromInline let group: ActionTree?

  /// A task of no effects.
  @inlinable
  package init() {
    group = nil
  }

  @usableFromInline
  init(group: ActionTree?) {
    self.group = group
  }

  /// Waits until every effect of the tree has finished. Cancelling the waiting task cancels
  /// them.
  public func finish() async {
    guard let group else { return }
    await withTaskCancellationHandler {
      await group.registry.wait(for: group)
    } onCancel: {
      group.registry.cancel(group)
    }
  }

  /// Waits until every effect of the tree has finished, as ``finish()`` does: TCA's
  /// `await store.send(.x).value`.
  public var value: Void {
    get async { await finish() }
  }

  /// Cancels the effects of the tree, and any it would start later.
  public func cancel() {
    guard let group else { return }
    group.registry.cancel(group)
  }

  /// Whether the tree was cancelled: ``cancel()`` was called, or every effect it started was
  /// cancelled (true when it started none).
  public var isCancelled: Bool {
    guard let group else { return true }
    return group.registry.isCancelled(group)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.group === rhs.group
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(group.map(ObjectIdentifier.init))
  }
}
