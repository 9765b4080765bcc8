// A transcription of the part of Apple's XCTest that ReducerKitTesting calls and that
// swift-corelibs-xctest (Linux) lacks, for type-checking only (see SwiftUI/ beside it). Written
// from Apple's XCTest documentation: `XCTExpectFailure(_:enabled:strict:failingBlock:issueMatcher:)`
// and its form without a failing block (macOS 11, iOS 14, tvOS 14, watchOS 7.4 and later), and
// the `XCTIssue` its matcher receives (the porting measurement type-checks TCA's tests with them).

/// An issue XCTest recorded.
public struct XCTIssue {
  /// The issue's description, without its location (what an `issueMatcher` compares).
  public var compactDescription: String
  /// The issue's description, with details.
  public var detailedDescription: String?
}

/// Expects the rest of the test to record a failure (the form without a failing block).
public func XCTExpectFailure(
  _ failureReason: String? = nil, enabled: Bool? = nil, strict: Bool? = nil,
  issueMatcher: ((XCTIssue) -> Bool)? = nil
) {}

public func XCTExpectFailure<R>(
  _ failureReason: String? = nil, enabled: Bool? = nil, strict: Bool? = nil,
  failingBlock: () throws -> R, issueMatcher: ((XCTIssue) -> Bool)? = nil
) rethrows -> R {
  try failingBlock()
}
