/// The dependencies in force: a value per key, overridden in scopes and resolved when accessed.
///
/// Extend it with a computed property per dependency, and read it with ``Dependency``:
///
/// ```swift
/// extension DependencyValues {
///   var numberFact: NumberFactClient {
///     get { self[NumberFactClient.self] }
///     set { self[NumberFactClient.self] = newValue }
///   }
/// }
/// ```
///
/// A store captures the values in force when it is created (plus its `withDependencies:`
/// overrides); every reducer call and every effect it starts sees them, including effects of
/// child features and unstructured tasks created inside effects.
public struct DependencyValues: Sendable {
  /// The overrides, in an immutable object: its identity tells operators that cache values
  /// derived from these whether anything changed.
  package private(set) var storage = DependencyStorage.empty
  package private(set) var storedContext: DependencyContext?
  /// Default values computed for keys without an override, shared by copies of these values.
  package var defaults: DefaultValueCache = .ambient
  /// Where the code that reads these values runs (its effect, its navigation element, its
  /// store's bookkeeping): the runtime's, not a dependency (see ``RuntimeContext``).
  @usableFromInline package var runtime = RuntimeContext()

  /// Empty values: every key resolves to its default for the context.
  public init() {}

  /// Empty values in the live context: every key resolves to its `liveValue`.
  public static var live: DependencyValues { with(.live) }

  /// Empty values in the test context: every key resolves to its `testValue`, as in a test
  /// store (`withDependencies { $0 = .test } operation: { … }`).
  public static var test: DependencyValues { with(.test) }

  /// Empty values in the preview context: every key resolves to its `previewValue`.
  public static var preview: DependencyValues { with(.preview) }

  private static func with(_ context: DependencyContext) -> DependencyValues {
    var values = DependencyValues()
    values.context = context
    return values
  }

  /// The context dependencies resolve for: live, preview or test.
  ///
  /// Detected automatically (a test runner or an Xcode preview), and set to
  /// ``DependencyContext/test`` by a `TestStore`.
  public var context: DependencyContext {
    get { storedContext ?? .detected }
    set { storedContext = newValue }
  }

  /// The value for `key`: an override when one was set, otherwise the key's value for
  /// ``context``, computed once per store (per process for the live context).
  public subscript<Key: TestDependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let value = storage.overrides[ObjectIdentifier(key)] {
        return value as! Key.Value  // NB: the setter stores exactly a Key.Value under this key.
      }
      return defaults.value(for: key, context: context)
    }
    set {
      var overrides = storage.overrides
      overrides[ObjectIdentifier(key)] = newValue
      storage = DependencyStorage(overrides: overrides, parent: storage)
    }
  }

  /// The values set explicitly, of every key.
  package var overriddenValues: [any Sendable] { Array(storage.overrides.values) }

  /// Whether `key` was overridden explicitly (rather than resolving to its default).
  package func isOverridden<Key: TestDependencyKey>(_ key: Key.Type) -> Bool {
    storage.overrides[ObjectIdentifier(key)] != nil
  }

  /// These values with the overrides and context of `other` (the fields a key path can set).
  package func replacingOverrides(with other: DependencyValues) -> DependencyValues {
    var values = self
    values.storage = other.storage
    values.storedContext = other.storedContext
    return values
  }

  /// These values (in force where they are read) over `captured` (in force where something was
  /// created): for each key, the value set here if any, else the one set there. The context
  /// likewise; what belongs to the running code (the effect, the navigation element, the store's
  /// caches) comes from here, unless nothing at all is in force here.
  ///
  /// NB: free in the common cases: values read in the store that captured them, or in values
  /// derived from them (a `.dependency` operator), already hold every override they captured.
  package func merging(over captured: DependencyValues) -> DependencyValues {
    if captured.storage === storage || captured.storage.overrides.isEmpty
      || storage.descends(from: captured.storage)
    {
      guard storedContext == nil, captured.storedContext != nil else { return self }
      var values = self
      values.storedContext = captured.storedContext
      return values
    }
    var values = self
    if storage.overrides.isEmpty {
      values.storage = captured.storage
    } else {
      values.storage = DependencyStorage(
        overrides: captured.storage.overrides.merging(storage.overrides) { _, here in here },
        parent: storage
      )
    }
    values.storedContext = storedContext ?? captured.storedContext
    if defaults === DefaultValueCache.ambient { values.defaults = captured.defaults }
    return values
  }

  /// Values for a new store: the current ones, with a default cache of their own in tests so
  /// that stateful test values (an incrementing UUID generator) start fresh per store.
  @usableFromInline
  package func forNewStore() -> DependencyValues {
    var values = self
    if context == .test { values.defaults = DefaultValueCache() }
    values.runtime = RuntimeContext()
    return values
  }
}

