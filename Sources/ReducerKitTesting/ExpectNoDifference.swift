import ReducerKit

/// Expects two values to be equal, and when they are not, fails with a diff of their dumps
/// instead of two long descriptions: custom-dump's assertion, which TCA exports.
///
/// ```swift
/// expectNoDifference(store.state.rows.map(\.title), ["Milk", "Eggs"])
/// ```
///
/// The failure marks the first value's lines `−` and the second's `+`:
///
/// ```text
/// "expectNoDifference" found the two values different.
///
///       [
///     −   [0]: "Milk",
///     +   [0]: "Bread",
///         [1]: "Eggs"
///       ]
///
/// (First: −, Second: +)
/// ```
///
/// Works in Swift Testing and XCTest tests alike; an error thrown by either expression is a
/// failure too.
public func expectNoDifference<T: Equatable>(
  _ expression1: @autoclosure () throws -> T,
  _ expression2: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  checkNoDifference(
    api: "expectNoDifference", expression1, expression2, message: message(), at: site)
}

// swift-format-ignore: AlwaysUseLowerCamelCase
// NB: named in XCTest's fashion, as older tests call it.
/// ``expectNoDifference(_:_:_:fileID:filePath:line:column:)`` under the name older tests use.
public func XCTAssertNoDifference<T: Equatable>(
  _ expression1: @autoclosure () throws -> T,
  _ expression2: @autoclosure () throws -> T,
  _ message: @autoclosure () -> String? = nil,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  checkNoDifference(
    api: "XCTAssertNoDifference", expression1, expression2, message: message(), at: site)
}

/// The check behind both names: evaluates the two expressions and fails, naming `api`, when
/// they differ.
func checkNoDifference<T: Equatable>(
  api: String,
  _ expression1: () throws -> T,
  _ expression2: () throws -> T,
  message: String?,
  at site: CallSite
) {
  do {
    let first = try expression1()
    let second = try expression2()
    guard first != second else { return }
    recordTestFailure(
      DifferenceFailures.different(
        api: api, first: first, second: second, legend: "(First: −, Second: +)",
        message: message,
        advice: "Make them equal: change the value the test expects, or fix the code that "
          + "produced the other."),
      at: site)
  } catch {
    recordTestFailure(DifferenceFailures.threw(api: api, error: error, message: message), at: site)
  }
}

/// The texts of the difference assertions' failures.
enum DifferenceFailures {
  /// Two values that differ: their diff, or their one dump when they dump the same.
  static func different(
    api: String, first: Any, second: Any, legend: String, message: String?, advice: String
  ) -> String {
    guard let difference = diff(first, second) else {
      return """
        "\(api)" found the two values different, but they dump identically.\(suffix(message))

        \(indented(customDump(first)))

        Their "==" compares something their dump does not show, such as an object's identity or \
        a field a custom dump leaves out. Compare that part of them directly.
        """
    }
    return """
      "\(api)" found the two values different.\(suffix(message))

      \(indented(difference))

      \(legend)

      \(advice)
      """
  }

  static func threw(api: String, error: any Error, message: String?) -> String {
    """
    "\(api)" threw an error: \(customDump(error)).\(suffix(message))

    An expression (or the operation) threw before the values could be compared. Make it \
    succeed, or assert the error with "#expect(throws:)".
    """
  }

  /// The caller's own message, after the headline.
  private static func suffix(_ message: String?) -> String {
    guard let message, !message.isEmpty else { return "" }
    return " " + message
  }

  /// Text moved right by four spaces, as failure messages show values.
  private static func indented(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "    \($0)" }.joined(separator: "\n")
  }
}
