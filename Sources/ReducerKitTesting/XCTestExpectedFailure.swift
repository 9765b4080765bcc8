import XCTest

#if REDUCERKIT_TYPECHECK_APPLE_XCTEST
  // NB: CI's type-check on Linux (.ci/swiftui-typecheck) only: a transcription of the part of
  // Apple's XCTest that swift-corelibs-xctest lacks (.ci/apple-sdk/XCTestApple.swift).
  import XCTestApple
#endif

/// Records `message` as an expected failure of the XCTest test that is running: listed with the
/// test's results (Xcode shows it greyed), without failing the test. Returns `false`, and
/// records nothing, where XCTest has no expected failures (swift-corelibs-xctest, on Linux); the
/// caller then writes the message to standard error.
///
/// Used for what a test asked not to fail on but should still see: an issue inside
/// `withExpectedIssue`, an assertion a non-exhaustive test store skipped. TCA reports both the
/// same way on Apple platforms.
///
/// NB: `XCTExpectFailure` matches the failure recorded in its block on the same thread (off the
/// test's main thread it matches nothing else), so the two always meet.
func recordExpectedXCTestFailure(
  _ message: String, reason: String, filePath: StaticString, line: UInt
) -> Bool {
  #if canImport(ObjectiveC) || REDUCERKIT_TYPECHECK_APPLE_XCTEST
    XCTExpectFailure(reason, strict: true) {
      XCTFail(message, file: filePath, line: line)
    }
    return true
  #else
    return false
  #endif
}
