/// Runs synchronous work with dependencies changed by `update`.
///
/// ```swift
/// let model = withDependencies {
///   $0.uuid = .incrementing
/// } operation: {
///   FeatureModel()
/// }
/// ```
///
/// Tasks created inside `operation` inherit the changed values, and so do `@Dependency`
/// properties of values created inside it, for as long as they live.
@discardableResult
public func withDependencies<Result>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> Result
) rethrows -> Result {
  var values = DependencyValues.current
  try DependencySetting.run { try update(&values) }
  return try withValues(values, operation)
}

/// Runs asynchronous work with dependencies changed by `update`.
///
/// ```swift
/// await withDependencies {
///   $0.continuousClock = ImmediateClock()
/// } operation: {
///   await model.refresh()
/// }
/// ```
@discardableResult
public func withDependencies<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> Result
) async rethrows -> Result {
  var values = DependencyValues.current
  try await DependencySetting.run { try await update(&values) }
  return try await withValues(values, operation)
}

/// Runs synchronous work with the dependencies `model` was created with (those its `@Dependency`
/// properties captured), changed by `update`: for a child model that must see what its parent
/// sees.
///
/// ```swift
/// let child = withDependencies(from: self) {
///   $0.analytics = .recording
/// } operation: {
///   ChildModel()
/// }
/// ```
///
/// Values in force here win for the keys set here, as when a `@Dependency` is read.
///
/// > Important: The model must keep at least one `@Dependency` property (the dependencies are
/// > read from it); otherwise this is a runtime warning and only the values in force here apply.
@discardableResult
public func withDependencies<Model: AnyObject, Result>(
  from model: Model,
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> Result {
  var values = dependencies(
    capturedBy: model,
    site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
  try DependencySetting.run { try update(&values) }
  return try withValues(values, operation)
}

/// Runs asynchronous work with the dependencies `model` was created with, changed by `update`;
/// see the synchronous overload.
@discardableResult
public func withDependencies<Model: AnyObject, Result>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  _ update: (inout DependencyValues) async throws -> Void,
  operation: () async throws -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async rethrows -> Result {
  var values = dependencies(
    capturedBy: model,
    site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
  try await DependencySetting.run { try await update(&values) }
  return try await withValues(values, operation)
}

/// Runs synchronous work with the dependencies `model` was created with.
@discardableResult
public func withDependencies<Model: AnyObject, Result>(
  from model: Model,
  operation: () throws -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) rethrows -> Result {
  let values = dependencies(
    capturedBy: model,
    site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
  return try withValues(values, operation)
}

/// Runs asynchronous work with the dependencies `model` was created with.
@discardableResult
public func withDependencies<Model: AnyObject, Result>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  operation: () async throws -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async rethrows -> Result {
  let values = dependencies(
    capturedBy: model,
    site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
  return try await withValues(values, operation)
}

/// Carries the dependencies in force here into code that runs later, after this call returns (a
/// callback, a delegate method, a completion handler), where they would no longer be in force.
///
/// ```swift
/// withEscapedDependencies { dependencies in
///   player.onFinish = {
///     dependencies.yield { model.playbackFinished() }
///   }
/// }
/// ```
///
/// Code run by the continuation's `yield` sees the dependencies in force where
/// `withEscapedDependencies` was called; to change some of them there, call `withDependencies`
/// inside `yield`. Prefer structured concurrency (tasks inherit dependencies) where you can.
public func withEscapedDependencies<Result>(
  _ operation: (DependencyValues.Continuation) throws -> Result
) rethrows -> Result {
  try operation(DependencyValues.Continuation(values: DependencyValues.current))
}

/// `withEscapedDependencies` for asynchronous work: carries the dependencies in force here into
/// code that runs later.
public func withEscapedDependencies<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ operation: (DependencyValues.Continuation) async throws -> Result
) async rethrows -> Result {
  try await operation(DependencyValues.Continuation(values: DependencyValues.current))
}

extension DependencyValues {
  /// Dependencies captured for code that runs later (see `withEscapedDependencies`).
  public struct Continuation: Sendable {
    let values: DependencyValues

    /// Runs `operation` with the captured dependencies.
    @discardableResult
    public func yield<Result>(_ operation: () throws -> Result) rethrows -> Result {
      try withValues(values, operation)
    }

    /// Runs asynchronous `operation` with the captured dependencies.
    @discardableResult
    public func yield<Result>(
      isolation: isolated (any Actor)? = #isolation,
      _ operation: () async throws -> Result
    ) async rethrows -> Result {
      try await withValues(values, operation)
    }
  }
}

/// Runs `operation` with `values` in force: for its tasks (task-local) and, cheaply, for the
/// synchronous code in it (the thread's frame).
private func withValues<Result>(
  _ values: DependencyValues, _ operation: () throws -> Result
) rethrows -> Result {
  var values = values
  return try DependencyValues.$taskBinding.withValue(TaskDependencies(values)) {
    try withUnsafePointer(to: &values) { pointer in
      try DependencyValues.withFrame(pointer, operation)
    }
  }
}

/// Runs asynchronous `operation` with `values` in force (task-local: the code after a
/// suspension may run on another thread).
private func withValues<Result>(
  isolation: isolated (any Actor)? = #isolation,
  _ values: DependencyValues, _ operation: () async throws -> Result
) async rethrows -> Result {
  try await DependencyValues.$taskBinding.withValue(TaskDependencies(values), operation: operation)
}

/// The values in force here merged over those `model`'s first `@Dependency` property captured.
private func dependencies(capturedBy model: AnyObject, site: SourceSite) -> DependencyValues {
  let current = DependencyValues.current
  // NB: reflection, once per call: this runs when a model is made, not on every action.
  for child in Mirror(reflecting: model).children {
    if let captured = child.value as? any CapturedDependencies {
      return current.merging(over: captured.initialValues)
    }
  }
  reportRuntimeWarning(
    """
    "withDependencies(from:)" found no "@Dependency" property in \(type(of: model)); only the \
    dependencies in force here apply.

    The dependencies a model was created with are read from its "@Dependency" properties. Give \
    it one (for example of a dependency it uses), or use "withDependencies(_:operation:)".
    """,
    at: site
  )
  return current
}