extension DependencyValues {
  @inlinable static var frame: ThreadLocalFrame<DependencyValues> {
    ThreadLocalFrame(.dependencies)
  }
  /// The values bound to the current task, behind a reference.
  ///
  /// NB: a reference, because a task copies the task-local values it inherits into its own
  /// allocator: inline, the values (about 80 bytes) overflowed the first 1 KB allocation slab of
  /// an effect that waits in a shallow call (`Task.never()`, a stream), and each such effect in
  /// flight paid 1 KB for a second slab, where the reference costs it a 96-byte allocation. (A
  /// reference to a protocol, 8 bytes more, was already too much.)
  @TaskLocal static var taskBinding: TaskDependencies?

  /// The values bound to the current task, or the defaults.
  static var taskLocal: DependencyValues { taskBinding?.dependencies ?? DependencyValues() }

  /// The values in force here: those of the reducer running on this thread, else those bound to
  /// the current task, else the defaults.
  @usableFromInline
  package static var current: DependencyValues {
    if let frame = frame.current { return frame.pointee }
    return taskLocal
  }

  /// Runs `body` with the values `binding` holds bound for the current task (and the tasks it
  /// creates): for a caller that keeps its binding to use again (see `TaskDependencies.reused`).
  @usableFromInline
  package static func withTaskBinding<Result>(
    _ binding: TaskDependencies, _ body: () throws -> Result
  ) rethrows -> Result {
    try $taskBinding.withValue(binding, operation: body)
  }

  /// Runs synchronous work (a reducer) with `values`, published by pointer for speed.
  @inlinable @inline(__always)
  package static func withFrame<Result>(
    _ values: UnsafePointer<DependencyValues>, _ body: () throws -> Result
  ) rethrows -> Result {
    try frame.with(values, body)
  }
}

/// Dependency values bound to a task (see `DependencyValues.taskBinding`).
@usableFromInline
package final class TaskDependencies: Sendable {
  @usableFromInline
  package let dependencies: DependencyValues

  @usableFromInline
  package init(_ dependencies: DependencyValues) {
    self.dependencies = dependencies
  }

  /// `binding` when it still holds `values`, else a new binding of them: a store binds its
  /// dependencies on every send that needs them, and they rarely change.
  ///
  /// NB: compared by identity: overrides and context are replaced, never mutated, on every
  /// change (see `DependencyStorage`); the fields that belong to running code must be unset.
  @usableFromInline
  package static func reused(_ binding: TaskDependencies?, for values: DependencyValues)
    -> TaskDependencies
  {
    if let binding, binding.dependencies.isIdentical(to: values) { return binding }
    return TaskDependencies(values)
  }
}

extension TaskDependencies {
  /// Whether this binding holds `values` for an effect of `registry` at `path` (see
  /// ``DependencyValues/isEffectBinding(of:registry:path:)``).
  ///
  /// NB: not inlinable: read here, the bound values are borrowed; read from the feature's module
  /// through `dependencies`, they were copied out of the object first (a retain of each of their
  /// references, and a release), ~400 instructions an effect.
  @usableFromInline
  package func isEffectBinding(
    of values: DependencyValues, registry: EffectRegistry, path: NavigationPath
  ) -> Bool {
    dependencies.isEffectBinding(of: values, registry: registry, path: path)
  }

  /// `binding` when it holds `values` for an effect (see `isIdentical(toEffectValues:)`), else a
  /// new binding: the effects a store starts at one place share one, instead of each allocating
  /// its own.
  @usableFromInline
  package static func reused(forEffect binding: TaskDependencies?, _ values: DependencyValues)
    -> TaskDependencies
  {
    if let binding, binding.dependencies.isIdentical(toEffectValues: values) { return binding }
    return TaskDependencies(values)
  }
}

extension DependencyValues {
  /// Whether these values are `other`, field by field by identity (without running code's
  /// effect or navigation context).
  fileprivate func isIdentical(to other: DependencyValues) -> Bool {
    hasIdenticalOverrides(to: other) && runtime.effect == nil && other.runtime.effect == nil
      && runtime.navigation == nil && other.runtime.navigation == nil
  }

  /// Whether these values are `other` as an effect sees them: the same overrides, the same
  /// effect context (registry and navigation element), and no navigation context (a presented
  /// child's, which holds a closure, is never taken for another's).
  fileprivate func isIdentical(toEffectValues other: DependencyValues) -> Bool {
    guard let otherScope = other.runtime.effect else { return false }
    return isEffectBinding(of: other, registry: otherScope.registry, path: otherScope.path)
  }

