/// How an operation's cost should grow with the size of the work.
public enum Complexity: String, Equatable, Sendable {
  case constant = "O(1)"
  case logarithmic = "O(log n)"
  case linear = "O(n)"

  /// The growth allowed across a range of sizes from `first` to `last` (×).
  public func allowedGrowth(from first: Int, to last: Int) -> Double {
    switch self {
    case .constant: 2
    case .logarithmic: 2 * Swift.max(1, log2(Double(last)) / Swift.max(1, log2(Double(first))))
    case .linear: 2 * Double(last) / Double(Swift.max(1, first))
    }
  }
}

/// An operation measured at growing sizes.
public struct Sweep: Equatable, Sendable {
  public var id: String
  public var title: String
  /// What the size counts ("rows", "levels", …).
  public var unit: String
  public var complexity: Complexity
  /// Per size, nanoseconds per operation (the median of the repetitions).
  public var points: [(size: Int, nanoseconds: Double)]

  public init(
    id: String, title: String, unit: String, complexity: Complexity,
    points: [(size: Int, nanoseconds: Double)]
  ) {
    self.id = id
    self.title = title
    self.unit = unit
    self.complexity = complexity
    self.points = points
  }

  public static func == (lhs: Sweep, rhs: Sweep) -> Bool {
    lhs.id == rhs.id && lhs.title == rhs.title && lhs.unit == rhs.unit
      && lhs.complexity == rhs.complexity && lhs.points.elementsEqual(rhs.points, by: ==)
  }

  /// The growth from each size to the next (×).
  public var steps: [Double] {
    zip(points, points.dropFirst()).map { previous, next in
      previous.nanoseconds > 0 ? next.nanoseconds / previous.nanoseconds : 1
    }
  }

  /// The growth from the first size to the last (×).
  public var totalGrowth: Double {
    guard let first = points.first, let last = points.last, first.nanoseconds > 0 else { return 1 }
    return last.nanoseconds / first.nanoseconds
  }

  /// Whether the cost grew faster than the stated complexity allows.
  public var isTooSteep: Bool {
    guard let first = points.first, let last = points.last else { return false }
    return totalGrowth > complexity.allowedGrowth(from: first.size, to: last.size)
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif
