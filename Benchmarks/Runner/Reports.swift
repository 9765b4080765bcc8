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

/// The samples of each workload in a JSON file an earlier run wrote, checked before the run.
func loadBaseline(_ path: String) throws(UsageError) -> [String: Samples] {
  var isDirectory: ObjCBool = false
  guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
    throw UsageError("--compare \(path): no such file")
  }
  guard !isDirectory.boolValue else {
    throw UsageError("--compare \(path) is a directory; give a file a run wrote with --json")
  }
  guard let data = FileManager.default.contents(atPath: path) else {
    throw UsageError("--compare \(path) cannot be read (check its permissions)")
  }
  return try BaselineFile.decode(data, path: path)
}

/// Checks, before the run, that a file can be written at `path` (for `option`).
func checkWritable(_ path: String, for option: String) throws(UsageError) {
  let url = URL(fileURLWithPath: path)
  var isDirectory: ObjCBool = false
  if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
    guard !isDirectory.boolValue else {
      throw UsageError("\(option) \(path) is a directory; give the path of a file")
    }
    guard FileManager.default.isWritableFile(atPath: path) else {
      throw UsageError("\(option) \(path) cannot be written (check its permissions)")
    }
    return
  }
  let directory = url.deletingLastPathComponent().path
  guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
    isDirectory.boolValue
  else {
    throw UsageError("\(option) \(path): the directory \(directory) does not exist")
  }
  guard FileManager.default.isWritableFile(atPath: directory) else {
    throw UsageError("\(option) \(path): the directory \(directory) cannot be written")
  }
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
