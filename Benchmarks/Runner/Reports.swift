import BenchmarkHarness
import Foundation

/// Prints each sweep as a table: the cost per size, the growth from the size before, and
/// whether the growth stays within the stated complexity.
func printSweeps(_ sweeps: [Sweep]) {
  for sweep in sweeps {
    print("\n\(sweep.id)  \(sweep.title), expected \(sweep.complexity.rawValue)")
    print("  \(sweep.unit.padding(toLength: 18, withPad: " ", startingAt: 0))  time/op    growth")
    for (index, point) in sweep.points.enumerated() {
      let growth = index == 0 ? "" : String(format: "×%.2f", sweep.steps[index - 1])
      let size = "\(point.size)".padding(toLength: 18, withPad: " ", startingAt: 0)
      let time = format(point.nanoseconds)
      print("  \(size)  \(String(repeating: " ", count: max(0, 9 - time.count)))\(time)  \(growth)")
    }
    if let first = sweep.points.first, let last = sweep.points.last {
      let allowed = sweep.complexity.allowedGrowth(from: first.size, to: last.size)
      let verdict = sweep.isTooSteep ? "TOO STEEP" : "within"
      print(
        String(
          format: "  total ×%.2f from %d to %d: %@ %@ (allowed ×%.1f)", sweep.totalGrowth,
          first.size, last.size, verdict, sweep.complexity.rawValue, allowed))
    }
  }
}

/// The samples of each workload in a JSON file an earlier run wrote (its repetitions, or, for
/// an older file, its minimum, median and maximum).
func loadBaseline(_ path: String) throws -> [String: Samples] {
  let data = try Data(contentsOf: URL(fileURLWithPath: path))
  guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
    throw UsageError(message: "\(path) is not a benchmark JSON file")
  }
  var baseline: [String: Samples] = [:]
  for (id, value) in object {
    guard let entry = value as? [String: Any] else { continue }
    if let samples = entry["samples_ns"] as? [Double], !samples.isEmpty {
      baseline[id] = Samples(samples)
    } else if let median = entry["median_ns"] as? Double {
      let low = entry["min_ns"] as? Double ?? median
      let high = entry["max_ns"] as? Double ?? median
      baseline[id] = Samples([low, median, high])
    }
  }
  return baseline
}

/// Prints, per workload, the baseline, this run, the ratio and the verdict.
func printComparison(_ results: [Measurement], baseline: [String: Samples]) {
  print("\nCompared with the baseline (a change counts when it leaves the noise band: the")
  print("larger spread of either run's repetitions around its median, and at least 10%):\n")
  let header = ["id", "workload", "baseline", "now", "ratio", "noise", "verdict"]
  var rows: [[String]] = []
  for result in results {
    guard let before = baseline[result.workload.id] else {
      rows.append([
        result.workload.id, result.workload.name, "–", format(result.median), "", "", "new",
      ])
      continue
    }
    let comparison = Comparison(id: result.workload.id, baseline: before, current: result.samples)
    rows.append([
      result.workload.id, result.workload.name, format(before.median), format(result.median),
      String(format: "×%.2f", comparison.ratio),
      String(format: "±%.0f%%", comparison.noiseBand() * 100), comparison.verdict().symbol,
    ])
  }
  printColumns(header: header, rows: rows)
}
