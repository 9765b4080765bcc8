extension DependencyValues {
  /// Checks a condition the code relies on, as Swift's `assert` does in an app, and reports a
  /// failed check as a test failure in tests instead of stopping the test process.
  ///
  /// ```swift
  /// @Dependency(\.assert) var assert
  /// assert(state.count >= 0, "The count went below zero")
  /// ```
  ///
  /// A test asserts that a check fails with `withKnownIssue { … }`.
  public var assert: AssertionEffect {
    get { self[AssertKey.self] }
    set { self[AssertKey.self] = newValue }
  }

  /// Checks a condition as Swift's `precondition` does (in optimized builds too) in an app; in
  /// tests, a failed check is a test failure, and the code goes on.
  public var precondition: AssertionEffect {
    get { self[PreconditionKey.self] }
    set { self[PreconditionKey.self] = newValue }
  }

  /// Fails an assertion: ``assert`` with a false condition.
  ///
  /// ```swift
  /// @Dependency(\.assertionFailure) var assertionFailure
  /// assertionFailure("A row was tapped that is not in the list")
  /// ```
  public var assertionFailure: AssertionFailureEffect {
    AssertionFailureEffect(assert: self[AssertKey.self])
  }
}

/// Checks a condition (see ``DependencyValues/assert`` and ``DependencyValues/precondition``).
public struct AssertionEffect: Sendable {
  private let check:
    @Sendable (Bool, @autoclosure () -> String, StaticString, StaticString, UInt, UInt) -> Void

  /// An effect that hands each check to `check`: the condition's value, the message, and where
  /// the check was written.
  public init(
    _ check:
      @escaping @Sendable (
        _ condition: Bool, _ message: @autoclosure () -> String, _ fileID: StaticString,
        _ filePath: StaticString, _ line: UInt, _ column: UInt
      ) -> Void
  ) {
    self.check = check
  }

  /// Checks `condition`; `message` says what went wrong when it is false.
  public func callAsFunction(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    check(condition(), message(), fileID, filePath, line, column)
  }

  /// Swift's `assert`: a failed check stops the process in debug builds.
  public static let swiftAssert = AssertionEffect { condition, message, _, filePath, line, _ in
    Swift.assert(condition, message(), file: filePath, line: line)
  }

  /// Swift's `precondition`: a failed check stops the process.
  public static let swiftPrecondition = AssertionEffect {
    condition, message, _, filePath, line, _ in
    Swift.precondition(condition, message(), file: filePath, line: line)
  }

  /// A failed check is an issue (``reportIssue(_:fileID:filePath:line:column:)``): a test
  /// failure in tests, a warning outside them; the code goes on.
  public static let reportingIssue = AssertionEffect {
    condition, message, fileID, filePath, line, column in
    guard !condition else { return }
    let text = message()
    reportIssue(
      text.isEmpty ? "An assertion failed." : "An assertion failed: \(text)", fileID: fileID,
      filePath: filePath, line: line, column: column)
  }
}

/// Fails an assertion (see ``DependencyValues/assertionFailure``).
public struct AssertionFailureEffect: Sendable {
  let assert: AssertionEffect

  /// Fails the assertion; `message` says what went wrong.
  public func callAsFunction(
    _ message: @autoclosure () -> String = "",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    assert(false, message(), fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

private enum AssertKey: DependencyKey {
  static let liveValue = AssertionEffect.swiftAssert
  static let testValue = AssertionEffect.reportingIssue
}

private enum PreconditionKey: DependencyKey {
  static let liveValue = AssertionEffect.swiftPrecondition
  static let testValue = AssertionEffect.reportingIssue
}
