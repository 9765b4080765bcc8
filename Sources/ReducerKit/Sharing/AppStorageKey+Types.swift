import Foundation

// `.appStorage` for each type `UserDefaults` stores (see ``AppStorageKey``): one overload per
// type, as the value's type decides how it is read and written.
extension SharedReaderKey {
  /// A Boolean stored in `UserDefaults` under `key`:
  ///
  /// ```swift
  /// @Shared(.appStorage("isOn")) var isOn = false
  /// ```
  ///
  /// `store` defaults to `@Dependency(\.defaultAppStorage)`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Bool> {
    AppStorageKey(key: key, store: store, coding: .cast(Bool.self))
  }

  /// An optional Boolean stored in `UserDefaults` under `key`; `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Bool?> {
    AppStorageKey(key: key, store: store, coding: .optional(.cast(Bool.self)))
  }

  /// An integer stored in `UserDefaults` under `key`:
  ///
  /// ```swift
  /// @Shared(.appStorage("launches")) var launches = 0
  /// ```
  ///
  /// `store` defaults to `@Dependency(\.defaultAppStorage)`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Int> {
    AppStorageKey(key: key, store: store, coding: .cast(Int.self))
  }

  /// An optional integer stored in `UserDefaults` under `key`; `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Int?> {
    AppStorageKey(key: key, store: store, coding: .optional(.cast(Int.self)))
  }

  /// A double stored in `UserDefaults` under `key`:
  ///
  /// ```swift
  /// @Shared(.appStorage("volume")) var volume = 0.5
  /// ```
  ///
  /// `store` defaults to `@Dependency(\.defaultAppStorage)`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Double> {
    AppStorageKey(key: key, store: store, coding: .double)
  }

  /// An optional double stored in `UserDefaults` under `key`; `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Double?> {
    AppStorageKey(key: key, store: store, coding: .optional(.double))
  }

  /// A string stored in `UserDefaults` under `key`:
  ///
  /// ```swift
  /// @Shared(.appStorage("name")) var name = ""
  /// ```
  ///
  /// `store` defaults to `@Dependency(\.defaultAppStorage)`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<String> {
    AppStorageKey(key: key, store: store, coding: .cast(String.self))
  }

  /// An optional string stored in `UserDefaults` under `key`; `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<String?> {
    AppStorageKey(key: key, store: store, coding: .optional(.cast(String.self)))
  }

  /// A URL stored in `UserDefaults` under `key`:
  ///
  /// ```swift
  /// @Shared(.appStorage("server")) var server = URL(string: "https://example.com")!
  /// ```
  ///
  /// `store` defaults to `@Dependency(\.defaultAppStorage)`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<URL> {
    AppStorageKey(key: key, store: store, coding: .url)
  }

  /// An optional URL stored in `UserDefaults` under `key`; `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<URL?> {
    AppStorageKey(key: key, store: store, coding: .optional(.url))
  }

  /// Data stored in `UserDefaults` under `key`:
  ///
  /// ```swift
  /// @Shared(.appStorage("token")) var token = Data()
  /// ```
  ///
  /// `store` defaults to `@Dependency(\.defaultAppStorage)`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Data> {
    AppStorageKey(key: key, store: store, coding: .cast(Data.self))
  }

  /// An optional data stored in `UserDefaults` under `key`; `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Data?> {
    AppStorageKey(key: key, store: store, coding: .optional(.cast(Data.self)))
  }

  /// A date stored in `UserDefaults` under `key`:
  ///
  /// ```swift
  /// @Shared(.appStorage("since")) var since = Date.distantPast
  /// ```
  ///
  /// `store` defaults to `@Dependency(\.defaultAppStorage)`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Date> {
    AppStorageKey(key: key, store: store, coding: .cast(Date.self))
  }

  /// An optional date stored in `UserDefaults` under `key`; `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Date?> {
    AppStorageKey(key: key, store: store, coding: .optional(.cast(Date.self)))
  }

  /// A value stored in `UserDefaults` as its `Int` raw value:
  ///
  /// ```swift
  /// @Shared(.appStorage("level")) var level = Level.beginner
  /// ```
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value>, Value.RawValue == Int {
    AppStorageKey(key: key, store: store, coding: .raw(.cast(Int.self)))
  }

  /// An optional value stored as its `Int` raw value; `nil` removes it.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value?>, Value.RawValue == Int {
    AppStorageKey(key: key, store: store, coding: .optional(.raw(.cast(Int.self))))
  }

  /// A value stored in `UserDefaults` as its `String` raw value:
  ///
  /// ```swift
  /// @Shared(.appStorage("theme")) var theme = Theme.system
  /// ```
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value>, Value.RawValue == String {
    AppStorageKey(key: key, store: store, coding: .raw(.cast(String.self)))
  }

  /// An optional value stored as its `String` raw value; `nil` removes it.
  public static func appStorage<Value: RawRepresentable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value?>, Value.RawValue == String {
    AppStorageKey(key: key, store: store, coding: .optional(.raw(.cast(String.self))))
  }
}

extension AppStorageCoding<Double> {
  /// A double, also read from an integer stored under the key (Linux's Foundation does not
  /// convert one into the other, as Apple's does).
  static var double: Self {
    .plain(
      read: { defaults, key in
        let object = defaults.object(forKey: key)
        return (object as? Double) ?? (object as? Int).map(Double.init)
      },
      write: { $0.set($2, forKey: $1) })
  }
}

extension AppStorageCoding<URL> {
  /// A URL: through the defaults' own URL methods on Apple platforms (which archive it), as
  /// its absolute string elsewhere.
  ///
  /// NB: Linux's `set(_: URL?, forKey:)` stores only the URL's path, so a web URL came back as
  /// a file URL of its path. A path stored there by `set(_:forKey:)` still reads as a file URL.
  static var url: Self {
    #if canImport(Darwin)
      .plain(read: { $0.url(forKey: $1) }, write: { $0.set($2, forKey: $1) })
    #else
      .plain(
        read: { defaults, key in
          guard let string = defaults.object(forKey: key) as? String else { return nil }
          return string.hasPrefix("/") ? URL(fileURLWithPath: string) : URL(string: string)
        },
        write: { $0.set($2.absoluteString, forKey: $1) })
    #endif
  }
}
