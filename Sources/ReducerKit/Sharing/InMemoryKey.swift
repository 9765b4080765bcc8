/// A key whose value lives in memory for the life of the process: `.inMemory("count")`.
///
/// In tests, each test has its own in-memory values, so tests running in parallel never see
/// each other's.
public struct InMemoryKey<Value: Sendable>: SharedKey {
  /// The key's name.
  public let name: String

  /// A key named `name`.
  public init(_ name: String) {
    self.name = name
  }

  public var id: String { name }
  public func load() -> Value? { nil }
  public func save(_ value: Value, immediately: Bool) {}
  public var description: String { ".inMemory(\(customDump(name)))" }
}

extension SharedKey {
  /// A value kept in memory under `name`, shared by every holder of the name.
  ///
  /// ```swift
  /// @Shared(.inMemory("count")) var count = 0
  /// ```
  public static func inMemory<Wrapped>(_ name: String) -> Self
  where Self == InMemoryKey<Wrapped> {
    InMemoryKey(name)
  }
}

extension InMemoryKey: KeyFamily {
  static var family: ObjectIdentifier { ObjectIdentifier(InMemoryKeyFamily.self) }
}

/// One family for every value type (a nested type would be one per specialization).
private enum InMemoryKeyFamily {}

extension InMemoryKey: InMemoryKeyMarker {}
