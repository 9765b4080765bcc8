// Fixture for .ci/PlatformLint.swift: nothing below may be reported.
import Foundation

#if os(macOS) || os(Linux)
  func run() throws {
    let process = Process()
    try process.run()
  }
#endif

#if canImport(AppKit)
  func open() { NSWorkspace.shared.open(URL(string: "https://example.com")!) }
#elseif canImport(UIKit) && !os(watchOS)
  func open(_ url: URL) { UIApplication.shared.open(url) }
#else
  // Process() here would be reported: a comment is not code.
#endif

#if os(Linux)
  let home = FileManager.default.homeDirectoryForCurrentUser
#elseif os(macOS) && DEBUG
  let debugHome = FileManager.default.homeDirectoryForCurrentUser
#endif

/* Process() in a block comment is not code either. */

// A flag only CI's type-check sets counts as false: this line is compiled on Apple platforms.
#if canImport(ObjectiveC) || REDUCERKIT_TYPECHECK_APPLE_XCTEST
  func expectFailure() { XCTExpectFailure("known") { XCTFail("known") } }
#endif
