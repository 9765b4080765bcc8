/// A key for a dependency that has test (and preview) implementations.
///
/// Conform an interface-only module's client to this protocol, and its live module to
/// ``DependencyKey``:
///
/// ```swift
/// struct NumberFactClient: Sendable {
///   var fetch: @Sendable (Int) async throws -> String
/// }
/// extension NumberFactClient: TestDependencyKey {
///   static let testValue = Self(fetch: unimplemented("NumberFactClient.fetch"))
/// }
/// ```
public protocol TestDependencyKey: SendableMetatype {
  /// The dependency's type; defaults to the key itself.
  associatedtype Value: Sendable = Self

  /// The value used in tests (``DependencyContext/test``).
  static var testValue: Value { get }

  /// The value used in previews (``DependencyContext/preview``); defaults to ``testValue``.
  static var previewValue: Value { get }
}

/// A key for a dependency with a live implementation.
///
/// ```swift
/// extension NumberFactClient: DependencyKey {
///   static let liveValue = Self(fetch: { number in "\(number) is a good number" })
/// }
/// extension DependencyValues {
///   var numberFact: NumberFactClient {
///     get { self[NumberFactClient.self] }
///     set { self[NumberFactClient.self] = newValue }
///   }
/// }
/// ```
///
/// > Important: A key without its own `testValue` fails any test that uses it without overriding
/// > it, naming the key, and then falls back to ``TestDependencyKey/previewValue``. Overriding
/// > part of it in the test (`$0.numberFact.fetch = { … }`) is not a use: the test then calls
/// > what it overrode. Give every key a test value that fails loudly, such as one built from
/// > `unimplemented(_:)`.
public protocol DependencyKey: TestDependencyKey {
  // NB: restated from `TestDependencyKey`, so that `Value` is inferred from `liveValue` alone
  // (`static let liveValue: @Sendable () -> Date = { Date() }` needs no `typealias Value`).
  associatedtype Value = Self

  /// The value used when the app runs (``DependencyContext/live``).
  static var liveValue: Value { get }

  /// The value used in previews; defaults to ``liveValue``.
  static var previewValue: Value { get }

  /// The value used in tests; a key without its own fails the test that uses it.
  static var testValue: Value { get }
}

extension TestDependencyKey {
  /// By default, previews use the test value.
  public static var previewValue: Value { testValue }
}

extension DependencyKey {
  /// By default, previews use the live value.
  public static var previewValue: Value { liveValue }

  /// By default, a test that reaches the key records a failure naming it, then gets the
  /// preview value. Reaching it to override part of it (inside `withDependencies`, a store's
  /// `withDependencies:` or `store.dependencies`) is not reported.
  public static var testValue: Value {
    guard !DependencyValues.isSetting else { return previewValue }
    reportRuntimeWarning(
      """
      "\(Self.self)" has no test value, but was accessed from a test.

        Dependency value type:
          \(Value.self)

      Tests should control every dependency they reach: this one fell back to its preview value \
      (by default, its live value).

      Give the key a "testValue" (for example one built from "unimplemented(_:)"), or override \
      the dependency where the test creates its store: "withDependencies: { $0[\(Self.self)\
      .self] = … }".
      """,
      at: DependencyAccess.site
    )
    return previewValue
  }
}

/// The call site of the dependency access being resolved, for warnings about it.
enum DependencyAccess {
  private static var frame: ThreadLocalFrame<SourceSite> { ThreadLocalFrame(.dependencySite) }

  static var site: SourceSite {
    frame.current?.pointee
      ?? SourceSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  }

  static func with<Result>(_ site: SourceSite, _ body: () throws -> Result) rethrows -> Result {
    var site = site
    return try withUnsafePointer(to: &site) { try frame.with($0, body) }
  }
}
