import ReducerKit

/// Timeouts in nanoseconds, as TCA's test store also takes them (`timeout: NSEC_PER_SEC`), next
/// to the `Duration` forms: each converts and calls its `Duration` form.
extension TestStore {
  /// Receives the next action, matching it by case, waiting up to `nanoseconds` for it.
  ///
  /// ```swift
  /// await store.receive(\.internal.loaded, timeout: NSEC_PER_SEC) { $0.isLoading = false }
  /// ```
  public func receive(
    _ pattern: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      pattern, timeout: .nanoseconds(nanoseconds), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Receives the next action, matching it by case and by the innermost payload, waiting up to
  /// `nanoseconds`.
  public func receive<Value: Equatable>(
    _ pattern: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    _ value: Value,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      pattern, value, timeout: .nanoseconds(nanoseconds), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Receives the next action, which must equal `expectedAction`, waiting up to `nanoseconds`.
  public func receive(
    _ expectedAction: Action,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      expectedAction, timeout: .nanoseconds(nanoseconds), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Receives the next action, which must satisfy `isMatching`, waiting up to `nanoseconds`.
  public func receive(
    _ isMatching: (Action) -> Bool,
    timeout nanoseconds: UInt64,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      where: isMatching, timeout: .nanoseconds(nanoseconds), assert: updateStateToExpectedResult,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Waits up to `nanoseconds` for every effect to finish, then checks the end of the test.
  public func finish(
    timeout nanoseconds: UInt64,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await finish(
      timeout: .nanoseconds(nanoseconds), fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}

extension TestStoreTask {
  /// Waits up to `nanoseconds` for the effects to finish.
  public func finish(
    timeout nanoseconds: UInt64,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await finish(
      timeout: .nanoseconds(nanoseconds), fileID: fileID, filePath: filePath, line: line,
      column: column)
  }
}
