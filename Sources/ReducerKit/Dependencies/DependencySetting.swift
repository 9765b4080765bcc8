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

  /// Marks the code from here to the matching ``end(_:)`` as setting code (for an accessor's
  /// `_modify`, which cannot wrap its `yield` in a closure); returns what `end` needs.
  package static func begin() -> Bool {
    guard frame.current == nil else { return false }
    frame.set(marker)
    return true
  }

  /// Ends what ``begin()`` started.
  package static func end(_ began: Bool) {
    if began { frame.set(nil) }
  }

  /// A process-lifetime `true`, for ``begin()``.
  private nonisolated(unsafe) static let marker: UnsafePointer<Bool> = {
    // Never written after initialization; lives for the whole process.
    let pointer = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    pointer.initialize(to: true)
    return UnsafePointer(pointer)
  }()

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
