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
  /// The operation sees the dependencies in force where the effect was created. It runs until
  /// it returns, or until it is cancelled (by ID, by its navigation element going away, or by its
  /// store being released).
  ///
  /// > Important: An error thrown out of `operation` when there is no `catch:` handler is a
  /// > runtime warning that names the action that started the effect. `CancellationError` is not.
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
        RunEffect(
          priority: priority,
          name: name,
          operation: operation,
          handler: handler,
          dependencies: DependencyValues.current,
          path: NavigationPath(),
          site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
      )
    )
  }
}

/// One `.run` effect, as the store starts it.
@usableFromInline
package struct RunEffect<Action>: Sendable {
  var priority: TaskPriority?
  var name: String?
  var operation: @Sendable (Send<Action>) async throws -> Void
  var handler: (@Sendable (any Error, Send<Action>) async -> Void)?
  /// The dependencies in force where the effect was created.
  package var dependencies: DependencyValues
  /// The navigation element the effect belongs to.
  package var path: NavigationPath
  let site: SourceSite

  func map<NewAction>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> RunEffect<NewAction> {
    let operation = self.operation
    var mappedHandler: (@Sendable (any Error, Send<NewAction>) async -> Void)?
    if let handler = self.handler {
      mappedHandler = { error, send in await handler(error, send.map(transform)) }
    }
    return RunEffect<NewAction>(
      priority: priority,
      name: name,
      operation: { send in try await operation(send.map(transform)) },
      handler: mappedHandler,
      dependencies: dependencies,
      path: path,
      site: site
    )
  }

  /// Wraps the operation, for operators that install context around child effects.
  package func wrapping(
    _ wrap:
      @escaping @Sendable (
        Send<Action>, _ body: @Sendable () async throws -> Void
      ) async throws -> Void
  ) -> RunEffect<Action> {
    var wrapped = self
    let operation = self.operation
    wrapped.operation = { send in try await wrap(send) { try await operation(send) } }
    return wrapped
  }
}
