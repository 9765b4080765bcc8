import Foundation

/// A key whose value is stored in `UserDefaults`: `.appStorage("name")`.
///
/// ```swift
/// struct State: Equatable {
///   @Shared(.appStorage("launchCount")) var launchCount = 0
///   @Shared(.appStorage("theme")) var theme = Theme.system   // a String or Int raw value
///   @Shared(.appStorage("lastSync")) var lastSync: Date?
/// }
/// ```
///
/// The value is read when the first holder is created; while nothing is stored under the name,
/// the holder's default applies. Every change is written at once. A value written to the same
/// defaults elsewhere in the process (another key's holder, or code calling `set(_:forKey:)` on
/// them) replaces the shared value and notifies its observers; removing it brings back the
/// default. A `TestStore` takes such an outside change as the new starting point: it is not a
/// change of the reducer's to assert.
///
/// Values: `Bool`, `Int`, `Double`, `String`, `URL`, `Data`, `Date`, a `RawRepresentable` whose
/// raw value is an `Int` or a `String`, and the optionals of each (`nil` removes the stored
/// value). The defaults are `store`, or `@Dependency(\.defaultAppStorage)` where the key is
/// made: the standard defaults in an app, a suite of the test's own in tests.
///
/// Keys with the same name in the same defaults share one value; a holder asking for it as
/// another type gets a value of its own, with a runtime warning.
///
/// Differs from TCA: the default is not registered with the defaults (`register(defaults:)`),
/// so `defaults.integer(forKey: "launchCount")` reads 0, not the default, until a value is
/// written: registration is process-wide, seen by every suite, and tests running in parallel
/// would see each other's. TCA also offers keys made from a key path of `UserDefaults` (KVO,
/// which Linux does not have). On Linux, outside changes are seen when written to the defaults
/// `defaultAppStorage` gives (see there), not to a `UserDefaults` of your own.
public struct AppStorageKey<Value: Sendable>: SharedKey {
  /// The name the value is stored under.
  public let key: String
  let store: UserDefaultsReference
  let coding: AppStorageCoding<Value>
  /// What the key last read or wrote (`nil` before the first read; `.some(nil)` when nothing was
  /// stored), to tell a change made elsewhere from the notification of its own write.
  let lastSeen = LockedState<Value??>(nil)

  init(key: String, store: UserDefaults?, coding: AppStorageCoding<Value>) {
    self.key = key
    self.store = UserDefaultsReference(store ?? DependencyValues.current.defaultAppStorage)
    self.coding = coding
  }

  public var id: AppStorageKeyID {
    AppStorageKeyID(key: key, store: ObjectIdentifier(store.defaults))
  }

  public var description: String { ".appStorage(\(customDump(key)))" }

  public func load() -> Value? {
    let value = coding.read(store.defaults, key)
    lastSeen.withLock { $0 = .some(value) }
    return value
  }

  public func save(_ value: Value, immediately: Bool) {
    // NB: remembered before writing: the defaults post their change notification while they
    // write, and the key must recognize it as its own.
    lastSeen.withLock { $0 = .some(value) }
    coding.write(store.defaults, key, value)
  }

  public func subscribe(didChange: @escaping @Sendable (Value?) -> Void) -> SharedSubscription {
    // NB: the notification names the defaults, not the key: each one is checked against what
    // the key saw last, so that another key's change, or this key's own write, changes nothing.
    let observer = NotificationCenter.default.addObserver(
      forName: UserDefaults.didChangeNotification, object: store.defaults, queue: nil
    ) { [self] _ in
      let current = coding.read(store.defaults, key)
      let isChange = lastSeen.withLock { seen in
        if case .some(let seen) = seen, coding.isSame(seen, current) { return false }
        seen = .some(current)
        return true
      }
      if isChange { didChange(current) }
    }
    let registration = NotificationObserver(observer)
    return SharedSubscription { NotificationCenter.default.removeObserver(registration.observer) }
  }
}

extension AppStorageKey: KeyFamily {
  static var family: ObjectIdentifier { ObjectIdentifier(AppStorageKeyFamily.self) }
}

/// What tells app storage keys apart: the name and the defaults.
///
/// NB: not nested in the generic key: a nested type is a type per value type, so the IDs of one
/// name asked for as two types would never be equal, and the mix-up would go unreported.
public struct AppStorageKeyID: Hashable, Sendable {
  let key: String
  let store: ObjectIdentifier
}

/// One family for every value type (a nested type would be one per specialization).
private enum AppStorageKeyFamily {}

/// A notification center's registration, passed to the closure that removes it.
///
/// NB: `@unchecked Sendable`: the token is only handed back to `NotificationCenter`, which
/// guards its observers with its own lock.
private struct NotificationObserver: @unchecked Sendable {
  let observer: any NSObjectProtocol

  init(_ observer: any NSObjectProtocol) {
    self.observer = observer
  }
}

/// How a value is read from and written to `UserDefaults`.
struct AppStorageCoding<Value: Sendable>: Sendable {
  /// The stored value, or `nil` when nothing (or something of another type) is stored.
  let read: @Sendable (UserDefaults, String) -> Value?
  /// Stores the value (an optional's `nil` removes it).
  let write: @Sendable (UserDefaults, String, Value) -> Void
  /// Whether two reads found the same value (an optional's `nil` and nothing stored are one).
  let isSame: @Sendable (Value?, Value?) -> Bool
}

extension AppStorageCoding where Value: Equatable {
  /// A value `UserDefaults` stores as it is.
  static func plain(
    read: @escaping @Sendable (UserDefaults, String) -> Value?,
    write: @escaping @Sendable (UserDefaults, String, Value) -> Void
  ) -> Self {
    Self(read: read, write: write, isSame: { $0 == $1 })
  }

  /// A value read back as the type it was stored as.
  static func cast(_: Value.Type) -> Self {
    .plain(read: { $0.object(forKey: $1) as? Value }, write: { $0.set($2, forKey: $1) })
  }
}

extension AppStorageCoding {
  /// A value stored as its raw value.
  static func raw<Raw: Sendable>(_ base: AppStorageCoding<Raw>) -> Self
  where Value: RawRepresentable, Value.RawValue == Raw {
    Self(
      read: { base.read($0, $1).flatMap(Value.init(rawValue:)) },
      write: { base.write($0, $1, $2.rawValue) },
      isSame: { base.isSame($0?.rawValue, $1?.rawValue) })
  }

  /// An optional value: `nil` removes what is stored.
  static func optional<Wrapped: Sendable>(_ base: AppStorageCoding<Wrapped>) -> Self
  where Value == Wrapped? {
    Self(
      read: { defaults, key in base.read(defaults, key).map { .some($0) } },
      write: { defaults, key, value in
        if let value {
          base.write(defaults, key, value)
        } else {
          defaults.removeObject(forKey: key)
        }
      },
      isSame: { base.isSame($0 ?? nil, $1 ?? nil) })
  }
}
