extension Result where Failure == any Error {
  /// Captures the outcome of an asynchronous throwing operation.
  ///
  /// ```swift
  /// await send(.internal(.factResponse(Result { try await numberFact.fetch(count) })))
  /// ```
  public init(
    isolation: isolated (any Actor)? = #isolation,
    catching body: () async throws -> Success
  ) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
