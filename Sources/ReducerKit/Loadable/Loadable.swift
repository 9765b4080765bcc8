/// A value that is loaded asynchronously, and keeps what the user already sees while it
/// reloads or after a reload fails.
///
/// ```swift
/// struct State: Equatable {
///   var profile: Loadable<Profile> = .idle
/// }
///
/// case .refreshPulled:
///   state.profile.startLoading()            // .loading(previous: the current profile)
///   return .load(id: CancelID.profile, response: Action.profileResponse) {
///     try await api.profile()
///   }
/// case .profileResponse(let result):
///   state.profile.finish(result)            // .loaded, or .failed keeping the old profile
///   return .none
/// ```
///
/// A view shows `value` (the newest value there is), a spinner while `isLoading`, and `error`
/// when the last load failed.
public enum Loadable<Value> {
  /// Nothing loaded and nothing loading.
  case idle
  /// A load is in flight; `previous` is the value from before it, if any.
  case loading(previous: Value?)
  /// The value loaded.
  case loaded(Value)
  /// The last load failed; `previous` is the value from before it, if any.
  case failed(LoadError, previous: Value?)

  /// The newest value there is: the loaded one, or the one kept while loading or after a
  /// failure.
  public var value: Value? {
    switch self {
    case .idle: nil
    case .loading(let previous): previous
    case .loaded(let value): value
    case .failed(_, let previous): previous
    }
  }

  /// Whether a load is in flight.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// Why the last load failed, if it did.
  public var error: LoadError? {
    if case .failed(let error, _) = self { return error }
    return nil
  }

  /// Whether nothing was ever loaded nor is loading.
  public var isIdle: Bool {
    if case .idle = self { return true }
    return false
  }

  /// Whether the last load failed.
  public var isFailed: Bool {
    if case .failed = self { return true }
    return false
  }

  /// Whether there is a value to show: loaded, or kept while reloading or after a failure.
  public var hasValue: Bool { value != nil }

  /// Marks a load as started, keeping the current value.
  public mutating func startLoading() {
    self = .loading(previous: value)
  }

  /// Starts a load unless one is in flight or a value is loaded: returns `true` when it started
  /// one (from idle, or after a failure), so the reducer knows whether to return the effect.
  ///
  /// ```swift
  /// case .view(.onAppear):
  ///   guard state.profile.startLoadingIfNeeded() else { return .none }
  ///   return .load(id: CancelID.profile, response: Action.profileResponse) { … }
  /// ```
  @discardableResult
  public mutating func startLoadingIfNeeded() -> Bool {
    switch self {
    case .idle, .failed:
      startLoading()
      return true
    case .loading, .loaded:
      return false
    }
  }

  /// Records the outcome of a load: the new value, or the error (keeping the current value).
  public mutating func finish(_ result: Result<Value, any Error>) {
    switch result {
    case .success(let value): self = .loaded(value)
    case .failure(let error): self = .failed(LoadError(error), previous: value)
    }
  }

  /// Records the outcome of a load with a typed error, such as `Result<Value, LoadError>` (which
  /// keeps actions `Equatable`).
  @_disfavoredOverload
  public mutating func finish<Failure: Error>(_ result: Result<Value, Failure>) {
    finish(result.mapError { $0 as any Error })
  }

  /// Forgets the value and any error.
  public mutating func reset() {
    self = .idle
  }

  /// The same loading state with the value (current or kept) transformed.
  ///
  /// ```swift
  /// let names: Loadable<[String]> = state.users.map { $0.map(\.name) }
  /// ```
  public func map<NewValue>(
    _ transform: (Value) throws -> NewValue
  ) rethrows -> Loadable<NewValue> {
    switch self {
    case .idle: .idle
    case .loading(let previous): .loading(previous: try previous.map(transform))
    case .loaded(let value): .loaded(try transform(value))
    case .failed(let error, let previous): .failed(error, previous: try previous.map(transform))
    }
  }
}

extension Loadable: Equatable where Value: Equatable {}
extension Loadable: Hashable where Value: Hashable {}
extension Loadable: Sendable where Value: Sendable {}
extension Loadable: Codable where Value: Codable {}

extension Effect {
  /// Runs a load whose newest run wins: starting it again cancels the one in flight, so a slow
  /// early response can never overwrite a newer one.
  ///
  /// ```swift
  /// case .searchChanged(let query):
  ///   state.results.startLoading()
  ///   return .load(id: CancelID.search, response: Action.searchResponse) {
  ///     try await api.search(query)
  ///   }
  /// ```
  ///
  /// It is `.run` sending `response(Result { try await operation() })`, made
  /// `.cancellable(id:cancelInFlight: true)`. A cancelled load sends nothing. To keep actions
  /// `Equatable`, take the response as `Result<Value, LoadError>` (the other overload).
  public static func load<Value>(
    id: some Hashable & Sendable,
    response: @escaping @Sendable (Result<Value, any Error>) -> Action,
    operation: @escaping @Sendable () async throws -> Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self where Action: Sendable {
    .run(
      operation: { send in
        let result = await Result { try await operation() }
        guard !Task.isCancelled else { return }
        await send(response(result))
      },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
    .cancellable(id: id, cancelInFlight: true)
  }

  /// A load whose newest run wins, responding with `Result<Value, LoadError>` so that the
  /// action carrying it can be `Equatable`.
  ///
  /// ```swift
  /// case profileResponse(Result<Profile, LoadError>)
  /// …
  /// return .load(id: CancelID.profile, response: Action.profileResponse) {
  ///   try await api.profile()
  /// }
  /// ```
  public static func load<Value>(
    id: some Hashable & Sendable,
    response: @escaping @Sendable (Result<Value, LoadError>) -> Action,
    operation: @escaping @Sendable () async throws -> Value,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self where Action: Sendable {
    load(
      id: id,
      response: { (result: Result<Value, any Error>) in response(result.mapError(LoadError.init)) },
      operation: operation,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
}
