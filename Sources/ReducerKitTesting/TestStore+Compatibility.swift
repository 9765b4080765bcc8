import ReducerKit

// The test store's forms that take case paths built by hand (`AnyCasePath`), kept working for
// tests written against them, and deprecated (as in TCA): a received action is named by a case
// pattern (`receive(\.child.loaded)`), compared whole (`receive(.child(.loaded(42)))`) or
// matched by a predicate.

extension TestStore {
  /// Receives the next action, which must be in the case a hand-built case path extracts.
  @available(
    *, deprecated,
    message: "Name the case with a pattern: store.receive(\\.child.loaded)"
  )
  public func receive<Value>(
    _ casePath: AnyCasePath<Action, Value>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      { "an action that the case path extracts" },
      match: {
        casePath.extract(from: $0) == nil ? .mismatch("The case path extracted nothing.") : .match
      },
      timeout: timeout, update: updateStateToExpectedResult,
      at: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Receives the next action, which must be in the case a hand-built case path extracts, with
  /// the payload `value`.
  @available(
    *, deprecated,
    message: "Name the case with a pattern: store.receive(\\.child.loaded, value)"
  )
  public func receive<Value: Equatable>(
    _ casePath: AnyCasePath<Action, Value>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      { "an action that the case path extracts, with \(customDump(value))" },
      match: { action in
        guard let payload = casePath.extract(from: action) else {
          return .mismatch("The case path extracted nothing.")
        }
        guard payload != value else { return .match }
        return .mismatch(
          TestFailures.difference("The payload differs:", expected: value, actual: payload))
      },
      timeout: timeout, update: updateStateToExpectedResult,
      at: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}
