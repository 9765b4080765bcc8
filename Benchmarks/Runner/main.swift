import BenchmarkHarness
import Foundation

/// The benchmark executable: `swift run -c release benchmarks [options]` (see `--help`).
///
/// Every option is checked before anything is measured: a mistake is one `error:` line on
/// standard error and exit status 2. A run that `--check` finds short of a target exits 1.
@MainActor
func runBenchmarks() async -> Int32 {
  let arguments = Array(CommandLine.arguments.dropFirst())
  // The child processes of the memory rows and of `--instructions`.
  if arguments.first == "--memory-probe", arguments.count == 3, let count = Int(arguments[2]) {
    return await runMemoryProbe(id: arguments[1], count: count)
  }
  if arguments.first == "--instruction-probe", arguments.count == 3,
    let scale = Int(arguments[2])
  {
    return await runInstructionProbe(id: arguments[1], scale: scale)
  }
  let plan: Plan
  do {
    plan = try Plan(arguments)
  } catch {
    guard let message = error.message else {
      print(UsageError.usage)
      return 0
    }
    printError(message)
    return 2
  }
  let info = RunInfo.current()
  print("ReducerKit benchmarks: \(info.summary)\n")
  let options = Options(parsed: plan.options)

  if plan.options.scaling {
    let sweeps = await runSweeps(plan.sweeps, options: options)
    printSweeps(sweeps)
    if let path = plan.options.svgPath {
      let svg = SVGChart(
        title: "ReducerKit: cost per operation as the work grows (log-log)",
        subtitle: info.summary
      ).render(sweeps)
      guard write(svg, to: path) else { return 1 }
    }
    if let path = plan.options.jsonPath {
      guard
        writeFigures({ try writeJSON([], memory: [], sweeps: sweeps, info: info, to: $0) }, path)
      else { return 1 }
    }
    let steep = sweeps.filter(\.isTooSteep).map(\.id)
    return check(plan.options.check, failures: steep, what: "sweeps grew too steeply")
  }

  if let valgrind = plan.valgrind {
    let counts = countInstructions(plan.workloads, valgrind: valgrind)
    printInstructions(counts)
    if let path = plan.options.jsonPath {
      guard
        writeFigures(
          { try writeJSON([], memory: [], sweeps: [], instructions: counts, info: info, to: $0) },
          path)
      else { return 1 }
    }
    return counts.count == plan.workloads.count ? 0 : 1
  }

  var results: [Measurement] = []
  var skipped: [Workload] = []
  for workload in plan.workloads {
    defer { returnFreedMemory() }
    if let result = await measure(workload, options: options) {
      results.append(result)
    } else {
      skipped.append(workload)
    }
  }
  printTable(results, skipped: skipped)
  let memory = measureMemory(plan.memoryRows, options: options)
  printMemory(memory)
  if let baseline = plan.baseline { printComparison(results, baseline: baseline) }
  if let peak = peakResidentSetKilobytes() { print("\npeak RSS: \(peak) kB") }
  if let path = plan.options.jsonPath {
    guard
      writeFigures(
        { try writeJSON(results, memory: memory, sweeps: [], info: info, to: $0) }, path)
    else { return 1 }
  }
  return check(plan.options.check, failures: missedTargets(results), what: "targets missed")
}

/// What a run will do, worked out and checked from the command line before it starts.
struct Plan {
  let options: BenchmarkOptions
  var workloads: [Workload] = []
  var memoryRows: [MemoryRow] = []
  var sweeps: [SweepDefinition] = []
  var baseline: [String: Samples]?
  /// valgrind, when counting instructions.
  var valgrind: String?

  init(_ arguments: [String]) throws(UsageError) {
    options = try BenchmarkOptions.parse(arguments)
    if options.scaling {
      let ids = try options.selected(from: sweepDefinitions.map(\.id), kind: "sweep")
      sweeps = sweepDefinitions.filter { ids.contains($0.id) }
    } else {
      let known = allWorkloads.map(\.id) + (options.instructions ? [] : allMemoryRows.map(\.id))
      let ids = try options.selected(from: known, kind: "workload")
      workloads = allWorkloads.filter { ids.contains($0.id) }
      memoryRows = allMemoryRows.filter { ids.contains($0.id) }
    }
    if options.instructions {
      guard let path = valgrindPath() else {
        throw UsageError(
          "--instructions needs valgrind, which is not on the PATH (Debian: apt-get install valgrind)"
        )
      }
      valgrind = path
    }
    if let path = options.comparePath { baseline = try loadBaseline(path) }
    if let path = options.jsonPath { try checkWritable(path, for: "--json") }
    if let path = options.svgPath { try checkWritable(path, for: "--svg") }
  }
}

/// Writes `text` to `path`; false (after saying why) when it could not.
func write(_ text: String, to path: String) -> Bool {
  do {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    print("\nwrote \(path)")
    return true
  } catch {
    printError("could not write \(path): \(error.localizedDescription)")
    return false
  }
}

/// Runs `writing` for `path`; false (after saying why) when it threw.
func writeFigures(_ writing: (String) throws -> Void, _ path: String) -> Bool {
  do {
    try writing(path)
    print("\nwrote \(path)")
    return true
  } catch {
    printError("could not write \(path): \(error.localizedDescription)")
    return false
  }
}

/// The exit status of a run: 1 when `--check` was asked and something failed it.
func check(_ isChecking: Bool, failures: [String], what: String) -> Int32 {
  guard isChecking else { return 0 }
  guard !failures.isEmpty else {
    print("\ncheck: passed")
    return 0
  }
  print("\ncheck: failed, \(failures.count) \(what): \(failures.joined(separator: ", "))")
  return 1
}

// NB: the main thread runs the main queue itself: in an instruction probe with Foundation's run
// loop, because valgrind (3.19) crashes when the main thread exits into `dispatchMain()` while
// tasks start threads; otherwise with `dispatchMain()`, which keeps memory figures steady (the
// run loop's allocations move them by megabytes).
Task { @MainActor in exit(await runBenchmarks()) }
if CommandLine.arguments.dropFirst().first == "--instruction-probe" {
  RunLoop.main.run()
} else {
  dispatchMain()
}
