extension DependencyValues {
  /// Runs work with the random number generator in force.
  ///
  /// ```swift
  /// @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
  /// let roll = withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
  /// ```
  ///
  /// Live: the system generator. In tests, using it fails the test; override it with a seeded
  /// generator: `$0.withRandomNumberGenerator = WithRandomNumberGenerator(seed: 42)`.
  public var withRandomNumberGenerator: WithRandomNumberGenerator {
    get { self[RandomNumberGeneratorKey.self] }
    set { self[RandomNumberGeneratorKey.self] = newValue }
  }
}

/// Gives exclusive access to a random number generator.
public struct WithRandomNumberGenerator: Sendable {
  private let generator: LockedState<any RandomNumberGenerator & Sendable>
  private let onUse: (@Sendable () -> Void)?

  /// Wraps `generator`; calls are serialized, so sequences are reproducible.
  public init(_ generator: some RandomNumberGenerator & Sendable) {
    self.generator = LockedState(generator)
    onUse = nil
  }

  /// A reproducible generator (a 64-bit linear congruential generator) seeded with `seed`.
  public init(seed: UInt64) {
    self.init(SeededRandomNumberGenerator(seed: seed))
  }

  private init(
    generator: some RandomNumberGenerator & Sendable, onUse: @escaping @Sendable () -> Void
  ) {
    self.generator = LockedState(generator)
    self.onUse = onUse
  }

  /// Runs `work` with exclusive access to the generator.
  public func callAsFunction<Result>(
    _ work: (inout any RandomNumberGenerator & Sendable) throws -> Result
  ) rethrows -> Result {
    onUse?()
    return try generator.withLock { try work(&$0) }
  }

  static var unimplementedValue: Self {
    let report: @Sendable () -> Void = unimplemented(#"@Dependency(\.withRandomNumberGenerator)"#)
    return Self(generator: SeededRandomNumberGenerator(seed: 0), onUse: report)
  }
}

/// A small reproducible generator for tests.
struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state = 2_862_933_555_777_941_757 &* state &+ 3_037_000_493
    return state
  }
}

private enum RandomNumberGeneratorKey: DependencyKey {
  static var liveValue: WithRandomNumberGenerator {
    WithRandomNumberGenerator(SystemRandomNumberGenerator())
  }
  static var testValue: WithRandomNumberGenerator { .unimplementedValue }
}
