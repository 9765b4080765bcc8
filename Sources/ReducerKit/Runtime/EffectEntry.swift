import Synchronization

/// One effect (or `withTaskCancellation` scope) in flight: its entry in the registry's tables,
/// and the lifetime its `Send` checks and its warnings name.
///
/// NB: one object for both, held by reference in the tables: as a value, each entry was copied
/// into the table and out of it again (a retain and a release of everything it holds, each
/// time), and the effect's lifetime was an object of its own beside it; ~800 instructions an
/// effect (`refactoring/effects-floor.md`).
///
/// NB: `@unchecked Sendable`: `isCancelled` and `token` change only under the lock of the
/// registry whose tables hold the entry (`EffectRegistry.state`); the task's handle is written
/// once, by the thread that starts the effect, before `attachment` publishes it (see
/// ``attach(_:)``); every other field is a constant, and `finished` is atomic. The lock and the
/// publication make every access to them exclusive, so they are not checked again at run time
/// (`@exclusivity(unchecked)`): each check of a class's stored property is a call into the
/// runtime, and they cost an effect ~280 instructions.
@usableFromInline
package final class EffectEntry: @unchecked Sendable {
  /// The cancel keys the effect was made cancellable with (each indexed at every prefix of its
  /// path, so that a parent cancelling an ID reaches its descendants).
  package let keys: [CancelKey]
  package let path: NavigationPath
  /// The action whose reducer started the effect; `nil` for `withTaskCancellation` scopes.
  package let origin: (any Sendable)?
  /// Where the effect was created, when known.
  package let site: CallSite?
  /// The action tree the effect belongs to (see ``StoreTask``): actions it sends join it.
  package let group: ActionTree?
  /// Whether something cancelled it (by ID, element, group or store).
  @exclusivity(unchecked) package internal(set) var isCancelled = false
  /// The registry's name for it.
  @exclusivity(unchecked) package internal(set) var token: EffectToken = 0
  /// How to cancel it, once ``attachment`` says it is there.
  @exclusivity(unchecked) private var attachedHandle: EffectHandle
  /// Whether the entry has its task's handle yet (see ``Attachment``).
  private let attachment: Atomic<UInt8>
  /// Whether the effect has returned: its `Send` drops what it is given after that.
  private let finished = Atomic(false)

  /// Where an entry recorded before its task existed is in getting the task's handle.
  private enum Attachment {
    /// Recorded; its task is being created.
    static let waiting: UInt8 = 0
    /// Its handle is in `attachedHandle`.
    static let attached: UInt8 = 1
    /// Cancelled while waiting: its task is cancelled as it is attached.
    static let cancelledWaiting: UInt8 = 2
  }

  /// An entry; `.pending` for an effect whose task is created after it is recorded, and handed
  /// over with ``attach(_:)``.
  @usableFromInline
  package init(
    handle: EffectHandle, keys: [CancelKey], path: NavigationPath, origin: (any Sendable)?,
    site: CallSite? = nil, group: ActionTree? = nil
  ) {
    attachedHandle = handle
    if case .pending = handle {
      attachment = Atomic(Attachment.waiting)
    } else {
      attachment = Atomic(Attachment.attached)
    }
    self.keys = keys
    self.path = path
    self.origin = origin
    self.site = site
    self.group = group
  }

  /// How to cancel the effect: `.pending` until its task is attached.
  package var handle: EffectHandle {
    attachment.load(ordering: .acquiring) == Attachment.attached ? attachedHandle : .pending
  }

  /// Hands the entry, recorded before its task existed, the task's handle; returns whether the
  /// effect was cancelled meanwhile, when the caller must cancel the task.
  ///
  /// NB: without the registry's lock (it took a lock and a table look-up per effect): the
  /// handle is written first and published by `attachment`, which a cancellation, under the
  /// lock, swaps from `waiting` to `cancelledWaiting` when it comes first. Exactly one of the
  /// two then cancels the task.
  @usableFromInline
  package func attach(_ handle: EffectHandle) -> Bool {
    attachedHandle = handle
    let (attached, _) = attachment.compareExchange(
      expected: Attachment.waiting, desired: Attachment.attached, ordering: .acquiringAndReleasing)
    if attached { return false }
    attachment.store(Attachment.attached, ordering: .releasing)
    return true
  }

  /// Asks for the task to be cancelled: the handle to cancel now, or `.pending` when the task is
  /// not attached yet (it is cancelled as it is).
  private func requestCancellation() -> EffectHandle {
    let (marked, current) = attachment.compareExchange(
      expected: Attachment.waiting, desired: Attachment.cancelledWaiting,
      ordering: .acquiringAndReleasing)
    return !marked && current == Attachment.attached ? attachedHandle : .pending
  }

  /// Where the effect was created, as a warning names it (`Feature.swift:42`).
  var siteDescription: String {
    guard let site else { return "an unknown place" }
    return "\(site.fileID):\(site.line)"
  }

  /// Whether the effect has returned.
  var isFinished: Bool { finished.load(ordering: .acquiring) }

  /// Marks the effect returned, as its task releases its body.
  func finish() { finished.store(true, ordering: .releasing) }
}

extension EffectEntry {
  /// Marks the entry cancelled (counting it in its action tree the first time); returns the
  /// handle to cancel.
  func cancel() -> EffectHandle {
    if !isCancelled {
      isCancelled = true
      group?.cancelled += 1
    }
    return requestCancellation()
  }

  /// Marks the entry cancelled as it is recorded, in an action tree whose cancellation was
  /// requested: its task is cancelled as it is attached.
  func cancelOnAttach() {
    isCancelled = true
    _ = requestCancellation()
  }

  /// Marks the entry cancelled, as ``cancel()``, when `key` reaches one of its keys; returns the
  /// handle to cancel then, `nil` for an effect only filed under the same hash.
  func cancel(ifReachedBy key: CancelKey) -> EffectHandle? {
    guard keys.contains(where: { $0.isReached(by: key) }) else { return nil }
    return cancel()
  }

  /// The effect as instrumentation names it; `nil` for a `withTaskCancellation` scope.
  var info: EffectInfo? {
    guard let origin else { return nil }
    return EffectInfo(
      id: token.value, action: origin, fileID: site?.fileID ?? "", line: site?.line ?? 0,
      sourceID: ObjectIdentifier(self))
  }
}

/// How to cancel an entry.
@usableFromInline
package enum EffectHandle: Sendable {
  case task(Task<Void, Never>)
  case cancel(@Sendable () -> Void)
  /// An effect recorded before its task was created: cancelling it marks the entry, and the
  /// task is cancelled as it is attached (see `EffectEntry.attach(_:)`).
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
