import Observation
import Synchronization

/// The observation side of one store: the fields of its state that were read since they last
/// changed, and the streams made by ``Store/observe(_:)``.
///
/// NB: the store cannot see who observes it (the registrar keeps that to itself), and it must
/// not keep copies of its state (a copy makes every in-place mutation of a collection in it
/// copy the collection). So a read *arms* its field: the field keeps the value read. After
/// each send, an armed field that changed is reported to the registrar and disarmed. That
/// matches how observers work: an observation fires once, and observing again reads again,
/// which re-arms. A field read once and never again costs one comparison, at the next send.
///
/// The registrar names each field with a key path rooted in the store (a "token"), made once
/// per field. A read finds its field by the identity of the key path object first (literal key
/// paths are uniqued by the runtime), by key path equality otherwise.
@MainActor
@usableFromInline
final class StoreObservation<State, Action: Sendable> {
  @usableFromInline typealias Token = KeyPath<Store<State, Action>, Int>

  @usableFromInline let registrar = ObservationRegistrar()
  /// The root whose notifications this observation takes part in.
  let family: StoreTree
  // NB: unchecked exclusivity: only the store's main-actor code touches these, and no access is
  // held across a call that could reach them again (observers are called from local copies).
  @exclusivity(unchecked) @usableFromInline var fields: [FieldObservation<State>] = []
  @exclusivity(unchecked) @usableFromInline var tokens: [Token] = []
  /// Per field, the root version its armed value was read at; 0 when disarmed. A raw buffer
  /// (capacity ``armedCapacity``): the fast path of every observed read reads it.
  // NB: nonisolated(unsafe): read by the nonisolated fast path (``accessArmed``), which only the
  // main actor calls.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var armedVersions =
    UnsafeMutablePointer<UInt64>
    .allocate(capacity: 8)
  @exclusivity(unchecked) var armedCapacity = 8
  @exclusivity(unchecked) private var fieldIndices: [AnyKeyPath: Int] = [:]
  /// Recently read key paths, by identity, with what a read of one needs: 16 fixed slots, so
  /// the fast path has no bounds checks and no retains.
  @usableFromInline nonisolated(unsafe) let recent: UnsafeMutablePointer<RecentRead> = {
    let slots = UnsafeMutablePointer<RecentRead>.allocate(capacity: 16)
    slots.initialize(repeating: RecentRead(), count: 16)
    return slots
  }()
  /// Indices of the armed fields.
  @exclusivity(unchecked) @usableFromInline var armed: [Int] = []
  @exclusivity(unchecked) @usableFromInline var streams: [StreamObserver<State>] = []
  /// Whether there is work after a send (armed fields or streams), as last counted in
  /// ``StoreTree/activeObservations``.
  @exclusivity(unchecked) @usableFromInline var isActive = false

  @usableFromInline
  init(family: StoreTree) {
    self.family = family
  }

  isolated deinit {
    recent.deinitialize(count: 16)
    recent.deallocate()
    armedVersions.deallocate()
  }

  /// One slot of ``recent``.
  @usableFromInline
  struct RecentRead {
    /// The key path, held so that its address is not reused by another one while it is here.
    var keyPath: AnyKeyPath?
    /// The key path's address, compared without retaining anything; 0 for an empty slot.
    @usableFromInline var address: UInt = 0
    @usableFromInline var index = 0
    /// The field's token, held by `tokens`.
    @usableFromInline var token: Unmanaged<Token>?
  }

  /// Registers a read of a field that is already armed with the current state; `false`
  /// otherwise (the caller then goes through ``access(_:in:of:)``).
  ///
  /// NB: nonisolated so that ``accessArmed(_:_:version:of:)`` can call it on an observation it
  /// holds at +0; only the store's main-actor read path calls it.
  @inlinable @inline(__always)
  nonisolated func accessArmed(
    _ keyPath: AnyKeyPath, version: UInt64, of store: Store<State, Action>
  ) -> Bool {
    let slot = recent + Self.slot(of: keyPath)
    guard slot.pointee.address == UInt(bitPattern: ObjectIdentifier(keyPath)),
      armedVersions[slot.pointee.index] == version, let token = slot.pointee.token
    else { return false }
    Self.access(registrar, store, token: token)
    return true
  }

  /// ``accessArmed(_:version:of:)`` on `observation` at +0 (the store holds it): no retain and
  /// release per read.
  @inlinable @inline(__always)
  nonisolated static func accessArmed(
    _ observation: Unmanaged<StoreObservation>, _ keyPath: AnyKeyPath, version: UInt64,
    of store: Store<State, Action>
  ) -> Bool {
    observation._withUnsafeGuaranteedRef { $0.accessArmed(keyPath, version: version, of: store) }
  }

