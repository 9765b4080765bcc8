extension Effect {
  /// Runs an asynchronous operation that can send actions back into the store.
  ///
  /// ```swift
  /// return .run { [numberFact] send in
  ///   let fact = try await numberFact.fetch(count)
  ///   await send(.internal(.factLoaded(fact)))
  /// } catch: { error, send in
  ///   await send(.internal(.factFailed(LoadError(error))))
  /// }
  /// ```
  ///
  /// The operation sees the dependencies in force where the effect was created. It begins once
  /// the `send` that started it has returned (as in TCA), on the cooperative pool, and runs until
  /// it returns, or until it is cancelled (by ID, by its navigation element going away, or by its
  /// store being released).
  ///
  /// > Important: An error thrown out of `operation` when there is no `catch:` handler is a
  /// > runtime warning that names the action that started the effect. `CancellationError` is not.
  @inlinable
  public static func run(
    priority: TaskPriority? = nil,
    name: String? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    Self(
      .run(
        RunEffectReference(
          RunEffect(
            priority: priority,
            name: name,
            operation: operation,
            handler: handler,
            dependencies: DependencyValues.current,
            path: NavigationPath(),
            site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
          )
        )
      )
    )
  }
}
