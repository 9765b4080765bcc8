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
/// Tasks created inside `operation` inherit the changed values.
@discardableResult
public func withDependencies<Result>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> Result
) rethrows -> Result {
  var values = DependencyValues.current
  try update(&values)
  return try DependencyValues.$taskLocal.withValue(values) {
    try withUnsafePointer(to: &values) { pointer in
      try DependencyValues.withFrame(pointer, operation)
    }
  }
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
  try await update(&values)
  return try await DependencyValues.$taskLocal.withValue(values, operation: operation)
}
