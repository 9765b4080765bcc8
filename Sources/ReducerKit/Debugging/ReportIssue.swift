/// Reports something that should not happen, where it happened: a test failure while tests run
/// (an `Issue` in Swift Testing, a failure in XCTest), a warning on standard error in an app.
/// It never stops the program. As swift-issue-reporting's `reportIssue`, which TCA exports.
///
/// ```swift
/// case .rowTapped(let id):
///   guard let row = state.rows[id: id] else {
///     reportIssue("Tapped row \(id), which is not in the list.")
///     return .none
///   }
/// ```
///
/// In a test that expects it, wrap the code in `withKnownIssue { … }`.
public func reportIssue(
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  reportRuntimeWarning(
    message() ?? "An issue was reported.", fileID: fileID, filePath: filePath, line: line,
    column: column)
}

/// Reports an error that should not happen, where it happened, with what it was: a test failure
/// while tests run, a warning on standard error in an app.
///
/// ```swift
/// do {
///   try await database.save(item)
/// } catch {
///   reportIssue(error)
/// }
/// ```
public func reportIssue(
  _ error: any Error,
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let caught = "Caught error: \(customDump(error))"
  reportRuntimeWarning(
    message().map { "\(caught): \($0)" } ?? caught, fileID: fileID, filePath: filePath,
    line: line, column: column)
}

/// Runs `body`, and reports the error it throws (see ``reportIssue(_:_:fileID:filePath:line:column:)``)
/// instead of passing it on: the result, or `nil` when it threw. A cancellation is not an issue:
/// it is passed over quietly.
///
/// ```swift
/// let settings = withErrorReporting {
///   try JSONDecoder().decode(Settings.self, from: data)
/// }
/// ```
@discardableResult
public func withErrorReporting<Result>(
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  catching body: () throws -> Result
) -> Result? {
  do {
    return try body()
  } catch is CancellationError {
    return nil
  } catch {
    reportIssue(
      error, message(), fileID: fileID, filePath: filePath, line: line, column: column)
    return nil
  }
}

/// Runs the asynchronous `body`, and reports the error it throws instead of passing it on: the
/// result, or `nil` when it threw. A cancellation is not an issue: it is passed over quietly.
@discardableResult
public func withErrorReporting<Result>(
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  isolation: isolated (any Actor)? = #isolation,
  catching body: () async throws -> sending Result
) async -> Result? {
  do {
    return try await body()
  } catch is CancellationError {
    return nil
  } catch {
    reportIssue(
      error, message(), fileID: fileID, filePath: filePath, line: line, column: column)
    return nil
  }
}
