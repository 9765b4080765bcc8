// A transcription of the part of Apple's XCTest that ReducerKitTesting calls and that
// swift-corelibs-xctest (Linux) lacks, for type-checking only (see SwiftUI/ beside it). Written
// from Apple's XCTest documentation: `XCTExpectFailure(_:enabled:strict:failingBlock:issueMatcher:)`
// (macOS 11, iOS 14, tvOS 14, watchOS 7.4 and later) and the `XCTIssue` its matcher receives.

/// An issue XCTest recorded (only its name matters here).
public struct XCTIssue {}

public func XCTExpectFailure<R>(
  _ failureReason: String? = nil, enabled: Bool? = nil, strict: Bool? = nil,
  failingBlock: () throws -> R, issueMatcher: ((XCTIssue) -> Bool)? = nil
) rethrows -> R {
  try failingBlock()
}
