import Observation
import Synchronization

/// The storage behind a ``Shared`` or a ``SharedReader``: a root value (``RootReference``) or a
/// field of one (``ProjectedReference``). Every holder of the same key holds the same root.
@usableFromInline
class SharedReference<Value: Sendable>: @unchecked Sendable {
  // NB: @unchecked Sendable: the root keeps its value behind its `LockedState` lock; a
  // projection holds only immutable references.

  /// The current value (or, while a test store checks an assertion, the value it asks for).
  @usableFromInline func read() -> Value { preconditionFailure("SharedReference is abstract") }

  /// The value as `view` sees it; the current value when `view` does not track it.
  func read(in view: SharedView) -> Value { preconditionFailure("SharedReference is abstract") }

  /// Changes the value under the root's lock.
  @usableFromInline
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    preconditionFailure("SharedReference is abstract")
  }

  /// Writes the value to its persistence now, where it coalesces writes.
  func saveNow() { preconditionFailure("SharedReference is abstract") }

  /// What dumps and failure messages call this value: its key, or "value".
  var keyDescription: String { preconditionFailure("SharedReference is abstract") }

  /// Loads the value from its key again.
  func reload() throws { preconditionFailure("SharedReference is abstract") }

  /// What the key's last load threw, `nil` once one succeeded.
  var loadError: (any Error)? { preconditionFailure("SharedReference is abstract") }

  /// Calls `onChange` with the value after each change, and `onEnd` when the value is gone,
  /// until the subscription is cancelled.
  func subscribe(
    onChange: @escaping @Sendable (Value) -> Void, onEnd: @escaping @Sendable () -> Void
  ) -> SharedSubscription {
    preconditionFailure("SharedReference is abstract")
  }
}

/// A shared value named for failure messages, whatever its type.
protocol DescribedSharedReference: AnyObject {
  var keyDescription: String { get }
}

extension SharedReference: DescribedSharedReference {}

extension SharedReference where Value: Equatable {
  /// Equal values. While a `TestStore` compares its expected state with the actual one, this
  /// side is read as expected and `other` as it is.
  func isEqual(to other: SharedReference<Value>) -> Bool {
    if let view = SharedView.current, let actual = view.comparedWith {
      return read(in: view) == other.read(in: actual)
    }
    return read() == other.read()
  }
}

/// A shared value: locked, observable, persisted through its key, tracked by a test store.
final class RootReference<Value: Sendable>: SharedReference<Value>, Observable, @unchecked Sendable
{
  // NB: @unchecked Sendable: the value is read and written only while `storage`'s lock is held.
  private let storage: LockedState<Value>
  private let registrar = ObservationRegistrar()
  /// Names the value for the registrar; made once, as a generic key path literal is not free.
  private let token: KeyPath<RootReference<Value>, Int>
  private let persistence: SharedPersistence<Value>?
  private let description: String
  /// The subscribers of `values` streams, made by the first one: most shared values are never
  /// streamed, and a value made per row should not pay for a list and its lock.
  private let changeObservers = Atomic<Unmanaged<SharedChangeObservers>?>(nil)

  init(value: Value, persistence: SharedPersistence<Value>?, description: String) {
    storage = LockedState(value)
    self.persistence = persistence
    self.description = description
    token = \RootReference<Value>.observationToken
    super.init()
    persistence?.start(self)
  }

  deinit {
    persistence?.stop()
    if let observers = changeObservers.load(ordering: .acquiring) {
      observers.takeUnretainedValue().endAll()
      observers.release()
    }
  }

  /// The subscribers, when a stream has subscribed (even if none is left).
  private var existingObservers: SharedChangeObservers? {
    changeObservers.load(ordering: .acquiring)?.takeUnretainedValue()
  }

  var observationToken: Int { 0 }

  override var keyDescription: String { description }

  override func read() -> Value {
    if let value = SharedLockFrame.value(of: self, as: Value.self) { return value }
    if let view = SharedView.current, let value = view.tracker.value(of: self, in: view) {
      return value as! Value  // NB: the tracker stores only this reference's Values under it.
    }
    registrar.access(self, keyPath: token)
    return storage.withLock { $0 }
  }

  override func read(in view: SharedView) -> Value {
    if let value = view.tracker.value(of: self, in: view) {
      return value as! Value  // NB: as above.
    }
    return storage.withLock { $0 }
  }

