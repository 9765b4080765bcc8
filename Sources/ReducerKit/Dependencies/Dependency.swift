/// Reads a dependency from the values in force where it is accessed.
///
/// Declare dependencies as properties of a reducer; read them in the reducer or in its effects:
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
/// The value is resolved on each access: inside a store's reducer it comes from the store's
/// dependencies, inside an effect from the dependencies captured when the effect was created.
@propertyWrapper
public struct Dependency<Value>: Sendable {
  private let resolve: @Sendable (DependencyValues) -> Value
  private let site: SourceSite

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
  }

  /// The dependency's current value.
  public var wrappedValue: Value {
    let values = DependencyValues.current
    return DependencyAccess.with(site) { resolve(values) }
  }
}
