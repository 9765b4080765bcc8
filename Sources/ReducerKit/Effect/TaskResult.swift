/// The outcome of asynchronous work, as TCA's `TaskResult`: a `Result` whose failure is any
/// error, and which stays `Equatable` (and `Hashable`) when its value is, so that actions that
/// carry it can be compared in tests.
///
/// ```swift
/// enum Action: Equatable, Sendable {
///   case factResponse(TaskResult<String>)
/// }
///
/// return .run { [count = state.count] send in
///   await send(.factResponse(TaskResult { try await numberFact.fetch(count) }))
/// }
///
/// await store.receive(.factResponse(.success("0 is a good number.")))
/// ```
///
/// Two failures are equal when their errors are: by `==` for `Equatable` errors; otherwise when
/// the errors are of one type and, for an enum, of one case (payloads are not compared), as TCA
/// compares them through `NSError`'s domain and code. `Result<Value, any Error>` works as well
/// where nothing compares the action.
public enum TaskResult<Success: Sendable>: Sendable {
  /// The work returned `Success`.
  case success(Success)
  /// The work threw.
  case failure(any Error)

  /// The outcome of `body`: its value, or the error it threw.
  public init(catching body: @Sendable () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }

  /// The same outcome as `result`.
  public init<Failure>(_ result: Result<Success, Failure>) {
    switch result {
    case .success(let value): self = .success(value)
    case .failure(let error): self = .failure(error)
    }
  }

  /// The value, or the error thrown.
  public var value: Success {
    get throws {
      switch self {
      case .success(let value): return value
      case .failure(let error): throw error
      }
    }
  }

  /// The value transformed by `transform`, or the same failure.
  public func map<NewSuccess: Sendable>(
    _ transform: (Success) -> NewSuccess
  ) -> TaskResult<NewSuccess> {
    switch self {
    case .success(let value): .success(transform(value))
    case .failure(let error): .failure(error)
    }
  }

  /// The outcome `transform` makes of the value, or the same failure.
  public func flatMap<NewSuccess: Sendable>(
    _ transform: (Success) -> TaskResult<NewSuccess>
  ) -> TaskResult<NewSuccess> {
    switch self {
    case .success(let value): transform(value)
    case .failure(let error): .failure(error)
    }
  }
}

extension Result where Success: Sendable, Failure == any Error {
  /// The same outcome as `result`.
  public init(_ result: TaskResult<Success>) {
    switch result {
    case .success(let value): self = .success(value)
    case .failure(let error): self = .failure(error)
    }
  }
}

extension TaskResult: Equatable where Success: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.success(let lhs), .success(let rhs)): lhs == rhs
    case (.failure(let lhs), .failure(let rhs)): ErrorIdentity(lhs) == ErrorIdentity(rhs)
    default: false
    }
  }
}

extension TaskResult: Hashable where Success: Hashable {
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .success(let value):
      hasher.combine(0)
      hasher.combine(value)
    case .failure(let error):
      hasher.combine(1)
      hasher.combine(ErrorIdentity(error))
    }
  }
}

/// What tells two errors apart in a ``TaskResult``: the errors themselves when they are
/// `Equatable` (and `Hashable`); otherwise their type and, for an enum, their case.
private struct ErrorIdentity: Hashable {
  let error: any Error

  init(_ error: any Error) {
    self.error = error
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    if let equatable = equatable(lhs.error) {
      func isEqual<Equated: Equatable>(_ value: Equated) -> Bool {
        (rhs.error as? Equated) == value
      }
      return isEqual(equatable)
    }
    return type(of: lhs.error) == type(of: rhs.error) && lhs.caseName == rhs.caseName
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: error)))
    if let hashable = Self.hashable(error) {
      hasher.combine(AnyHashable(hashable))
    } else {
      hasher.combine(caseName)
    }
  }

  // NB: through `Any`: cast from an error, the compiler assumes it bridges to `NSError` (which
  // is `Hashable`) and warns that the cast always succeeds, though without Objective-C it does
  // not.
  private static func equatable(_ value: Any) -> (any Equatable)? {
    value as? any Equatable
  }

  private static func hashable(_ value: Any) -> (any Hashable)? {
    value as? any Hashable
  }

  /// The error's case when it is an enum (its name, without the payload); `nil` otherwise.
  ///
  /// NB: through `Mirror`: errors are compared in tests, never on a hot path.
  private var caseName: String? {
    let mirror = Mirror(reflecting: error)
    guard mirror.displayStyle == .enum else { return nil }
    return mirror.children.first?.label ?? "\(error)"
  }
}
