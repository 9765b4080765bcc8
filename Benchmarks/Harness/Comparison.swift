/// How a workload's cost changed between a baseline run and this one.
public enum Verdict: Equatable, Sendable {
  case faster
  case slower
  /// Within the noise band: no change can be claimed.
  case unchanged

  public var symbol: String {
    switch self {
    case .faster: "faster"
    case .slower: "SLOWER"
    case .unchanged: "~"
    }
  }
}

/// One workload's figures before and after.
public struct Comparison: Equatable, Sendable {
  public var id: String
  public var baseline: Samples
  public var current: Samples

  public init(id: String, baseline: Samples, current: Samples) {
    self.id = id
    self.baseline = baseline
    self.current = current
  }

  /// Current median over baseline median.
  public var ratio: Double {
    baseline.median > 0 ? current.median / baseline.median : 1
  }

  /// The band within which a change is noise: the larger spread of the two runs' repetitions
  /// (how much the same code varied within one run), and never less than `floor` (the run-to-run
  /// variation of a virtual machine that one run's repetitions do not show).
  public func noiseBand(floor: Double = 0.10) -> Double {
    Swift.max(floor, baseline.spread, current.spread)
  }

  /// Faster or slower when the ratio leaves the noise band, unchanged otherwise.
  public func verdict(floor: Double = 0.10) -> Verdict {
    let band = noiseBand(floor: floor)
    if ratio < 1 / (1 + band) { return .faster }
    if ratio > 1 + band { return .slower }
    return .unchanged
  }
}
