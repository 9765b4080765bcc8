import ReducerKit
import Testing

/// The effect bookkeeping without a single task: each event of the state machine, and what it
/// asks its executor to do.
@Suite struct EffectStateMachineTests {
  let owner = EffectRegistry()
  let cancelled = LockIsolated<[EffectToken]>([])

  /// A handle that records its token when cancelled, in place of a task.
  func handle(_ token: EffectToken) -> EffectHandle {
    let cancelled = self.cancelled
    return .cancel { cancelled.withValue { $0.append(token) } }
  }

  func entry(
    _ token: EffectToken, keys: [CancelKey] = [], path: NavigationPath = NavigationPath(),
    group: ActionTree? = nil
  ) -> EffectEntry {
    EffectEntry(
      handle: handle(token), keys: keys, path: path, origin: "action \(token)",
      group: group)
  }

  /// Starts the effect `token` as the registry does: reserved with a pending handle, then
  /// handed its own (a handle that records its cancellation) unless refused.
  func start(
    _ machine: inout EffectStateMachine, _ token: EffectToken, keys: [CancelKey] = [],
    path: NavigationPath = NavigationPath(), group: ActionTree? = nil
  ) -> EffectStateMachine.StartOutcome {
    let pending = EffectEntry(
      handle: .pending, keys: keys, path: path, origin: "action \(token)", group: group)
    let outcome = machine.reserve(pending, token: token)
    if outcome != .refused { _ = pending.attach(handle(token)) }
    return outcome
  }

  /// Whether `handle` is the placeholder of an entry whose task is not attached yet.
  func isPending(_ handle: EffectHandle?) -> Bool {
    if case .pending = handle { return true }
    return false
  }

  /// Performs the cancellation as the registry would; returns the cancelled tokens, sorted.
  func perform(_ cancellation: EffectStateMachine.Cancellation) -> [EffectToken] {
    cancelled.setValue([])
    for handle in cancellation.handles { handle.cancel() }
    return cancelled.value.sorted()
  }

  static func element(_ site: Int, _ identity: Int) -> NavigationElement {
    NavigationElement(operatorID: site, identity: identity)
  }