  /// Whether these values, bound for an effect, are `values` with the effect context of
  /// `registry` at `path`: what `isIdentical(toEffectValues:)` would find of `values` given that
  /// scope, without copying them to set it.
  @usableFromInline
  package func isEffectBinding(
    of values: DependencyValues, registry: EffectRegistry, path: NavigationPath
  ) -> Bool {
    guard hasIdenticalOverrides(to: values), runtime.navigation == nil,
      values.runtime.navigation == nil, let scope = runtime.effect
    else { return false }
    return scope.registry === registry && scope.path == path
  }

  private func hasIdenticalOverrides(to other: DependencyValues) -> Bool {
    storage === other.storage && storedContext == other.storedContext
      && defaults === other.defaults && runtime.liveElements === other.runtime.liveElements
      && runtime.sharedChangeTracker === other.runtime.sharedChangeTracker
  }
}

/// Overridden dependency values; never mutated, replaced on every change.
package final class DependencyStorage: Sendable {
  let overrides: [ObjectIdentifier: any Sendable]
  /// The storage this one was made from by setting one more key: it holds every override of
  /// its parent (possibly with other values).
  let parent: DependencyStorage?

  init(overrides: [ObjectIdentifier: any Sendable], parent: DependencyStorage?) {
    self.overrides = overrides
    self.parent = parent
  }

  static let empty = DependencyStorage(overrides: [:], parent: nil)

  /// Whether this storage was made from `ancestor` by setting keys (looking a few steps up).
  func descends(from ancestor: DependencyStorage) -> Bool {
    var next = parent
    for _ in 0..<16 {
      guard let current = next else { return false }
      if current === ancestor { return true }
      next = current.parent
    }
    return false
  }
}

/// The context dependencies resolve for.
public enum DependencyContext: Sendable, Hashable {
  /// The running app: keys resolve to `liveValue`.
  case live
  /// An Xcode preview: keys resolve to `previewValue`.
  case preview
  /// A test: keys resolve to `testValue`.
  case test

  /// The context of this process, detected once.
  static let detected: DependencyContext = {
    let environment = ProcessEnvironment.variables
    if environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1" { return .preview }
    if ProcessEnvironment.isRunningTests { return .test }
    return .live
  }()
}

/// Default values computed per context, so that a key's `liveValue` (or `testValue`) is built
/// once rather than on every access.
package final class DefaultValueCache: Sendable {
  private struct Key: Hashable {
    var type: ObjectIdentifier
    var context: DependencyContext
  }
  private let values = LockedState<[Key: any Sendable]>([:])

  package init() {}

  /// Shared by everything that does not run in a test store.
  package static let ambient = DefaultValueCache()

  func value<K: TestDependencyKey>(for key: K.Type, context: DependencyContext) -> K.Value {
    // NB: the ambient cache serves every test, so a value a test prepared (which belongs to
    // that test only) is looked up before it and never cached in it; a test store's own cache
    // serves one test, and takes the value when the key is first read. One atomic load when no
    // test prepared anything.
    let testMayHavePrepared = context == .test && PreparedDependencies.anyInTests
    if testMayHavePrepared, self === Self.ambient,
      let prepared = PreparedDependencies.valueInTest(for: key)
    {
      return prepared
    }
    let cacheKey = Key(type: ObjectIdentifier(key), context: context)
    if let cached = values.withLock({ $0[cacheKey] }) {
      return cached as! K.Value  // NB: only K.Values are stored under K's identifier.
    }
    // NB: computed outside the lock: a default value may read other dependencies.
    let value: K.Value
    switch context {
    case .test where testMayHavePrepared:
      value = PreparedDependencies.valueInTest(for: key) ?? K.testValue
    case .live:
      value =
        (K.self as? any DependencyKey.Type).map { liveValue(of: $0) as! K.Value }
        ?? missingLiveValue(of: key)
    case .preview:
      value = K.previewValue
    case .test:
      value = K.testValue
    }
    // NB: not cached while setting, so that a later use of a key nobody overrode is reported.
    if DependencyValues.isSetting { return value }
    return values.withLock { values in
      if let existing = values[cacheKey] { return existing as! K.Value }
      values[cacheKey] = value
      return value
    }
  }

  /// Makes `value` the default of the key `type` in `context`; whether one was in use already.
  func prepare(_ value: any Sendable, for type: ObjectIdentifier, context: DependencyContext)
    -> Bool
  {
    values.withLock { values in
      values.updateValue(value, forKey: Key(type: type, context: context)) != nil
    }
  }

  private func liveValue<D: DependencyKey>(of key: D.Type) -> any Sendable {
    key.liveValue
  }

  private func missingLiveValue<K: TestDependencyKey>(of key: K.Type) -> K.Value {
    reportRuntimeWarning(
      """
      "\(K.self)" has no live value, but was accessed from a live app; it fell back to its \
      preview value.

      Conform it to "DependencyKey" with a "liveValue" in the module that builds the app.
      """,
      at: DependencyAccess.site
    )
    return K.previewValue
  }
}