  /// `registrar.access(store, keyPath: token)`, with the token at +0 (`tokens` holds it): no
  /// retain and release per read.
  ///
  /// NB: nonisolated, so that the closure is too: a main-actor closure checks the executor it
  /// runs on, which cost more than the retain it saves.
  @inlinable
  nonisolated static func access(
    _ registrar: ObservationRegistrar, _ store: Store<State, Action>, token: Unmanaged<Token>
  ) {
    token._withUnsafeGuaranteedRef { registrar.access(store, keyPath: $0) }
  }

  /// The slot of `keyPath` in the recent key paths: bits of its address (not its `hashValue`,
  /// which would run a hasher on every read).
  @inlinable
  nonisolated static func slot(of keyPath: AnyKeyPath) -> Int {
    Int(truncatingIfNeeded: UInt(bitPattern: ObjectIdentifier(keyPath)) >> 4) & 15
  }

  /// Registers a read of `keyPath` in `state`, arming its field (made on first read).
  @usableFromInline
  func access<Value>(
    _ keyPath: KeyPath<State, Value>, in state: State, version: UInt64,
    of store: Store<State, Action>
  ) {
    let index: Int
    if let known = fieldIndices[keyPath] {
      index = known
    } else {
      index = fields.count
      fields.append(makeFieldObservation(keyPath))
      tokens.append(\Store<State, Action>.[observedField: index])
      if index == armedCapacity {
        let grown = UnsafeMutablePointer<UInt64>.allocate(capacity: armedCapacity * 2)
        grown.update(from: armedVersions, count: armedCapacity)
        armedVersions.deallocate()
        armedVersions = grown
        armedCapacity *= 2
      }
      armedVersions[index] = 0
      fieldIndices[keyPath] = index
    }
    if armedVersions[index] == 0 { armed.append(index) }
    fields[index].arm(state)
    armedVersions[index] = version
    remember(keyPath, index: index)
    updateActivity()
    registrar.access(store, keyPath: tokens[index])
  }

  /// Puts `keyPath` in its recent slot, for the next reads of its field.
  func remember(_ keyPath: AnyKeyPath, index: Int) {
    let slot = Self.slot(of: keyPath)
    let address = UInt(bitPattern: ObjectIdentifier(keyPath))
    // Re-armed after a change, the usual case: the slot already names it.
    guard recent[slot].address != address || recent[slot].index != index else { return }
    recent[slot] = RecentRead(
      keyPath: keyPath, address: address, index: index,
      token: Unmanaged.passUnretained(tokens[index]))
  }

  /// Reports each armed field that changed to the registrar (disarming it), then feeds the
  /// streams.
  @inlinable
  func didProcess(_ state: UnsafePointer<State>, version: UInt64, of store: Store<State, Action>) {
    var changed: [Int] = []
    if !armed.isEmpty {
      // Compacts the armed list in place: what changed is disarmed, the rest stays armed.
      var kept = 0
      for position in armed.indices {
        let index = armed[position]
        if fields[index].hasChanged(state) {
          fields[index].disarm()
          armedVersions[index] = 0
          changed.append(index)
        } else {
          armedVersions[index] = version
          armed[kept] = index
          kept += 1
        }
      }
      armed.removeLast(armed.count - kept)
    }
    if !streams.isEmpty { updateStreams(state.pointee) }
    updateActivity()
    if !changed.isEmpty { ObservationRuns.noteStoreChange() }
    for index in changed {
      registrar.withMutation(of: store, keyPath: tokens[index]) {}
    }
  }

  @usableFromInline
  func updateStreams(_ state: State) {
    streams.removeAll { !$0.update(state) }
  }

  func addStream(_ stream: StreamObserver<State>) {
    streams.append(stream)
    updateActivity()
  }

  /// Ends every stream and stops taking part in notifications (the store is going away).
  func finish() {
    for stream in streams { stream.finish() }
    streams = []
    for index in armed { armedVersions[index] = 0 }
    armed = []
    updateActivity()
  }

  /// Keeps the root's count of observations with work to do after a send up to date.
  @usableFromInline
  func updateActivity() {
    let isActive = !armed.isEmpty || !streams.isEmpty
    guard isActive != self.isActive else { return }
    self.isActive = isActive
    family.activeObservations += isActive ? 1 : -1
  }
}

/// One stream made by ``Store/observe(_:)``: yields the observed value when it changes.
@usableFromInline
final class StreamObserver<State> {
  private let yield: (State) -> Bool
  private let finishStream: () -> Void

  init(yield: @escaping (State) -> Bool, finish: @escaping () -> Void) {
    self.yield = yield
    finishStream = finish
  }

  /// Yields the value in `state` if it is new; `false` once the stream has ended.
  @usableFromInline
  func update(_ state: State) -> Bool { yield(state) }

  func finish() { finishStream() }
}

/// Set when a stream's consumer stops listening, so its observer is dropped at the next action.
final class StreamTermination: Sendable {
  private let ended = Atomic(false)
  var isEnded: Bool { ended.load(ordering: .relaxed) }
  func end() { ended.store(true, ordering: .relaxed) }
}
