import Foundation

extension DependencyValues {
  /// Produces UUIDs.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  /// state.todos.append(Todo(id: uuid()))
  /// ```
  ///
  /// Live: `UUID()`. In tests, calling it fails the test; override it with
  /// `$0.uuid = .incrementing` for predictable ids.
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}

/// Produces UUIDs: random ones live, predictable ones in tests.
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// A generator that calls `generate`.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// A new UUID.
  public func callAsFunction() -> UUID { generate() }

  /// A generator that always returns `uuid`.
  public static func constant(_ uuid: UUID) -> Self {
    Self { uuid }
  }

  /// A generator of 00000000-0000-0000-0000-000000000000, …0001, …0002, and so on; each
  /// generator counts on its own.
  public static var incrementing: Self {
    let counter = LockedState<UInt64>(0)
    return Self {
      let value = counter.withLock { value in
        defer { value += 1 }
        return value
      }
      return UUID(integer: value)
    }
  }
}

extension UUID {
  /// The UUID whose last hexadecimal digits spell `intValue`: `UUID(0)` is
  /// 00000000-0000-0000-0000-000000000000, `UUID(1)` is …0001, the ids an incrementing
  /// generator makes.
  ///
  /// ```swift
  /// await store.send(.addTapped) { $0.todos = [Todo(id: UUID(0))] }
  /// ```
  public init(_ intValue: Int) {
    self.init(integer: UInt64(bitPattern: Int64(intValue)))
  }

  /// The UUID whose last 16 hexadecimal digits spell `integer`.
  init(integer: UInt64) {
    let hex = String(integer, radix: 16, uppercase: true)
    let digits = String(repeating: "0", count: 12 - min(hex.count, 12)) + hex.suffix(12)
    self.init(uuidString: "00000000-0000-0000-\(String(format: "%04X", integer >> 48))-\(digits)")!
  }
}

private enum UUIDGeneratorKey: DependencyKey {
  static let liveValue = UUIDGenerator { UUID() }
  static var testValue: UUIDGenerator {
    UUIDGenerator(unimplemented(#"@Dependency(\.uuid)"#, placeholder: UUID(integer: 0)))
  }
}
