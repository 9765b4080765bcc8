/// One effect (or `withTaskCancellation` scope) in flight.
package struct EffectEntry: Sendable {
  package var handle: EffectHandle
  /// The cancel keys the effect was made cancellable with (each indexed at every prefix of its
  /// path, so that a parent cancelling an ID reaches its descendants).
  package var keys: [CancelKey]
  package var path: NavigationPath
  /// What started the effect: the action and the site, read only for instrumentation and for a
  /// test store's report of effects still running; `nil` for `withTaskCancellation` scopes.
  ///
  /// NB: a reference to the effect's lifetime, an object the effect has anyway, which holds
  /// the action and the site once: copies of them here made every entry of the table 40 bytes
  /// larger.
  package var source: (any EffectSource)?
  /// The action tree the effect belongs to (see ``StoreTask``).
  package var group: ActionTree?
  /// Whether something cancelled it (by ID, element, group or store).
  package internal(set) var isCancelled = false
  /// The registry's name for it.
  package internal(set) var token: EffectToken = 0

  package init(
    handle: EffectHandle, keys: [CancelKey], path: NavigationPath, source: (any EffectSource)?,
    group: ActionTree? = nil
  ) {
    self.handle = handle
    self.keys = keys
    self.path = path
    self.source = source
    self.group = group
  }

  /// An entry that names its origin directly, without a site (for tests).
  package init(
    handle: EffectHandle, keys: [CancelKey], path: NavigationPath, origin: (any Sendable)?,
    group: ActionTree? = nil
  ) {
    self.init(
      handle: handle, keys: keys, path: path, source: origin.map(EffectStarter.init),
      group: group)
  }

  /// The action whose reducer started the effect; `nil` for `withTaskCancellation` scopes.
  package var origin: (any Sendable)? { source?.originAction }

  /// Where the effect was created, when known.
  package var site: CallSite? { source?.originSite }
}

/// What started an effect, as its entry reports it.
@usableFromInline
package protocol EffectSource: AnyObject, Sendable {
  /// The action whose reducer returned the effect.
  var originAction: any Sendable { get }
  /// Where the effect was created, when known.
  var originSite: CallSite? { get }
}

/// The origin of a task the store starts for itself (a concatenation's steps, a throttled
/// effect's wait), which has no effect lifetime to name it, nor a site of its own.
package final class EffectStarter: EffectSource {
  package let originAction: any Sendable

  package init(_ action: any Sendable) {
    originAction = action
  }

  package var originSite: CallSite? { nil }
}

extension EffectEntry {
  /// Hands the entry its task's handle; returns whether it was cancelled meanwhile.
  ///
  /// NB: a mutating method, so that the table changes and reads the entry where it lives: a
  /// field read through `Dictionary.Values`' subscript copies the whole entry first.
  mutating func attach(_ handle: EffectHandle) -> Bool {
    self.handle = handle
    return isCancelled
  }

  /// Marks the entry cancelled (counting it in its action tree the first time); returns the
  /// handle to cancel.
  mutating func cancel() -> EffectHandle {
    if !isCancelled {
      isCancelled = true
      group?.cancelled += 1
    }
    return handle
  }

  /// Marks the entry cancelled, as ``cancel()``, when `key` reaches one of its keys; returns the
  /// handle to cancel then, `nil` for an effect only filed under the same hash.
  mutating func cancel(ifReachedBy key: CancelKey) -> EffectHandle? {
    guard keys.contains(where: { $0.isReached(by: key) }) else { return nil }
    return cancel()
  }

  /// The effect as instrumentation names it; `nil` for a `withTaskCancellation` scope.
  var info: EffectInfo? {
    guard let source else { return nil }
    let site = source.originSite
    return EffectInfo(
      id: token.value, action: source.originAction, fileID: site?.fileID ?? "",
      line: site?.line ?? 0, sourceID: ObjectIdentifier(source))
  }
}

/// How to cancel an entry.
package enum EffectHandle: Sendable {
  case task(Task<Void, Never>)
  case cancel(@Sendable () -> Void)
  /// An effect recorded before its task was created: cancelling it marks the entry, and the
  /// task is cancelled as it is attached (see `EffectStateMachine.attach(_:to:)`).
  case pending

  package func cancel() {
    switch self {
    case .task(let task): task.cancel()
    case .cancel(let cancel): cancel()
    case .pending: break
    }
  }
}

/// The operator of a navigation element, under its parent element: the key under which the
/// registry finds the operator's children.
@usableFromInline
package struct ChildRegistryKey: Hashable {
  package var parent: NavigationPath
  package var operatorID: Int

  @usableFromInline
  package init(parent: NavigationPath, operatorID: Int) {
    self.parent = parent
    self.operatorID = operatorID
  }
}
