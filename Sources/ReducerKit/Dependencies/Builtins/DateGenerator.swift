import Foundation

extension DependencyValues {
  /// The current date.
  ///
  /// ```swift
  /// @Dependency(\.date.now) var now
  /// state.createdAt = now
  /// ```
  ///
  /// Live: `Date()`. In tests, reading it fails the test; override it with
  /// `$0.date = .constant(…)`.
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}

/// Produces dates: the current date live, a fixed one in tests.
public struct DateGenerator: Sendable {
  private let generate: @Sendable () -> Date

  /// A generator that calls `generate`.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The current date.
  public var now: Date { generate() }

  /// The current date.
  public func callAsFunction() -> Date { generate() }

  /// A generator that always returns `now`.
  public static func constant(_ now: Date) -> Self {
    Self { now }
  }
}

private enum DateGeneratorKey: DependencyKey {
  static let liveValue = DateGenerator { Date() }
  static var testValue: DateGenerator {
    DateGenerator(
      unimplemented(
        #"@Dependency(\.date)"#, placeholder: Date(timeIntervalSinceReferenceDate: 0)
      )
    )
  }
}
