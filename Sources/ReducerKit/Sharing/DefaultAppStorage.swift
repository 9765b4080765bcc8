import Foundation
import Synchronization

extension DependencyValues {
  /// The `UserDefaults` that `.appStorage` keys read and write when given no `store`.
  ///
  /// Live: the standard defaults. In tests (and previews), a suite of its own per test, empty
  /// when the test starts, so that tests running in parallel never see each other's values and
  /// nothing a test writes reaches the app's defaults. Override it to use a suite of yours:
  ///
  /// ```swift
  /// let store = TestStore(initialState: Settings.State()) { Settings() } withDependencies: {
  ///   $0.defaultAppStorage = UserDefaults(suiteName: "settings-tests")!
  /// }
  /// ```
  ///
  /// On Linux, Foundation's `UserDefaults` posts no change notification when a value is set, so
  /// a `@Shared(.appStorage)` would not see a value written to it directly. The defaults this
  /// dependency gives (live and in tests) post one; a `UserDefaults` you make yourself does not,
  /// and a holder then sees a direct write only when it is next created. Writing through the
  /// `@Shared` itself (`$value.withLock`) is seen everywhere, on every platform.
  public var defaultAppStorage: UserDefaults {
    get { self[DefaultAppStorageKey.self].resolved }
    set { self[DefaultAppStorageKey.self] = .store(UserDefaultsReference(newValue)) }
  }
}

/// Which defaults `defaultAppStorage` names.
enum AppStorageDefaults: Sendable {
  /// The running test's own suite (the app's temporary one outside tests).
  case partition
  case store(UserDefaultsReference)

  var resolved: UserDefaults {
    switch self {
    case .partition: SharedPartition.current.appStorage.defaults
    case .store(let reference): reference.defaults
    }
  }
}

private enum DefaultAppStorageKey: DependencyKey {
  static let liveValue = AppStorageDefaults.store(UserDefaultsReference(.makeStandard()))
  /// NB: resolved on each use, not made here: a default value is cached beyond one test.
  static let testValue = AppStorageDefaults.partition
  static let previewValue = AppStorageDefaults.partition
}

/// A `UserDefaults`, passed between threads.
///
/// NB: `@unchecked Sendable`: `UserDefaults` guards its own storage (with Core Foundation's
/// preferences lock on Linux; Apple documents it as thread-safe), though Linux's Foundation does
/// not mark it `Sendable`.
struct UserDefaultsReference: @unchecked Sendable {
  let defaults: UserDefaults

  init(_ defaults: UserDefaults) {
    self.defaults = defaults
  }
}

extension UserDefaults {
  /// The app's defaults, as `defaultAppStorage` gives them live.
  fileprivate static func makeStandard() -> UserDefaults {
    #if canImport(Darwin)
      return .standard
    #else
      return makeNotifying(suiteName: nil)
    #endif
  }

  /// Defaults of the suite `name` (the app's own for `nil`) that post their changes: Apple's
  /// do; on Linux, a `ChangeNotifyingUserDefaults`.
  private static func makeNotifying(suiteName name: String?) -> UserDefaults {
    #if canImport(Darwin)
      return UserDefaults(suiteName: name) ?? .standard
    #else
      return ChangeNotifyingUserDefaults(suiteName: name) ?? .standard
    #endif
  }

  /// A suite of defaults for one test (or preview), in a file of the temporary directory,
  /// emptied as it is made (a process with the same number may have left one), and removed when
  /// the process exits.
  static func makeTemporary() -> UserDefaults {
    let name =
      NSTemporaryDirectory()
      + "reducerkit.app-storage.\(ProcessInfo.processInfo.processIdentifier)."
      + "\(temporarySuites.add(1, ordering: .relaxed).oldValue)"
    removeAtExit(name)
    let defaults = makeNotifying(suiteName: name)
    defaults.removePersistentDomain(forName: name)
    return defaults
  }
}

private let temporarySuites = Atomic<Int>(0)

/// The temporary suites this process made, to remove when it exits.
private let suitesToRemove = LockedState<[String]>([])

/// Removes the suite `name`, and its file, when the process exits: a test run would otherwise
/// leave a file in the temporary directory for every test that used app storage.
private func removeAtExit(_ name: String) {
  let isFirst = suitesToRemove.withLock { names in
    names.append(name)
    return names.count == 1
  }
  guard isFirst else { return }
  atexit {
    for name in suitesToRemove.withLock({ $0 }) {
      UserDefaults(suiteName: name)?.removePersistentDomain(forName: name)
      try? FileManager.default.removeItem(atPath: name + ".plist")
    }
  }
}

extension SharedPartition {
  /// The partition's own defaults, made when first asked for.
  var appStorage: UserDefaultsReference {
    appStorageSuite.withLock { suite in
      if let suite { return suite }
      let made = UserDefaultsReference(.makeTemporary())
      suite = made
      return made
    }
  }
}

#if !canImport(Darwin)
  /// Defaults that post `UserDefaults.didChangeNotification` when a value is set or removed, as
  /// Apple's do: Linux's Foundation posts none, and `.appStorage` keys listen for it.
  ///
  /// It also removes the value when a `nil` URL is set (`set(nil, forKey:)` picks that
  /// overload): Linux's never returns then.
  final class ChangeNotifyingUserDefaults: UserDefaults {
    override func set(_ url: URL?, forKey defaultName: String) {
      guard let url else {
        removeObject(forKey: defaultName)
        return
      }
      super.set(url, forKey: defaultName)
    }

    override func set(_ value: Any?, forKey defaultName: String) {
      guard let value else {
        removeObject(forKey: defaultName)
        return
      }
      super.set(value, forKey: defaultName)
      NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: self)
    }

    override func removeObject(forKey defaultName: String) {
      super.removeObject(forKey: defaultName)
      NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: self)
    }
  }
#endif
