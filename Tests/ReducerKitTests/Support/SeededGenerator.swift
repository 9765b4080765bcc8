import Foundation

/// A small, fast, seedable generator (SplitMix64) for property tests: a failure prints the seed,
/// and `PROPERTY_SEED=<seed>` replays it.
struct SeededGenerator: RandomNumberGenerator {
  private(set) var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// The seeds a property test runs with: `PROPERTY_SEED` alone when set, else `count` fixed
  /// seeds (the same on every run, so CI is reproducible).
  static func seeds(_ count: Int) -> [UInt64] {
    if let text = ProcessInfo.processInfo.environment["PROPERTY_SEED"], let seed = UInt64(text) {
      return [seed]
    }
    return (0..<UInt64(count)).map { 0xC0FFEE &+ $0 &* 7919 }
  }
}