  override func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    if let pointer = SharedLockFrame.pointer(of: self, as: Value.self) {
      // NB: the value is already locked by this thread, in an outer `withLock` on it.
      return try body(&pointer.pointee)
    }
    if let view = SharedView.current, view.writesAssertion {
      return try view.tracker.modifyAssertion(
        of: self, in: view, current: { storage.withLock { $0 } }, body)
    }
    let trackers = SharedChangeTracker.anyExists ? SessionSharedValues.trackersOfAChange() : nil
    return try registrar.withMutation(of: self, keyPath: token) {
      try storage.withLock { value in
        let before: Value? = trackers == nil ? nil : value
        // NB: saved inside the frame: a key's storage may report the write back while it
        // saves (`UserDefaults` posts its change notification then), and `replace(with:)`
        // must find the value locked by this thread instead of locking it again.
        let result = try SharedLockFrame.with(self, &value) { value in
          let result = try body(&value)
          persistence?.save(value, immediately: false)
          return result
        }
        if let trackers, let before {
          for tracker in trackers { tracker.record(self, before: before, after: value) }
        }
        // NB: under the lock, so that streams get the changes in the order they were made.
        // A subscriber only hands the value to its stream. (Kept out of the unlocked path
        // after it, a `Value?` to carry the value there cost every write ~50 ns: generic code
        // looks the optional's metadata up each time.)
        if let observers = existingObservers, observers.isObserved { observers.notify(value) }
        ObservationRuns.noteSharedChange()
        return result
      }
    }
  }

  /// Takes a value that changed outside (its persistence saw another writer): observers are
  /// notified, nothing is saved back.
  func replace(with newValue: Value) {
    if let pointer = SharedLockFrame.pointer(of: self, as: Value.self) {
      // NB: this thread holds the value's lock (the key's storage reported a change while the
      // value was being changed or saved); locking it again would deadlock.
      pointer.pointee = newValue
      return
    }
    registrar.withMutation(of: self, keyPath: token) {
      storage.withLock { value in
        // NB: a test store does not track a change made outside its feature; a recording does.
        if SharedChangeTracker.anyExists, let recordings = SessionSharedValues.recordings() {
          for tracker in recordings { tracker.record(self, before: value, after: newValue) }
        }
        value = newValue
      }
    }
    if let observers = existingObservers, observers.isObserved { observers.notify(newValue) }
  }

  override func subscribe(
    onChange: @escaping @Sendable (Value) -> Void, onEnd: @escaping @Sendable () -> Void
  ) -> SharedSubscription {
    // NB: only this root's values are ever passed, so the cast cannot fail.
    let onAnyChange: @Sendable (Any) -> Void = { onChange($0 as! Value) }
    if let observers = existingObservers {
      return observers.add(onChange: onAnyChange, onEnd: onEnd)
    }
    let made = Unmanaged.passRetained(SharedChangeObservers())
    let (exchanged, existing) = changeObservers.compareExchange(
      expected: nil, desired: made, ordering: .acquiringAndReleasing)
    if !exchanged { made.release() }
    let observers = (exchanged ? made : existing!).takeUnretainedValue()
    return observers.add(onChange: onAnyChange, onEnd: onEnd)
  }

  override func saveNow() {
    storage.withLock { persistence?.save($0, immediately: true) }
  }

  override func reload() throws {
    guard let persistence else { return }
    replace(with: try persistence.load())
  }

  override var loadError: (any Error)? { persistence?.loadError }
}

/// A field of a shared value: `$settings.theme`.
final class ProjectedReference<Root: Sendable, Value: Sendable>: SharedReference<Value>,
  @unchecked Sendable
{
  // NB: @unchecked Sendable: immutable; the root locks the value.
  private let root: SharedReference<Root>
  private let keyPath: KeyPath<Root, Value>

  init(root: SharedReference<Root>, keyPath: KeyPath<Root, Value>) {
    self.root = root
    self.keyPath = keyPath
  }

  override var keyDescription: String { root.keyDescription }

  override func read() -> Value { root.read()[keyPath: keyPath] }

  override func read(in view: SharedView) -> Value { root.read(in: view)[keyPath: keyPath] }

  override func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    // NB: only `Shared` projects through writable key paths; a `SharedReader` never writes.
    let writable = keyPath as! WritableKeyPath<Root, Value>
    return try root.withLock { try body(&$0[keyPath: writable]) }
  }

  override func saveNow() { root.saveNow() }

  override func reload() throws { try root.reload() }

  override var loadError: (any Error)? { root.loadError }

  override func subscribe(
    onChange: @escaping @Sendable (Value) -> Void, onEnd: @escaping @Sendable () -> Void
  ) -> SharedSubscription {
    // NB: the key path alone, not `self`: a subscription holding the projection would hold
    // the root, which could then never be released and end its streams. Key paths are
    // immutable once made, so reading through one on another thread is safe.
    nonisolated(unsafe) let keyPath = keyPath
    return root.subscribe(onChange: { onChange($0[keyPath: keyPath]) }, onEnd: onEnd)
  }
}
