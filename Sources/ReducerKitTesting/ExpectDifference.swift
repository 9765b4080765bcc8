import ReducerKit

/// Expects `operation` to change a value exactly as `changes` describes: the value before,
/// changed by `changes`, must equal the value after. A test store's assertion closure, for
/// any value: custom-dump's assertion, which TCA exports.
///
/// ```swift
/// var counter = Counter()
/// expectDifference(counter) {
///   counter.increment()
/// } changes: {
///   $0.count = 1
///   $0.isOdd = true
/// }
/// ```
///
/// A field the operation changed and `changes` leaves alone fails, with a diff (expected `−`,
/// actual `+`). Without an operation, it asserts only what `changes` sets, against a value
/// that already changed: `expectDifference(counter) { $0.count = 1 }` after the increment
/// passes whatever `isOdd` became.
public func expectDifference<T: Equatable>(
  _ expression: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String? = nil,
  operation: () throws -> Void = {},
  changes updateExpectingResult: (inout T) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  checkDifference(
    api: "expectDifference", expression, message(), operation: operation,
    changes: updateExpectingResult,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// Expects the asynchronous `operation` to change a value exactly as `changes` describes.
///
/// ```swift
/// await expectDifference(model.state) {
///   await model.refreshTapped()
/// } changes: {
///   $0.isRefreshing = false
///   $0.items = [item]
/// }
/// ```
public func expectDifference<T: Equatable>(
  _ expression: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String? = nil,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> Void = {},
  changes updateExpectingResult: (inout T) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  do {
    var expected = try expression()
    try updateExpectingResult(&expected)
    try await operation()
    checkChanges(api: "expectDifference", expected, try expression(), message(), at: site)
  } catch {
    recordTestFailure(
      DifferenceFailures.threw(api: "expectDifference", error: error, message: message()),
      at: site)
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
// NB: named in XCTest's fashion, as older tests call it.
/// ``expectDifference(_:_:operation:changes:fileID:filePath:line:column:)`` under the name
/// older tests use.
public func XCTAssertDifference<T: Equatable>(
  _ expression: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String? = nil,
  operation: () throws -> Void = {},
  changes updateExpectingResult: (inout T) throws -> Void,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  checkDifference(
    api: "XCTAssertDifference", expression, message(), operation: operation,
    changes: updateExpectingResult,
    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// The check behind both synchronous names: the value before, changed by `changes`, must be the
/// value after `operation`.
private func checkDifference<T: Equatable>(
  api: String,
  _ expression: () throws -> T,
  _ message: String?,
  operation: () throws -> Void,
  changes updateExpectingResult: (inout T) throws -> Void,
  at site: CallSite
) {
  do {
    var expected = try expression()
    try updateExpectingResult(&expected)
    try operation()
    checkChanges(api: api, expected, try expression(), message, at: site)
  } catch {
    recordTestFailure(DifferenceFailures.threw(api: api, error: error, message: message), at: site)
  }
}

/// Fails, naming `api`, when the value after the operation is not the expected one.
private func checkChanges<T: Equatable>(
  api: String, _ expected: T, _ actual: T, _ message: String?, at site: CallSite
) {
  guard expected != actual else { return }
  recordTestFailure(
    DifferenceFailures.different(
      api: api, first: expected, second: actual, legend: "(Expected: −, Actual: +)",
      message: message,
      advice: "The expected value is the value before the operation, changed by \"changes\". "
        + "Make \"changes\" describe what the operation did, or fix the operation."),
    at: site)
}
