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
/// > Important: A key without its own `testValue` fails any test that uses it, naming the key,
/// > and then falls back to ``TestDependencyKey/previewValue``. Give every key a test value that
/// > fails loudly, such as one built from ``unimplemented(_:fileID:filePath:line:column:)``.
public protocol DependencyKey: TestDependencyKey {
  /// The value used when the app runs (``DependencyContext/live``).
  static var liveValue: Value { get }
}

extension TestDependencyKey {
  /// By default, previews use the test value.
  public static var previewValue: Value { testValue }
}

extension DependencyKey {
  /// By default, previews use the live value.
  public static var previewValue: Value { liveValue }

  /// By default, a test that reaches the key records a failure naming it, then gets the
  /// preview value.
  public static var testValue: Value {
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
