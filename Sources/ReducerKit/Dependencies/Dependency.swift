/// Reads a dependency, from the values in force where it is read merged over those in force where
/// it was created.
///
/// Declare dependencies as properties of a reducer (or of any type); read them where needed:
///
/// ```swift
/// struct Counter: Reducer {
///   @Dependency(\.numberFact) var numberFact
///   @Dependency(\.continuousClock) var clock
///   @Dependency(NumberFactClient.self) var sameClient
///   …
/// }
/// ```
///
/// Inside a store's reducer the values come from the store; inside an effect, from those captured
/// when the effect was created. A value built inside `withDependencies` keeps the values it was
/// built with, for the keys nothing overrides where it is later read:
///
/// ```swift
/// let model = withDependencies {
///   $0.uuid = .incrementing
/// } operation: {
///   FeatureModel()            // @Dependency(\.uuid) inside it stays incrementing
/// }
/// ```
@propertyWrapper
public struct Dependency<Value>: Sendable {
  private let resolve: @Sendable (DependencyValues) -> Value
  let site: SourceSite
  /// The values in force where the property was created.
  let initialValues: DependencyValues
  /// The key path it was declared with (`nil`: declared by its key type), for the dependency
  /// placeholders of generated test source.
  let keyPath: (AnyKeyPath & Sendable)?

  /// A dependency named by its key path on ``DependencyValues``.
  public init(
    _ keyPath: KeyPath<DependencyValues, Value> & Sendable,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    resolve = { $0[keyPath: keyPath] }
    site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    initialValues = DependencyValues.current
    self.keyPath = keyPath
  }

  /// A dependency named by its key type.
  public init<Key: TestDependencyKey>(
    _ key: Key.Type,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Key.Value == Value {
    resolve = { $0[Key.self] }
    site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    initialValues = DependencyValues.current
    keyPath = nil
  }

  /// The dependency's current value: the value in force here, for a key set here; otherwise the
  /// one in force where the property was created.
  public var wrappedValue: Value {
    let values = DependencyValues.current.merging(over: initialValues)
    return DependencyAccess.with(site) { resolve(values) }
  }
}

/// What ``withDependencies(from:_:operation:fileID:filePath:line:column:)`` looks for in a model.
protocol CapturedDependencies {
  var initialValues: DependencyValues { get }
}

extension Dependency: CapturedDependencies {}
