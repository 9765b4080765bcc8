// A transcription of the part of UIKit's public interface that ReducerKit calls, for
// type-checking only (see SwiftUI.swift beside it). Written from Apple's UIKit documentation:
// `UIApplication` (iOS, iPadOS, Mac Catalyst, tvOS, visionOS), main-actor isolated.
import Foundation

@MainActor @preconcurrency
open class UIApplication {
  public class var shared: UIApplication { fatalError() }

  public struct OpenExternalURLOptionsKey: Hashable, Sendable {
    public init(rawValue: String) {}
  }

  open func open(
    _ url: URL, options: [UIApplication.OpenExternalURLOptionsKey: Any] = [:]
  ) async -> Bool { false }

  open func canOpenURL(_ url: URL) -> Bool { false }
}
