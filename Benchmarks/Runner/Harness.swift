import BenchmarkHarness
import Foundation

/// One workload: a fixed name and size, so figures compare across versions and libraries.
struct Workload {
  let id: String
  let name: String
  /// The figure the row is held to (`--check`), if any.
  var target: Target?
  /// Whether its operations run on several threads (tasks on the pool): its instruction count
  /// then varies a little from run to run, and `--instructions` reports the spread of three.
  var isMultiThreaded = false
  /// Builds the workload's fixtures (untimed) and returns the timed body, which reports how many
  /// operations it performed, and the time they took when it measured that itself (to leave
  /// setup that must be fresh for each repetition out of the measurement).
  let prepare: @MainActor (Options) async -> (@MainActor () async -> Sample)?

  init(
    _ id: String, _ name: String,
    prepare: @escaping @MainActor (Options) async -> (@MainActor () async -> Int)?
  ) {
    self.id = id
    self.name = name
    self.prepare = { options in
      guard let body = await prepare(options) else { return nil }
      return { Sample(operations: await body(), elapsed: nil) }
    }
  }

  init(
    _ id: String, _ name: String,
    selfTimed prepare: @escaping @MainActor (Options) async -> (@MainActor () async -> Sample)?
  ) {
    self.id = id
    self.name = name
    self.prepare = prepare
  }
}

/// What one repetition did: its operation count and, if it timed itself, how long they took.
struct Sample {
  var operations: Int
  var elapsed: Duration?
}

/// What the workloads read of the command line: the checked options, and the scale of an
/// instruction probe.
struct Options {
  var parsed: BenchmarkOptions
  /// In an instruction probe (`--instruction-probe ID SCALE`), the multiple of the probe's base
  /// size to run: the difference between two scales is the cost of the operations alone.
  var probeScale: Int?

  var repetitions: Int { parsed.repetitions }
  var quick: Bool { parsed.quick }

  /// `full` normally, `quick` (tiny) for CI smoke runs; in an instruction probe, a twentieth of
  /// `full` (valgrind runs code about fifty times slower) times the probe's scale.
  func size(_ full: Int, quick small: Int) -> Int {
    if let probeScale { return Swift.max(small, full / 20) * probeScale }
    return parsed.quick ? small : full
  }
}

struct Measurement {
  let workload: Workload
  let samples: Samples  // ns per operation, one per repetition
  var median: Double { samples.median }
  var min: Double { samples.min }
  var max: Double { samples.max }
}

/// Keeps a value alive so the optimizer cannot delete the work that produced it.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

@MainActor
func measure(_ workload: Workload, options: Options) async -> Measurement? {
  guard let body = await workload.prepare(options) else { return nil }
  _ = await body()  // warm-up
  var samples: [Double] = []
  let clock = ContinuousClock()
  for _ in 0..<options.repetitions {
    returnFreeMemory()
    var sample = Sample(operations: 0, elapsed: nil)
    let elapsed = await clock.measure { sample = await body() }
    samples.append(nanoseconds(sample.elapsed ?? elapsed) / Double(Swift.max(sample.operations, 1)))
  }
  return Measurement(workload: workload, samples: Samples(samples))
}

/// Hands memory freed by the repetition before back to the system (Linux), so that the peak
/// resident set of the run reflects what one repetition holds, not what the allocator kept from
/// earlier ones (freed task memory sits in per-thread arenas otherwise).
func returnFreeMemory() {
  _ = mallocTrim?(0)
}

/// glibc's `malloc_trim`, looked up at run time: the Glibc module does not export it, and other
/// C libraries do not have it.
private let mallocTrim: (@convention(c) (Int) -> Int32)? = {
  #if canImport(Glibc)
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else {
      return nil
    }
    return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
  #else
    return nil
  #endif
}()

func nanoseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// Returns the memory the last workload freed to the system (Linux), so that the run's peak
/// resident set is the largest workload's own, not what the allocator keeps of earlier ones.
///
/// NB: glibc keeps freed memory in the arena it came from, and a later workload can allocate in
/// other arenas: after W7 and W7c, `malloc_stats` showed three arenas of ~21 MB each, 84 MB in
/// all with under 1 MB in use, and whole runs peaked at 66–80 MB in three of seven, where each
/// row alone stays under 53 MB.
func returnFreedMemory() {
  #if canImport(Glibc)
    // NB: `malloc_trim` is in glibc's `malloc.h`, which the Glibc module does not import.
    typealias MallocTrim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
  #endif
}

