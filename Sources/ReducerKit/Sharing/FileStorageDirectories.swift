import Foundation

#if !canImport(Darwin)
  // NB: Foundation on Apple platforms has these; swift-foundation leaves them out elsewhere, so
  // a file storage URL written as TCA's documentation writes it
  // (`.fileStorage(.documentsDirectory.appending(component: "settings.json"))`) would not compile
  // on Linux. They answer what `FileManager` answers for the same directory.
  extension URL {
    /// The user's documents directory (`~/Documents` on Linux), as on Apple platforms.
    ///
    /// ```swift
    /// @Shared(.fileStorage(.documentsDirectory.appending(component: "settings.json")))
    /// var settings = Settings()
    /// ```
    public static var documentsDirectory: URL { directory(.documentDirectory) }

    /// The application support directory (`~/.local/share` on Linux), as on Apple platforms.
    public static var applicationSupportDirectory: URL { directory(.applicationSupportDirectory) }

    /// The caches directory (`~/.cache` on Linux), as on Apple platforms.
    public static var cachesDirectory: URL { directory(.cachesDirectory) }

    private static func directory(_ directory: FileManager.SearchPathDirectory) -> URL {
      FileManager.default.urls(for: directory, in: .userDomainMask).first
        ?? FileManager.default.homeDirectoryForCurrentUser
    }
  }
#endif