  @Test func reserveThenFinishLeavesEveryTableEmpty() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    let path = NavigationPath([Self.element(1, 7), Self.element(2, 9)])
    #expect(
      start(&machine, 0, keys: [CancelKey(id: "A", path: path)], path: path)
        == .recorded)
    #expect(machine.entries.keys.sorted() == [0])
    #expect(machine.summary.live(at: 1) == 7)
    _ = machine.finish(0)
    #expect(machine.isEmpty)
    #expect(machine.summary.live(at: 1) == 0 && machine.summary.live(at: 2) == 0)
  }

  @Test func aFinishWithoutAnEntryEndsNothingAndIsNotRemembered() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    let group = ActionTree(registry: owner)
    #expect(start(&machine, 0, group: group) == .recorded)
    let completion = machine.finish(3)
    #expect(completion.waiters.isEmpty && completion.removed == nil)
    #expect(machine.entries.keys.sorted() == [0] && group.live == 1)
    _ = machine.finish(0)
    _ = machine.finish(0)
    #expect(machine.isEmpty && group.live == 0 && group.started == 1)
  }

  @Test func anEffectReservedBeforeItsTaskGetsTheTaskWhenAttached() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    let key = CancelKey(id: "A")
    let pending = EffectEntry(handle: .pending, keys: [key], path: NavigationPath(), origin: "a")
    #expect(machine.reserve(pending, token: 0) == .recorded)
    #expect(isPending(machine.entries[0]?.handle))
    let attachedCancelled = pending.attach(handle(0))
    #expect(!attachedCancelled)
    #expect(!isPending(machine.entries[0]?.handle))
    let cancellation = machine.cancel(key)
    #expect(perform(cancellation) == [0])
    _ = machine.finish(0)
    #expect(machine.isEmpty)
  }

  @Test func aCancelBeforeTheTaskIsAttachedCancelsItAsItIsAttached() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    let key = CancelKey(id: "A")
    let pending = EffectEntry(handle: .pending, keys: [key], path: NavigationPath(), origin: "a")
    #expect(machine.reserve(pending, token: 0) == .recorded)
    // The pending handle has nothing to cancel yet; the entry remembers.
    let cancellation = machine.cancel(key)
    #expect(perform(cancellation).isEmpty)
    let attachedCancelled = pending.attach(handle(0))
    #expect(attachedCancelled)
    // Cancelled again once attached, its handle is there to cancel.
    #expect(perform(machine.cancel(key)) == [0])
    _ = machine.finish(0)
    #expect(machine.isEmpty)
  }

  @Test func reservingInACancelledTreeOrAClosedStore() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    let group = ActionTree(registry: owner)
    _ = machine.cancel(group)
    let first = EffectEntry(
      handle: .pending, keys: [], path: NavigationPath(), origin: "a", group: group)
    #expect(machine.reserve(first, token: 0) == .recordedCancelled)
    let firstCancelled = first.attach(handle(0))
    #expect(firstCancelled)
    _ = machine.finish(0)
    _ = machine.cancelAll(close: true)
    let second = EffectEntry(handle: .pending, keys: [], path: NavigationPath(), origin: "b")
    // Refused: no task will be made, so nothing is remembered for it.
    #expect(machine.reserve(second, token: 1) == .refused)
    #expect(machine.isEmpty)
  }

  @Test func closingCancelsEverythingAndRefusesLaterEffects() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    _ = start(&machine, 0)
    _ = start(&machine, 1)
    #expect(perform(machine.cancelAll(close: true)) == [0, 1])
    #expect(start(&machine, 2) == .refused)
    #expect(machine.entries.keys.sorted() == [0, 1])
    _ = machine.finish(0)
    _ = machine.finish(1)
    #expect(machine.isEmpty)
    let scope = machine.enterScope(
      CancelKey(id: "A"), cancelInFlight: false, handle: handle(9), token: 9)
    #expect(perform(scope) == [9])
    #expect(machine.entries.isEmpty)
  }

  @Test func cancellingWithoutClosingKeepsAcceptingEffects() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    _ = start(&machine, 0)
    #expect(perform(machine.cancelAll(close: false)) == [0])
    #expect(start(&machine, 1) == .recorded)
  }

  /// An ID whose hash ignores its value: different IDs, one table hash.
  struct CollidingID: Hashable, Sendable {
    let value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
  }

  @Test func keysSharingAHashCancelOnlyTheirOwnEffects() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    let child = NavigationPath([Self.element(1, 1)])
    let one = CancelKey(id: CollidingID(value: 1))
    let two = CancelKey(id: CollidingID(value: 2))
    #expect(one.tableHash == two.tableHash && one != two)
    _ = start(&machine, 0, keys: [one])
    _ = start(&machine, 1, keys: [two])
    _ = start(&machine, 2, keys: [CancelKey(id: CollidingID(value: 2), path: child)], path: child)
    #expect(machine.byKey.count == 2)
    #expect(perform(machine.cancel(one)) == [0])
    #expect(perform(machine.cancel(CancelKey(id: CollidingID(value: 1), path: child))).isEmpty)
    #expect(perform(machine.cancel([two])) == [1, 2])
    for token: EffectToken in [0, 1, 2] { _ = machine.finish(token) }
    #expect(machine.isEmpty)
  }

  @Test func anIDCancelsItsElementAndTheElementsInside() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    let parent = NavigationPath([Self.element(1, 1)])
    let child = parent.appending(Self.element(2, 1))
    let sibling = NavigationPath([Self.element(1, 2)])
    _ = start(&machine, 0, keys: [CancelKey(id: "A")])
    _ = start(&machine, 1, keys: [CancelKey(id: "A", path: parent)], path: parent)
    _ = start(&machine, 2, keys: [CancelKey(id: "A", path: child)], path: child)
    _ = start(&machine, 3, keys: [CancelKey(id: "A", path: sibling)], path: sibling)
    _ = start(&machine, 4, keys: [CancelKey(id: "B", path: child)], path: child)
    #expect(perform(machine.cancel(CancelKey(id: "A", path: parent))) == [1, 2])
    #expect(perform(machine.cancel(CancelKey(id: "A"))) == [0, 1, 2, 3])
    #expect(machine.entries.values.filter(\.isCancelled).map(\.token).sorted() == [0, 1, 2, 3])
  }

  @Test func severalKeysCancelAsOneEventWhatEachWouldAlone() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    let child = NavigationPath([Self.element(1, 1)])
    _ = start(&machine, 0, keys: [CancelKey(id: "A")])
    _ = start(&machine, 1, keys: [CancelKey(id: "B", path: child)], path: child)
    _ = start(&machine, 2, keys: [CancelKey(id: "C")])
    _ = start(&machine, 3, keys: [CancelKey(id: "A")])
    let cancellation = machine.cancel([CancelKey(id: "B"), CancelKey(id: "A"), CancelKey(id: "Z")])
    #expect(cancellation.handles.count == 3)
    #expect(perform(cancellation) == [0, 1, 3])
    #expect(machine.entries.values.filter(\.isCancelled).map(\.token).sorted() == [0, 1, 3])
  }

  @Test func anElementCancelsEverythingInsideIt() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    let parent = NavigationPath([Self.element(1, 1)])
    _ = start(&machine, 0, path: parent)
    _ = start(&machine, 1, path: parent.appending(Self.element(2, 5)))
    _ = start(&machine, 2, path: NavigationPath([Self.element(1, 2)]))
    _ = start(&machine, 3)
    #expect(perform(machine.cancel(element: parent)) == [0, 1])
  }

  @Test func aSweepCancelsOnlyTheElementsItDoesNotKeep() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    for row in 0..<4 {
      let path = NavigationPath([NavigationElement(operatorID: 3, collectionKey: row)])
      _ = start(&machine, EffectToken(UInt64(row)), path: path)
    }
    #expect(machine.summary.live(at: 3) == NavigationElement.collectionMarker)
    let kept: Set<AnyHashableSendable> = [AnyHashableSendable(0), AnyHashableSendable(2)]
    let slot = ChildRegistryKey(parent: NavigationPath(), operatorID: 3)
    #expect(perform(machine.cancelElements(in: slot, except: { kept.contains($0.key) })) == [1, 3])
    #expect(
      perform(
        machine.cancelElements(in: ChildRegistryKey(parent: NavigationPath(), operatorID: 4)) {
          _ in false
        }
      ).isEmpty)
  }

  @Test func cancellingAGroupCancelsItsLaterEffectsAsTheyStart() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    let group = ActionTree(registry: owner)
    let other = ActionTree(registry: owner)
    _ = start(&machine, 0, group: group)
    _ = start(&machine, 1, group: other)
    #expect(!machine.isCancelled(group))
    #expect(perform(machine.cancel(group)) == [0])
    #expect(machine.isCancelled(group) && !machine.isCancelled(other))
    #expect(start(&machine, 2, group: group) == .recordedCancelled)
    #expect(group.started == 2 && group.cancelled == 2 && group.live == 2)
  }

  @Test func cancellingTwiceCountsOnce() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    let group = ActionTree(registry: owner)
    _ = start(&machine, 0, keys: [CancelKey(id: "A")], group: group)
    _ = start(&machine, 1, group: group)
    #expect(perform(machine.cancel(CancelKey(id: "A"))) == [0])
    #expect(perform(machine.cancel(CancelKey(id: "A"))) == [0])
    #expect(group.cancelled == 1 && !machine.isCancelled(group))
    _ = machine.cancel(CancelKey(id: "missing"))
    #expect(machine.isCancelled(group) == false)
  }

  @Test func aGroupWithNothingStartedIsCancelled() {
    let machine = EffectStateMachine(summary: LiveElementSummary())
    #expect(machine.isCancelled(ActionTree(registry: owner)))
  }

  @Test func waitersResumeWhenTheGroupsLastWorkEnds() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    let group = ActionTree(registry: owner)
    #expect(machine.wait(for: group) {} == false)
    _ = start(&machine, 0, group: group)
    machine.retain(group)
    let resumed = LockIsolated(0)
    #expect(machine.wait(for: group) { resumed.withValue { $0 += 1 } })
    #expect(machine.finish(0).waiters.isEmpty)
    let waiters = machine.release(group)
    #expect(waiters.count == 1)
    for waiter in waiters { waiter() }
    #expect(resumed.value == 1 && group.live == 0)
  }

  @Test func aScopeThatCancelsInFlightCancelsItsKeyFirst() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    _ = start(&machine, 0, keys: [CancelKey(id: "A")])
    let first = machine.enterScope(
      CancelKey(id: "A"), cancelInFlight: true, handle: handle(1), token: 1)
    #expect(perform(first) == [0])
    let second = machine.enterScope(
      CancelKey(id: "A"), cancelInFlight: false, handle: handle(2), token: 2)
    #expect(perform(second).isEmpty)
    #expect(perform(machine.cancel(CancelKey(id: "A"))) == [0, 1, 2])
  }

  @Test func instrumentationHearsOfEffectsButNotOfScopes() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    #expect(machine.cancelAll(close: false).instrumentation == nil)
    machine.instrumentation = StoreInstrumentation { _ in }
    _ = start(&machine, 0, keys: [CancelKey(id: "A")])
    _ = machine.enterScope(CancelKey(id: "A"), cancelInFlight: false, handle: handle(1), token: 1)
    let cancellation = machine.cancel(CancelKey(id: "A"))
    #expect(cancellation.cancelled.map(\.id) == [0] && cancellation.handles.count == 2)
    #expect(machine.finish(1).finished == nil)
    #expect(machine.finish(0).finished?.id == 0)
  }

  @Test func observersHearEveryEndUntilRemoved() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    machine.addObserver({}, token: 100)
    _ = start(&machine, 0)
    #expect(machine.finish(0).observers.count == 1)
    machine.removeObserver(100)
    #expect(machine.finish(1).observers.isEmpty)
  }

  @Test func theSummaryNamesTheOnlyLiveChildOrSaysMany() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    let site = 5
    _ = start(&machine, 0, path: NavigationPath([Self.element(site, 11)]))
    _ = start(&machine, 1, path: NavigationPath([Self.element(site, 11)]))
    #expect(machine.summary.live(at: site) == 11)
    _ = start(&machine, 2, path: NavigationPath([Self.element(site, 12)]))
    #expect(machine.summary.live(at: site) == LiveElementSummary.many)
    _ = machine.finish(2)
    #expect(machine.summary.live(at: site) == 11)
    _ = machine.finish(0)
    _ = machine.finish(1)
    #expect(machine.summary.live(at: site) == 0 && machine.isEmpty)
  }

  @Test func tablesShrinkBackAfterAPeak() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    let path = NavigationPath([Self.element(1, 1)])
    let tokens = (0..<UInt64(5_000)).map { EffectToken($0) }
    for token in tokens {
      _ = start(&machine, token, keys: [CancelKey(id: "A", path: path)], path: path)
    }
    for token in tokens { _ = machine.finish(token) }
    #expect(machine.isEmpty && machine.entries.capacity <= 256)
  }

  @Test func tablesShrinkWhileAFewEffectsOutliveAPeak() {
    var machine = EffectStateMachine(summary: LiveElementSummary())
    let tokens = (0..<UInt64(5_000)).map { EffectToken($0) }
    for token in tokens {
      _ = start(&machine, token, keys: [CancelKey(id: token.value % 7)])
    }
    let peak = machine.entries.capacity
    // Ten long-lived effects stay; the tables are rebuilt to their size once they are sparse,
    // and the ten are still found under their keys.
    for token in tokens.dropFirst(10) { _ = machine.finish(token) }
    #expect(machine.entries.count == 10)
    #expect(machine.entries.capacity * 32 <= peak)
    #expect(perform(machine.cancel(CancelKey(id: UInt64(3)))) == [3])
    for token in tokens.prefix(10) { _ = machine.finish(token) }
    #expect(machine.isEmpty)
  }
}
