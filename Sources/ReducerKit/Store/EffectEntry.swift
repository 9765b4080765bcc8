/// One effect (or `withTaskCancellation` scope) in flight.
package struct EffectEntry: Sendable {
  package var handle: EffectHandle
  /// The cancel keys the effect was made cancellable with (each indexed at every prefix of its
  /// path, so that a parent cancelling an ID reaches its descendants).
  package var keys: [CancelKey]
  package var path: NavigationPath
  /// The action whose reducer started the effect; `nil` for `withTaskCancellation` scopes.
  package var origin: (any Sendable)?
  package var site: SourceSite?
  /// The action tree the effect belongs to (see ``StoreTask``).
  package var group: EffectGroup?
  /// Whether something cancelled it (by ID, element, group or store).
  package internal(set) var isCancelled = false
  /// The registry's name for it.
  package internal(set) var token: UInt64 = 0

  package init(
    handle: EffectHandle, keys: [CancelKey], path: NavigationPath, origin: (any Sendable)?,
    site: SourceSite?, group: EffectGroup? = nil
  ) {
    self.handle = handle
    self.keys = keys
    self.path = path
    self.origin = origin
    self.site = site
    self.group = group
  }
}

extension EffectEntry {
  /// The effect as instrumentation names it; `nil` for a `withTaskCancellation` scope.
  var info: EffectInfo? {
    guard let origin else { return nil }
    return EffectInfo(id: token, action: origin, fileID: site?.fileID ?? "", line: site?.line ?? 0)
  }
}

/// How to cancel an entry.
package enum EffectHandle: Sendable {
  case task(Task<Void, Never>)
  case cancel(@Sendable () -> Void)

  package func cancel() {
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

  package init(parent: NavigationPath, site: Int) {
    self.parent = parent
    self.site = site
  }
}
