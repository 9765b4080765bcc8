/// The figures of one measured workload: nanoseconds per operation, one per repetition.
public struct Samples: Equatable, Sendable {
  public var values: [Double]

  public init(_ values: [Double]) {
    self.values = values
  }

  /// The middle value (the upper middle of an even count).
  public var median: Double {
    guard !values.isEmpty else { return 0 }
    return values.sorted()[values.count / 2]
  }

  public var min: Double { values.min() ?? 0 }
  public var max: Double { values.max() ?? 0 }

  /// How far the repetitions strayed from the median, as a fraction of it: the larger of
  /// (max − median) and (median − min), over the median. Zero for one repetition.
  public var spread: Double {
    let median = self.median
    guard median > 0, values.count > 1 else { return 0 }
    return Swift.max(max - median, median - min) / median
  }
}
