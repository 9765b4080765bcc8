// A transcription of part of UIKit's public interface, for type-checking only (see README.md
// beside it). ReducerKit itself calls none of it since `openURL` goes through SwiftUI; it is kept
// for views that call it and for the app-extension fixture of .ci/platform-typecheck. Written
// from Apple's UIKit documentation: `UIApplication` (iOS, iPadOS, Mac Catalyst, tvOS, visionOS),
// main-actor isolated; `shared` and `open(_:options:)` unavailable in app extensions.
import Foundation

@available(watchOS, unavailable)
@MainActor @preconcurrency
open class UIApplication {
  @available(iOSApplicationExtension, unavailable)
  @available(tvOSApplicationExtension, unavailable)
  @available(visionOSApplicationExtension, unavailable)
  public class var shared: UIApplication { fatalError() }

  public struct OpenExternalURLOptionsKey: Hashable, Sendable {
    public init(rawValue: String) {}
  }

  @available(iOSApplicationExtension, unavailable)
  @available(tvOSApplicationExtension, unavailable)
  @available(visionOSApplicationExtension, unavailable)
  open func open(
    _ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:]
  ) async -> Bool { false }

  open func canOpenURL(_ url: URL) -> Bool { false }
}
