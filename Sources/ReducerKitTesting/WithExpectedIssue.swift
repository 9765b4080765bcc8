import ReducerKit
import Synchronization
import Testing

/// Runs `body`, which must report an issue (a `reportIssue`, a runtime warning, a failed test
/// store or difference assertion, a thrown error), and keeps that issue from failing the test;
/// when none is reported, that fails the test instead: swift-issue-reporting's function, which
/// TCA exports.
///
/// ```swift
/// @Test func tappingARemovedRowReportsIt() async {
///   let store = TestStore(initialState: Todos.State()) { Todos() }
///   await withExpectedIssue {
///     await store.send(.rowTapped(id: 42))
///   }
/// }
/// ```
///
/// In a Swift Testing test it is `withKnownIssue`. In an XCTest test it works for the issues
/// ReducerKit reports (those listed above), not for `XCTAssert…` failures, which XCTest records
/// directly; each issue is recorded as an expected failure on Apple platforms (as
/// `XCTExpectFailure` records it) and written to standard error, marked, on Linux, whose XCTest
/// has no expected failures. With `isIntermittent`, an issue may or may not occur.
public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: () throws -> Void
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  if Test.current != nil {
    withKnownIssue(
      message.map { Comment(rawValue: $0) }, isIntermittent: isIntermittent,
      sourceLocation: site.sourceLocation, body)
    return
  }
  let issues = ExpectedIssues()
  ExpectedIssues.$current.withValue(issues) {
    do { try body() } catch { issues.record(caught: error, at: site) }
  }
  issues.checkOccurred(message, isIntermittent: isIntermittent, at: site)
}

/// Runs the asynchronous `body`, which must report an issue, and keeps that issue from failing
/// the test; when none is reported, that fails the test instead.
public func withExpectedIssue(
  _ message: String? = nil,
  isIntermittent: Bool = false,
  isolation: isolated (any Actor)? = #isolation,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ body: () async throws -> Void
) async {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  if Test.current != nil {
    await withKnownIssue(
      message.map { Comment(rawValue: $0) }, isIntermittent: isIntermittent,
      isolation: isolation, sourceLocation: site.sourceLocation, body)
    return
  }
  let issues = ExpectedIssues()
  await ExpectedIssues.$current.withValue(issues) {
    do { try await body() } catch { issues.record(caught: error, at: site) }
  }
  issues.checkOccurred(message, isIntermittent: isIntermittent, at: site)
}

/// The issues reported inside a `withExpectedIssue` outside Swift Testing, which
/// `recordTestFailure` hands here instead of failing the test.
final class ExpectedIssues: Sendable {
  @TaskLocal static var current: ExpectedIssues?

  private let messages = Mutex<[String]>([])

  /// Keeps an issue as expected; so that it is seen, it is recorded as an expected failure
  /// (XCTest on Apple platforms) or written to standard error, marked.
  func record(
    _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    messages.withLock { $0.append(message) }
    if FailureDestination.current == .xcTest,
      recordExpectedXCTestFailure(
        message, reason: "Inside withExpectedIssue", filePath: filePath, line: line)
    {
      return
    }
    RuntimeWarnings.writeToStandardError(
      RuntimeWarning(
        message: "(expected issue) " + message, fileID: fileID, filePath: filePath, line: line,
        column: column))
  }

  /// Keeps an error the body threw as the expected issue.
  func record(caught error: any Error, at site: CallSite) {
    record(
      "\"withExpectedIssue\" caught an error: \(customDump(error))", fileID: site.fileID,
      filePath: site.filePath, line: site.line, column: site.column)
  }

  /// Fails at `site` unless an issue was recorded (or it may be missing).
  func checkOccurred(_ message: String?, isIntermittent: Bool, at site: CallSite) {
    guard !isIntermittent, messages.withLock(\.isEmpty) else { return }
    let detail = message.map { " (\($0))" } ?? ""
    recordTestFailure(
      """
      "withExpectedIssue" expected an issue\(detail), but none was reported.

      The code inside it ran without reporting an issue, a runtime warning or a test store \
      failure, and without throwing. If the issue happens only sometimes, pass \
      "isIntermittent: true"; if it no longer happens, remove "withExpectedIssue".
      """,
      at: site)
  }
}