/// Peak resident set size in kB, from `/proc/self/status` (Linux); `nil` elsewhere.
func peakResidentSetKilobytes() -> Int? {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
    return nil
  }
  for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
    return Int(line.split(separator: " ").dropFirst().first ?? "")
  }
  return nil
}

func format(_ nanoseconds: Double) -> String {
  switch nanoseconds {
  case ..<10: String(format: "%.2f ns", nanoseconds)
  case ..<1_000: String(format: "%.1f ns", nanoseconds)
  case ..<1_000_000: String(format: "%.2f µs", nanoseconds / 1_000)
  default: String(format: "%.2f ms", nanoseconds / 1_000_000)
  }
}

/// Prints one row per workload: its figures, its target and whether this run met it.
func printTable(_ results: [Measurement], skipped: [Workload]) {
  let medians = Dictionary(uniqueKeysWithValues: results.map { ($0.workload.id, $0.median) })
  let header = ["id", "workload", "median", "min", "max", "target", "this run"]
  var rows = results.map { result -> [String] in
    let target = result.workload.target
    let status = target?.isMet(by: result.median, medians: medians).map { $0 ? "met" : "MISSED" }
    return [
      result.workload.id, result.workload.name, format(result.median), format(result.min),
      format(result.max), target?.description ?? "", status ?? "",
    ]
  }
  rows += skipped.map { [$0.id, $0.name, "not yet", "", "", "", ""] }
  printColumns(header: header, rows: rows)
}

/// The rows whose targets this run missed.
func missedTargets(_ results: [Measurement]) -> [String] {
  let medians = Dictionary(uniqueKeysWithValues: results.map { ($0.workload.id, $0.median) })
  return results.compactMap { result in
    result.workload.target?.isMet(by: result.median, medians: medians) == false
      ? result.workload.id : nil
  }
}

/// Prints a table: the first two columns (id, name) left-aligned, the figures right-aligned.
func printColumns(header: [String], rows: [[String]]) {
  let widths = header.indices.map { column in
    ([header] + rows).map { $0[column].count }.max() ?? 0
  }
  func line(_ cells: [String]) -> String {
    cells.enumerated().map { index, cell in
      index < 2
        ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
        : String(repeating: " ", count: widths[index] - cell.count) + cell
    }.joined(separator: "  ")
  }
  print(line(header))
  print(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
  for row in rows { print(line(row)) }
}

func writeJSON(
  _ results: [Measurement], memory: [MemoryMeasurement], sweeps: [Sweep],
  instructions: [InstructionCount] = [], info: RunInfo, to path: String
) throws {
  var object: [String: Any] = ["meta": info.json]
  let medians = Dictionary(uniqueKeysWithValues: results.map { ($0.workload.id, $0.median) })
  for result in results {
    var entry: [String: Any] = [
      "name": result.workload.name, "median_ns": result.median, "min_ns": result.min,
      "max_ns": result.max, "samples_ns": result.samples.values,
    ]
    if let target = result.workload.target {
      entry["target"] = target.description
      entry["target_met"] = target.isMet(by: result.median, medians: medians) ?? NSNull()
    }
    object[result.workload.id] = entry
  }
  for count in instructions {
    object[count.workload.id] = [
      "name": count.workload.name, "instructions_per_op": count.perOperation.median,
      "instructions_samples": count.perOperation.values,
    ]
  }
  for measurement in memory {
    object[measurement.row.id] = [
      "name": measurement.row.name, "bytes_per_effect": measurement.samples.median,
      "samples_bytes": measurement.samples.values, "tasks": measurement.count,
    ]
  }
  if !sweeps.isEmpty {
    object["sweeps"] = Dictionary(
      uniqueKeysWithValues: sweeps.map { sweep in
        (
          sweep.id,
          [
            "title": sweep.title, "unit": sweep.unit, "complexity": sweep.complexity.rawValue,
            "sizes": sweep.points.map(\.size), "ns": sweep.points.map(\.nanoseconds),
            "too_steep": sweep.isTooSteep,
          ] as [String: Any]
        )
      })
  }
  object["peak_rss_kb"] = peakResidentSetKilobytes() ?? NSNull()
  let data = try JSONSerialization.data(
    withJSONObject: object, options: [.sortedKeys, .prettyPrinted])
  try data.write(to: URL(fileURLWithPath: path))
}
