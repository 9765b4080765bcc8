import Observation

/// A store is observable field by field, without macros: reading `store.count` inside
/// `withObservationTracking` (or SwiftUI, or `Observations`) registers only `count`, and a
/// change to another field does not notify it. Reading ``Store/state`` registers the whole
/// state; ``Store/withState(_:)`` reads without registering anything.
///
/// ```swift
/// withObservationTracking {
///   render(store.count)
/// } onChange: {
///   scheduleRender()
/// }
/// ```
///
/// Observers are notified once per `send`, after every action it caused was reduced, and see the
/// new state. An action an observer sends is queued and reduced before that `send` returns. A
/// scoped store notifies for its own slice of the state only.
extension Store: Observable {}

extension Store {
  /// The current value of `keyPath`, then each new value, for as long as the store exists.
  ///
  /// Consecutive equal values are skipped; the stream finishes when the store is released.
  ///
  /// ```swift
  /// for await count in store.observe(\.count) {
  ///   print("count is now \(count)")
  /// }
  /// ```
  ///
  /// Values are buffered until the consumer takes them, so a slow consumer still sees every
  /// distinct value, in order.
  public func observe<Value: Equatable & Sendable>(
    _ keyPath: KeyPath<State, Value>
  ) -> AsyncStream<Value> {
    makeStream(keyPath, isDuplicate: ==)
  }

  /// The current value of `keyPath`, then its value after every `send`, for as long as the store
  /// exists. Use the `Equatable` overload to skip values that did not change.
  @_disfavoredOverload
  public func observe<Value: Sendable>(_ keyPath: KeyPath<State, Value>) -> AsyncStream<Value> {
    makeStream(keyPath, isDuplicate: { _, _ in false })
  }

  private func makeStream<Value: Sendable>(
    _ keyPath: KeyPath<State, Value>, isDuplicate: @escaping (Value, Value) -> Bool
  ) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    let termination = StreamTermination()
    continuation.onTermination = { _ in termination.end() }
    var last = withState { $0[keyPath: keyPath] }
    continuation.yield(last)
    let observer = StreamObserver<State>(
      yield: { state in
        guard !termination.isEnded else { return false }
        let value = state[keyPath: keyPath]
        guard !isDuplicate(last, value) else { return true }
        last = value
        continuation.yield(value)
        return true
      },
      finish: { continuation.finish() }
    )
    observation.addStream(observer)
    SharedValueWatch(store: self, keyPath: keyPath, stream: observer, termination: termination)
      .watch()
    return stream
  }

  /// A token the observation registrar uses to name one field of the state.
  subscript(observedField index: Int) -> Int { index }

  /// Registers a read of `keyPath` for observation; the caller has brought the state up to
  /// date.
  // NB: always inlined into the read, with the first read of a field kept out of line.
  @inlinable @inline(__always)
  func trackAccess<Value>(_ keyPath: KeyPath<State, Value>, in state: UnsafePointer<State>) {
    let version = core.family.version
    // NB: through an unretained copy of `observationStorage` (which keeps the observation for
    // the store's life): a strong load would retain and release it on every read.
    if let observation = unretainedObservation,
      StoreObservation.accessArmed(observation, keyPath, version: version, of: self)
    {
      return
    }
    armAccess(keyPath, in: state, version: version)
  }

  /// Registers a read of a field that is not armed with the current state (arming it).
  @inlinable @inline(never)
  func armAccess<Value>(
    _ keyPath: KeyPath<State, Value>, in state: UnsafePointer<State>, version: UInt64
  ) {
    observation.access(keyPath, in: state.pointee, version: version, of: self)
  }

  /// This store's observation, made (and hooked to its root's notifications) on first use.
  // NB: inlinable, so that the notification closure is compiled for the concrete store type.
  @inlinable
  var observation: StoreObservation<State, Action> {
    if let observationStorage { return observationStorage }
    let observation = StoreObservation<State, Action>(family: core.family)
    observationStorage = observation
    unretainedObservation = Unmanaged.passUnretained(observation)
    core.family.didProcess.append { [weak self] in
      guard let self, let observation = self.observationStorage else { return false }
      guard observation.isActive else { return true }
      self.core.syncState()
      observation.didProcess(self.core.statePointer, version: self.core.family.version, of: self)
      return true
    }
    return observation
  }
}

/// Feeds a stream made by ``Store/observe(_:)`` when a shared value it reads changes outside the
/// store's sends (another store, or an effect, changed it). Re-armed after each change, so it
/// costs nothing until then.
@MainActor
private final class SharedValueWatch<State, Action: Sendable, Value> {
  weak var store: Store<State, Action>?
  weak var stream: StreamObserver<State>?
  let keyPath: KeyPath<State, Value>
  let termination: StreamTermination

  init(
    store: Store<State, Action>, keyPath: KeyPath<State, Value>, stream: StreamObserver<State>,
    termination: StreamTermination
  ) {
    self.store = store
    self.keyPath = keyPath
    self.stream = stream
    self.termination = termination
  }

  func watch() {
    guard let store else { return }
    withObservationTracking {
      _ = store.withState { $0[keyPath: keyPath] }
    } onChange: {
      Task { @MainActor in self.changed() }
    }
  }

  private func changed() {
    guard let store, let stream, !termination.isEnded else { return }
    store.core.syncState()
    _ = stream.update(store.core.statePointer.pointee)
    watch()
  }
}
