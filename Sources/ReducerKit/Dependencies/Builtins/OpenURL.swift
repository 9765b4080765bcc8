import Foundation

#if canImport(SwiftUI)
  import SwiftUI
#endif

extension DependencyValues {
  /// Opens a URL with the system (a web page in the browser, a `mailto:` in the mail app) from
  /// an effect, as swift-dependencies' `openURL`:
  ///
  /// ```swift
  /// @Dependency(\.openURL) var openURL
  /// case .helpTapped:
  ///   return .run { _ in await openURL(URL(string: "https://example.com/help")!) }
  /// ```
  ///
  /// Live: SwiftUI's `openURL` action on every Apple platform (the one a `Link` uses), which is
  /// also what an app extension may call (`UIApplication.shared` is unavailable there); `xdg-open`
  /// on Linux. In tests, calling it without overriding it fails the test; override it to see what
  /// was opened:
  ///
  /// ```swift
  /// let opened = LockIsolated<[URL]>([])
  /// let store = TestStore(initialState: Help.State()) { Help() } withDependencies: {
  ///   $0.openURL = OpenURLEffect { url in opened.withValue { $0.append(url) }; return true }
  /// }
  /// ```
  public var openURL: OpenURLEffect {
    get { self[OpenURLKey.self] }
    set { self[OpenURLKey.self] = newValue }
  }
}

/// Opens URLs (see ``DependencyValues/openURL``).
public struct OpenURLEffect: Sendable {
  /// `nil` for the test value, which reports the call where it was made.
  private let handler: (@Sendable (URL) async -> Bool)?

  /// An effect that opens each URL with `handler`, which returns whether it was opened.
  public init(handler: @escaping @Sendable (URL) async -> Bool) {
    self.handler = handler
  }

  private init(unimplemented: Void) {
    handler = nil
  }

  /// Opens `url`; returns whether it was opened.
  @discardableResult
  public func callAsFunction(
    _ url: URL,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> Bool {
    guard let handler else {
      reportRuntimeWarning(
        """
        Unimplemented: "@Dependency(\\.openURL)" was called with \(url.absoluteString).

        Opening URLs has no implementation in tests. Override it for the test, for example where \
        the store is created: "withDependencies: { $0.openURL = OpenURLEffect { url in …; \
        return true } }".
        """,
        fileID: fileID, filePath: filePath, line: line, column: column)
      return false
    }
    return await handler(url)
  }

  #if os(macOS) || os(Linux)
    /// Opens each URL by running `executable` with the URL as its only argument (`xdg-open`,
    /// `wslview`, a browser): opened when the command exits with status 0.
    ///
    /// > Note: On macOS and Linux only, where a process can start another (Foundation's `Process`).
    public static func command(_ executable: String) -> Self {
      Self { url in
        await withCheckedContinuation { continuation in
          let process = Process()
          process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
          process.arguments = [executable, url.absoluteString]
          process.standardOutput = FileHandle.nullDevice
          process.standardError = FileHandle.nullDevice
          process.terminationHandler = { process in
            continuation.resume(returning: process.terminationStatus == 0)
          }
          do {
            try process.run()
          } catch {
            process.terminationHandler = nil
            continuation.resume(returning: false)
          }
        }
      }
    }
  #endif

  /// The system's way to open URLs.
  static var system: Self {
    #if canImport(SwiftUI)
      // NB: the environment's default action, outside any view: the system's opener in an app,
      // and in an app extension what the system lets the extension open (it answers `false`
      // for the rest), with no API an extension cannot link.
      Self { @MainActor url in
        await withCheckedContinuation { continuation in
          EnvironmentValues().openURL(url) { accepted in continuation.resume(returning: accepted) }
        }
      }
    #elseif os(Linux)
      command("xdg-open")
    #else
      Self { url in
        reportRuntimeWarning(
          """
          "@Dependency(\\.openURL)" cannot open \(url.absoluteString): this platform has no URL \
          opener an app can call.

          Override it where the store is created, with what opening means in your app: \
          "withDependencies: { $0.openURL = OpenURLEffect { url in …; return true } }".
          """,
          fileID: #fileID, filePath: #filePath, line: #line, column: #column)
        return false
      }
    #endif
  }

  /// Fails the test that opens a URL without saying what opening does, where it opens it.
  static let unimplemented = Self(unimplemented: ())
}

private enum OpenURLKey: DependencyKey {
  static let liveValue = OpenURLEffect.system
  static let testValue = OpenURLEffect.unimplemented
}
