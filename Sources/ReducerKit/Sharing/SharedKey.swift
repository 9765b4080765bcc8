/// Where a shared value lives and how it persists: `.inMemory("key")`, `.fileStorage(url)`, or a
/// key of your own.
///
/// Holders of keys with the same type and ``id`` share one value. The value is loaded when the
/// first holder is created, saved after every change, and replaced when ``subscribe(didChange:)``
/// reports a change made elsewhere.
///
/// ```swift
/// struct DefaultsKey: SharedKey {
///   let name: String
///   var id: String { name }
///   func load() -> Int? { UserDefaults.standard.object(forKey: name) as? Int }
///   func save(_ value: Int, immediately: Bool) { UserDefaults.standard.set(value, forKey: name) }
/// }
///
/// @Shared(DefaultsKey(name: "launches")) var launches = 0
/// ```
public protocol SharedKey<Value>: Sendable {
  /// The shared value's type.
  associatedtype Value: Sendable
  /// What tells two keys apart.
  associatedtype ID: Hashable & Sendable

  /// Keys with the same type and id share one value.
  var id: ID { get }

  /// The stored value, or `nil` when nothing is stored (the holder's default applies).
  func load() -> Value?

  /// Stores `value` after a change. Called in the order of the changes, with the shared value
  /// locked, so keep it quick: schedule slow work, and never read the shared value here.
  /// `immediately` is true when the holder asked for the value to be written now
  /// (``Shared/save()``); a key that coalesces writes must not wait then.
  func save(_ value: Value, immediately: Bool)

  /// Starts watching for changes made elsewhere (another process, a system setting); call
  /// `didChange` with the new value, or `nil` when the stored value was removed. Watching stops
  /// when the returned subscription is cancelled. By default, nothing is watched.
  func subscribe(didChange: @escaping @Sendable (Value?) -> Void) -> SharedSubscription

  /// How failure messages name the key, such as `.inMemory("count")`.
  var description: String { get }
}

extension SharedKey {
  public func subscribe(didChange: @escaping @Sendable (Value?) -> Void) -> SharedSubscription {
    SharedSubscription {}
  }

  public var description: String { "\(Self.self)(\(id))" }
}

/// Stops a ``SharedKey``'s watching when cancelled.
public final class SharedSubscription: Sendable {
  private let onCancel: LockedState<(@Sendable () -> Void)?>

  /// A subscription that runs `cancel` once, when cancelled.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    onCancel = LockedState(cancel)
  }

  /// Stops watching; later calls do nothing.
  public func cancel() {
    onCancel.withLock { cancel in
      defer { cancel = nil }
      return cancel
    }?()
  }

  deinit { cancel() }
}

/// A key's loading, saving and watching, for the one reference that holds its value.
final class SharedPersistence<Value: Sendable>: Sendable {
  private let saveValue: @Sendable (Value, Bool) -> Void
  private let subscribe: @Sendable (@escaping @Sendable (Value?) -> Void) -> SharedSubscription
  private let subscription = LockedState<SharedSubscription?>(nil)
  private let defaultValue: Value
  private let flush: (@Sendable () -> Void)?

  init<Key: SharedKey>(key: Key, defaultValue: Value) where Key.Value == Value {
    saveValue = { key.save($0, immediately: $1) }
    subscribe = { key.subscribe(didChange: $0) }
    if let flushing = key as? any FlushesWhenReleased {
      flush = { flushing.flush() }
    } else {
      flush = nil
    }
    self.defaultValue = defaultValue
  }

  func save(_ value: Value, immediately: Bool) {
    saveValue(value, immediately)
  }

  func start(_ reference: RootReference<Value>) {
    let defaultValue = self.defaultValue
    let started = subscribe { [weak reference] newValue in
      reference?.replace(with: newValue ?? defaultValue)
    }
    subscription.withLock { $0 = started }
  }

  func stop() {
    subscription.withLock { $0 }?.cancel()
    flush?()
  }
}

/// Keys that hold writes back, and complete them when the last holder of the value goes away.
protocol FlushesWhenReleased: Sendable {
  func flush()
}
