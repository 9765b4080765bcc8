/// Which operations of a feature are in flight, and how the last run of each ended: progress
/// and errors as a plain value in state.
///
/// ```swift
/// enum Operation: Hashable, Sendable { case save, delete }
/// struct State: Equatable {
///   var operations = OperationTracker<Operation>()
/// }
///
/// case .saveTapped:
///   state.operations.start(.save)
///   return .run { send in await send(.saveResponse(Result { try await api.save() })) }
/// case .saveResponse(.success):
///   state.operations.complete(.save)
/// case .saveResponse(.failure(let error)):
///   state.operations.fail(.save, with: error)
///
/// // A view: a spinner while `isActive(.save)`, an alert for `error(for: .save)`.
/// ```
///
/// Starts are counted: two saves in flight stay active until both complete or fail. Starting an
/// operation clears its previous error.
public struct OperationTracker<Operation: Hashable & Sendable>: Hashable, Sendable {
  private var runs: [Operation: Int] = [:]
  private var errors: [Operation: LoadError] = [:]

  /// No operation in flight, no error.
  public init() {}

  /// Marks one run of `operation` as started.
  public mutating func start(_ operation: Operation) {
    runs[operation, default: 0] += 1
    errors[operation] = nil
  }

  /// Marks one run of `operation` as finished successfully.
  public mutating func complete(
    _ operation: Operation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    endRun(operation, "complete", fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Marks one run of `operation` as failed with `error`, which ``error(for:)`` then returns.
  public mutating func fail(
    _ operation: Operation,
    with error: any Error,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    endRun(operation, "fail", fileID: fileID, filePath: filePath, line: line, column: column)
    errors[operation] = LoadError(error)
  }

  /// Ends one run of `operation` with its outcome: ``complete(_:fileID:filePath:line:column:)``
  /// on success, ``fail(_:with:fileID:filePath:line:column:)`` with the error on failure.
  ///
  /// ```swift
  /// case .internal(.saved(let result)):
  ///   state.operations.finish(.save, result)
  /// ```
  public mutating func finish<Success>(
    _ operation: Operation,
    _ result: Result<Success, any Error>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    switch result {
    case .success:
      complete(operation, fileID: fileID, filePath: filePath, line: line, column: column)
    case .failure(let error):
      fail(operation, with: error, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  /// ``finish(_:_:fileID:filePath:line:column:)`` for a typed error, such as `LoadError`.
  @_disfavoredOverload
  public mutating func finish<Success, Failure: Error>(
    _ operation: Operation,
    _ result: Result<Success, Failure>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    finish(
      operation, result.mapError { $0 as any Error },
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Whether a run of `operation` is in flight.
  public func isActive(_ operation: Operation) -> Bool {
    runs[operation] != nil
  }

  /// Whether any operation is in flight.
  public var hasActiveOperations: Bool {
    !runs.isEmpty
  }

  /// The operations in flight.
  public var active: Set<Operation> {
    Set(runs.keys)
  }

  /// Why the last run of `operation` failed, until it starts again or the error is cleared.
  public func error(for operation: Operation) -> LoadError? {
    errors[operation]
  }

  /// Forgets the error of `operation` (the user dismissed it).
  public mutating func clearError(for operation: Operation) {
    errors[operation] = nil
  }

  private mutating func endRun(
    _ operation: Operation, _ verb: String,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    guard let count = runs[operation] else {
      reportRuntimeWarning(
        """
        "\(verb)" was called for an operation that was not in flight; nothing changed.

          Operation:
        \(customDump(operation, indent: 4))

        A run was ended twice, or ended without "start". Call "start" once per run, and end \
        each run exactly once, with "complete" or "fail".
        """,
        fileID: fileID, filePath: filePath, line: line, column: column
      )
      return
    }
    runs[operation] = count == 1 ? nil : count - 1
  }
}
