import ReducerKit
import Testing

/// Changes the dependencies a Swift Testing test (or every test of a suite) runs with: written
/// as a trait instead of wrapping the test's body in `withDependencies`.
///
/// ```swift
/// @Suite(.dependency(\.continuousClock, ImmediateClock()))
/// struct TimerTests {
///   @Test(.dependency(\.uuid, .incrementing))
///   func addTodo() async {
///     let store = TestStore(initialState: Todos.State()) { Todos() }
///     …
///   }
/// }
/// ```
///
/// Everything the test creates sees the changed values: a `TestStore` (whose own
/// `withDependencies:` changes come on top), its effects, and `@Dependency` properties of models.
/// A test's traits come on top of its suite's, so a test can change again what its suite set.
///
/// We do better than swift-dependencies' trait here: the value is made anew for every test (and
/// every case of a parameterized test), not once when the trait is written, so the tests of a
/// suite never share a stateful dependency: each one's `.incrementing` UUIDs start at `UUID(0)`,
/// whichever ran first.
public struct DependenciesTrait: SuiteTrait, TestTrait, TestScoping {
  private let update: @Sendable (inout DependencyValues) -> Void

  init(_ update: @escaping @Sendable (inout DependencyValues) -> Void) {
    self.update = update
  }

  /// A suite's changes apply to each of its tests, and to the tests of suites inside it.
  public var isRecursive: Bool { true }

  /// Runs the test (or one case of it) with the changed dependencies.
  public func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    try await withDependencies(update) {
      try await function()
    }
  }
}

extension Trait where Self == DependenciesTrait {
  /// Sets one dependency for a test, or for every test of a suite.
  ///
  /// ```swift
  /// @Test(.dependency(\.date.now, Date(timeIntervalSince1970: 0)))
  /// func stampsTheDate() async { … }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The dependency (or a part of one) to set.
  ///   - value: Its value; evaluated for each test, so a stateful value is never shared.
  public static func dependency<Value>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    _ value: @autoclosure @escaping @Sendable () -> Value
  ) -> Self {
    DependenciesTrait { $0[keyPath: keyPath] = value() }
  }

  /// Sets a dependency registered by its own type (read with `@Dependency(Client.self)`).
  ///
  /// ```swift
  /// @Test(.dependency(NumberClient(fetch: { "\($0) is a good number." })))
  /// func fetchesAFact() async { … }
  /// ```
  public static func dependency<Key: TestDependencyKey>(
    _ value: @autoclosure @escaping @Sendable () -> Key
  ) -> Self where Key.Value == Key {
    DependenciesTrait { $0[Key.self] = value() }
  }

  /// Changes several dependencies for a test, or for every test of a suite.
  ///
  /// ```swift
  /// @Suite(.dependencies {
  ///   $0.uuid = .incrementing
  ///   $0.continuousClock = ImmediateClock()
  /// })
  /// struct FeatureTests { … }
  /// ```
  ///
  /// > Note: The closure runs for each test.
  public static func dependencies(
    _ update: @escaping @Sendable (inout DependencyValues) -> Void
  ) -> Self {
    DependenciesTrait(update)
  }
}
