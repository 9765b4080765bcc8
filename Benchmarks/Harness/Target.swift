/// The figure a workload is held to: a time per operation, or a ratio to its baseline row
/// measured in the same run (a bare-task baseline moves with the machine; a ratio does not).
public enum Target: Equatable, Sendable {
  /// At most this many nanoseconds per operation.
  case atMost(nanoseconds: Double, label: String? = nil)
  /// At most `factor` times the median of the row `baseline` in the same run.
  case ratio(to: String, atMost: Double)

  /// How the target reads in a table (`≤ 50 ns`, `≤ 1.3 × B7`).
  public var description: String {
    switch self {
    case .atMost(let nanoseconds, let label): label ?? "≤ \(formatNanoseconds(nanoseconds))"
    case .ratio(let baseline, let factor): "≤ \(trimmed(factor)) × \(baseline)"
    }
  }

  /// Whether `median` meets the target, given the medians of the run's other rows; `nil` when
  /// the baseline row was not measured.
  public func isMet(by median: Double, medians: [String: Double]) -> Bool? {
    switch self {
    case .atMost(let nanoseconds, _):
      return median <= nanoseconds
    case .ratio(let baseline, let factor):
      guard let base = medians[baseline], base > 0 else { return nil }
      return median <= factor * base
    }
  }

  private func trimmed(_ value: Double) -> String {
    value == value.rounded() ? "\(Int(value))" : "\(value)"
  }
}

/// A duration in nanoseconds, with a unit that keeps three significant figures or so.
public func formatNanoseconds(_ nanoseconds: Double) -> String {
  func figure(_ value: Double) -> String {
    let text = value < 10 ? String(value.rounded(toPlaces: 2)) : String(value.rounded(toPlaces: 1))
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
  switch nanoseconds {
  case ..<1_000: return "\(figure(nanoseconds)) ns"
  case ..<1_000_000: return "\(figure(nanoseconds / 1_000)) µs"
  default: return "\(figure(nanoseconds / 1_000_000)) ms"
  }
}

extension Double {
  fileprivate func rounded(toPlaces places: Int) -> Double {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return (self * scale).rounded() / scale
  }
}
