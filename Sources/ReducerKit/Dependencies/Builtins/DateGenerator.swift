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
  /// `$0.date = .constant(…)` or `$0.date.now = …`.
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}

/// Produces dates: the current date live, a fixed one in tests.
public struct DateGenerator: Sendable {
  private var generate: @Sendable () -> Date

  /// A generator that calls `generate`.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The current date. Setting it makes the generator return that date from then on, as in a
  /// test's `withDependencies: { $0.date.now = Date(timeIntervalSince1970: 0) }`.
  public var now: Date {
    get { generate() }
    set { self = .constant(newValue) }
  }

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
