import ReducerKit
import Synchronization
import Testing

/// The failures and notes ReducerKit reports while a test of those reports runs, kept in the
/// test's process instead of recorded, so that a passing run of the package's own tests does
/// not list them as known issues.
///
/// ReducerKit's reports all reach the test runner through ``recordTestFailure(_:fileID:filePath:line:column:)``
/// and ``recordTestNote(_:fileID:filePath:line:column:)``; both hand them here first while a
/// capture is set for the task (and the tasks it creates).
package final class IssueCapture: Sendable {
  @TaskLocal package static var current: IssueCapture?

  private let reports = Mutex<[CapturedIssue]>([])

  package init() {}

  /// What was reported, in order.
  package var issues: [CapturedIssue] { reports.withLock { $0 } }

  func append(
    _ message: String, isNote: Bool, fileID: StaticString, filePath: StaticString, line: UInt,
    column: UInt
  ) {
    let location = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    reports.withLock {
      $0.append(
        CapturedIssue(message: message, isNote: isNote, sourceLocation: location.sourceLocation))
    }
  }
}

/// A failure or a note ReducerKit reported inside ``expectIssues(_:sourceLocation:_:matching:)``.
///
/// It has the members of Swift Testing's `Issue` that the package's tests read (`comments`,
/// `description`, `sourceLocation`), so that a test written with `withKnownIssue` reads the same.
package struct CapturedIssue: Sendable, CustomStringConvertible {
  /// The report's text.
  package var message: String
  /// Whether it is a note (a skipped assertion of a non-exhaustive test store) rather than a
  /// failure.
  package var isNote: Bool
  /// Where it was reported (optional, as `Issue.sourceLocation` is, so that tests read alike).
  package var sourceLocation: SourceLocation?

  /// The text, as `Issue.comments` holds it.
  package var comments: [Comment] { [Comment(rawValue: message)] }
  package var description: String { message }
}

/// Runs `body`, which must make ReducerKit report at least one issue, each of which `matching`
/// accepts, and keeps those reports in the process: a test of a failure message passes quietly.
///
/// ```swift
/// await expectIssues {
///   await store.send(.view(.incrementTapped))
/// } matching: { issue in
///   issue.comments.first?.rawValue == "…"
/// }
/// ```
///
/// A report that `matching` rejects, or no report at all, fails the test at the report's place
/// or at this call. An error `body` throws counts as a report ("Caught error: …"). Failures that
/// do not come from ReducerKit (`#expect`, `Issue.record`) are recorded as usual.
@discardableResult
package func expectIssues(
  _ comment: Comment? = nil,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void,
  matching: (CapturedIssue) -> Bool = { _ in true }
) rethrows -> [CapturedIssue] {
  let capture = IssueCapture()
  IssueCapture.$current.withValue(capture) {
    do { try body() } catch { capture.caught(error, at: sourceLocation) }
  }
  return check(capture.issues, comment, matching, at: sourceLocation)
}

/// Runs the asynchronous `body`; see ``expectIssues(_:sourceLocation:_:matching:)``.
@discardableResult
package func expectIssues(
  _ comment: Comment? = nil,
  isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () async throws -> Void,
  matching: (CapturedIssue) -> Bool = { _ in true }
) async rethrows -> [CapturedIssue] {
  let capture = IssueCapture()
  await IssueCapture.$current.withValue(capture) {
    do { try await body() } catch { capture.caught(error, at: sourceLocation) }
  }
  return check(capture.issues, comment, matching, at: sourceLocation)
}

/// Runs `body` and returns what ReducerKit reported inside it, recording nothing: for tests
/// that compare the reports with `#expect`.
package func capturedIssues(
  isolation: isolated (any Actor)? = #isolation,
  _ body: () async throws -> Void
) async rethrows -> [CapturedIssue] {
  let capture = IssueCapture()
  await IssueCapture.$current.withValue(capture) {
    do { try await body() } catch { capture.caught(error, at: #_sourceLocation) }
  }
  return capture.issues
}

extension IssueCapture {
  fileprivate func caught(_ error: any Error, at location: SourceLocation) {
    reports.withLock {
      $0.append(
        CapturedIssue(
          message: "Caught error: \(customDump(error))", isNote: false, sourceLocation: location))
    }
  }
}

private func check(
  _ issues: [CapturedIssue], _ comment: Comment?, _ matching: (CapturedIssue) -> Bool,
  at location: SourceLocation
) -> [CapturedIssue] {
  if issues.isEmpty {
    let detail = comment.map { " (\($0.rawValue))" } ?? ""
    Issue.record(
      "Expected ReducerKit to report an issue\(detail), but it reported none.",
      sourceLocation: location)
  }
  for issue in issues where !matching(issue) {
    Issue.record(
      Comment(rawValue: "An issue that the test did not expect:\n\(issue.message)"),
      sourceLocation: issue.sourceLocation ?? location)
  }
  return issues
}
