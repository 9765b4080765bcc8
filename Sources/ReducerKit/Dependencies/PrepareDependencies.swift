import Synchronization

/// Sets dependencies for the whole app, at its entry point, before any feature reads them:
/// what every store and `@Dependency` later resolves a key to when nothing overrides it.
///
/// ```swift
/// @main struct MyApp: App {
///   init() {
///     prepareDependencies {
///       $0.defaultAppStorage = UserDefaults(suiteName: "group.co.blob")!
///       $0.apiClient = .staging
///     }
///   }
/// }
/// ```
///
/// In a test, the values apply to that test only (stores it creates afterwards, and
/// `@Dependency` read in it), so tests running in parallel do not see each other's; the
/// `.dependencies` trait and `withDependencies` remain the usual tools there.
///
/// > Important: Call it once, before the keys are read: a key read before it (in a live app or
/// > a preview) already handed out its value, and setting it is a runtime warning. Overrides
/// > made with `withDependencies` or a store's `withDependencies:` still win over prepared
/// > values.
public func prepareDependencies(
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ update: (inout DependencyValues) throws -> Void
) rethrows {
  // NB: from empty values in the current context, so that the overrides afterwards are exactly
  // the keys `update` set (not the overrides in force around the call).
  let context = DependencyValues.current.context
  var values = DependencyValues()
  values.context = context
  try DependencySetting.run { try update(&values) }
  let prepared = values.storage.overrides
  if context == .test {
    PreparedDependencies.prepareInTest(prepared)
    return
  }
  var alreadyRead: [ObjectIdentifier] = []
  for (type, value) in prepared
  where DefaultValueCache.ambient.prepare(value, for: type, context: context) {
    alreadyRead.append(type)
  }
  guard !alreadyRead.isEmpty else { return }
  reportRuntimeWarning(
    """
    "prepareDependencies" set \(alreadyRead.count == 1 ? "a dependency" : "dependencies") that \
    had already been read; what was read before keeps its old value.

    Call "prepareDependencies" once, as early as possible: in the app's entry point, before \
    any store or "@Dependency" reads the keys it sets.
    """,
    fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Values prepared by tests, per test (see ``prepareDependencies(fileID:filePath:line:column:_:)``).
enum PreparedDependencies {
  private static let anyPrepared = Atomic(false)

  /// Whether any test prepared values: until one does, reading a key costs nothing more.
  static var anyInTests: Bool { anyPrepared.load(ordering: .relaxed) }

  static func prepareInTest(_ values: [ObjectIdentifier: any Sendable]) {
    SharedPartition.current.preparedDependencies.withLock {
      $0.merge(values) { _, new in new }
    }
    anyPrepared.store(true, ordering: .relaxed)
  }

  /// The value the running test prepared for `key`, if any.
  static func valueInTest<K: TestDependencyKey>(for key: K.Type) -> K.Value? {
    SharedPartition.current.preparedDependencies.withLock { $0[ObjectIdentifier(key)] }
      .map { $0 as! K.Value }  // NB: only K.Values are stored under K's identifier.
  }
}
