/// Where a shared value lives and how it persists: `.inMemory("key")`, `.fileStorage(url)`, or a
/// key of your own.
///
/// Holders of keys with the same type and ``SharedReaderKey/id`` share one value. The value is
/// loaded when the first holder is created, saved after every change, and replaced when
/// ``SharedReaderKey/subscribe(didChange:)`` reports a change made elsewhere.
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
///
/// A key that can only be read (a remote configuration, a system setting) is a
/// ``SharedReaderKey``, held with `@SharedReader`.
public protocol SharedKey<Value>: SharedReaderKey {
  /// Stores `value` after a change. Called in the order of the changes, with the shared value
  /// locked, so keep it quick: schedule slow work, and never read the shared value here.
  /// `immediately` is true when the holder asked for the value to be written now
  /// (``Shared/save()``); a key that coalesces writes must not wait then.
  func save(_ value: Value, immediately: Bool)
}

/// Where a read-only shared value comes from: a key that loads and watches a value but never
/// writes it, held with `@SharedReader` (swift-sharing's `SharedReaderKey`).
///
/// ```swift
/// struct RemoteConfigKey: SharedReaderKey {
///   var id: String { "remoteConfig" }
///   func load() -> RemoteConfig? { RemoteConfigCache.shared.current }
///   func subscribe(didChange: @escaping @Sendable (RemoteConfig?) -> Void) -> SharedSubscription {
///     let token = RemoteConfigCache.shared.onUpdate(didChange)
///     return SharedSubscription { RemoteConfigCache.shared.remove(token) }
///   }
/// }
///
/// extension SharedReaderKey where Self == RemoteConfigKey {
///   static var remoteConfig: Self { RemoteConfigKey() }
/// }
///
/// @SharedReader(.remoteConfig) var config = RemoteConfig()
/// ```
///
/// Declare a key's static members on `SharedReaderKey`, as above, for `@SharedReader` to find
/// them; a writable key's members declared on ``SharedKey`` are found by both wrappers.
public protocol SharedReaderKey<Value>: Sendable {
  /// The shared value's type.
  associatedtype Value: Sendable
  /// What tells two keys apart.
  associatedtype ID: Hashable & Sendable

  /// Keys with the same type and id share one value.
  var id: ID { get }

  /// The stored value, or `nil` when nothing is stored (the holder's default applies). Throw
  /// when it cannot be loaded: the holder keeps the value it has (the default, for the first
  /// one) and `loadError` holds the error until a load succeeds.
  func load() throws -> Value?

  /// Starts watching for changes made elsewhere (another process, a system setting); call
  /// `didChange` with the new value, or `nil` when the stored value was removed. Watching stops
  /// when the returned subscription is cancelled. By default, nothing is watched.
  func subscribe(didChange: @escaping @Sendable (Value?) -> Void) -> SharedSubscription

  /// How failure messages name the key, such as `.inMemory("count")`.
  var description: String { get }
}

extension SharedReaderKey {
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
  /// `nil` for a read-only key.
  private let saveValue: (@Sendable (Value, Bool) -> Void)?
  private let loadValue: @Sendable () throws -> Value?
  /// What the last load threw, `nil` once one succeeded.
  private let lastLoadError = LockedState<(any Error)?>(nil)
  private let subscribe: @Sendable (@escaping @Sendable (Value?) -> Void) -> SharedSubscription
  private let subscription = LockedState<SharedSubscription?>(nil)
  private let defaultValue: Value
  private let flush: (@Sendable () -> Void)?

  init<Key: SharedReaderKey>(key: Key, defaultValue: Value) where Key.Value == Value {
    // NB: from the key's type, not from the holder's: a `@SharedReader` of a writable key may
    // be its first holder, and a `@Shared` made later writes through this persistence.
    if let writable = key as? any SharedKey<Value> {
      saveValue = { writable.save($0, immediately: $1) }
    } else {
      saveValue = nil
    }
    loadValue = { try key.load() }
    subscribe = { key.subscribe(didChange: $0) }
    if let flushing = key as? any FlushesWhenReleased {
      flush = { flushing.flush() }
    } else {
      flush = nil
    }
    self.defaultValue = defaultValue
  }

  func save(_ value: Value, immediately: Bool) {
    saveValue?(value, immediately)
  }

  /// The stored value, or the default when nothing is stored; notes what a failed load threw.
  func load() throws -> Value {
    do {
      let value = try loadValue() ?? defaultValue
      lastLoadError.withLock { $0 = nil }
      return value
    } catch {
      lastLoadError.withLock { $0 = error }
      throw error
    }
  }

  /// What the last load threw, `nil` once one succeeded.
  var loadError: (any Error)? { lastLoadError.withLock { $0 } }

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
