// A transcription of the part of AppKit's public interface that ReducerKit calls, for
// type-checking only (see SwiftUI.swift beside it). Written from Apple's AppKit documentation:
// `NSWorkspace` (macOS).
import Foundation

open class NSWorkspace: @unchecked Sendable {
  open class var shared: NSWorkspace { fatalError() }

  @discardableResult
  open func open(_ url: URL) -> Bool { false }
}
