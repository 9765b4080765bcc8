// Fixture for .ci/PlatformLint.swift: every use below must be reported (5 of them).
import Foundation

func run() throws {
  let process = Process()  // 1: compiled for iOS, tvOS, watchOS, visionOS too
  try process.run()
}

#if canImport(Darwin)
  let home = FileManager.default.homeDirectoryForCurrentUser  // 2: iOS and its kin are Darwin
#endif

#if !os(Linux)
  func open() { NSWorkspace.shared.open(URL(string: "https://example.com")!) }  // 3: not macOS alone
#endif

#if os(iOS) || os(watchOS)
  func openOnPhone(_ url: URL) { UIApplication.shared.open(url) }  // 4: watchOS has none
#endif

#if os(macOS)
#elseif DEBUG
  func debugOnly() { _ = Process() }  // 5: the #elseif reaches every platform but macOS
#endif
