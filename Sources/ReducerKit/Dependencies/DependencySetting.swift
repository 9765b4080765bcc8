/// Marks the code that sets dependencies (the update closure of `withDependencies`, a store's
/// `withDependencies:`, `TestStore.dependencies`, `.transformDependency`): reading a key there
/// reads it in order to change it, which is not a use of it.
///
/// NB: it matters for keys without a test value. `$0.numberFact.fetch = { … }` reads
/// `numberFact` before it changes one endpoint; reporting "no test value" there would fail every
/// test that overrides part of a live-only client.
@usableFromInline
package enum DependencySetting {
  private static var frame: ThreadLocalFrame<Bool> { ThreadLocalFrame(.dependencySetting) }
  @TaskLocal static var isSettingInTask = false

  /// Whether code that sets dependencies is running here.
  static var isActive: Bool { frame.current != nil || isSettingInTask }

  /// Runs synchronous setting code.
  @usableFromInline
  package static func run<Result>(_ body: () throws -> Result) rethrows -> Result {
    if frame.current != nil { return try body() }
    var marker = true
    return try withUnsafePointer(to: &marker) { try frame.with($0, body) }
  }

  /// Runs asynchronous setting code.
  package static func run<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Result
  ) async rethrows -> Result {
    try await $isSettingInTask.withValue(true, operation: body, isolation: isolation)
  }
}

extension DependencyValues {
  /// Whether dependencies are being set here (see ``DependencySetting``).
  package static var isSetting: Bool { DependencySetting.isActive }
}
