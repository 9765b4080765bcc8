import BenchmarkHarness
import Foundation

/// The benchmark executable: `swift run -c release benchmarks [--quick] [--json PATH]`.
@MainActor
func runBenchmarks() async -> Int32 {
  let arguments = Array(CommandLine.arguments.dropFirst())
  if arguments.first == "--memory-probe", arguments.count == 3, let count = Int(arguments[2]) {
    return await runMemoryProbe(id: arguments[1], count: count)
  }
  let options: Options
  do {
    options = try Options.parse(arguments)
  } catch let error as UsageError {
    if let message = error.message { print("error: \(message)") }
    print(UsageError.usage)
    return error.message == nil ? 0 : 2
  } catch {
    return 2
  }

  if options.scaling {
    let sweeps = await runSweeps(options: options)
    printSweeps(sweeps)
    if let path = options.svgPath {
      let svg = SVGChart(title: "ReducerKit: cost per operation as the work grows (log-log)")
        .render(sweeps)
      do {
        try svg.write(toFile: path, atomically: true, encoding: .utf8)
        print("\nwrote \(path)")
      } catch {
        print("error: could not write \(path): \(error)")
        return 1
      }
    }
    if let path = options.jsonPath {
      do {
        try writeJSON([], memory: [], sweeps: sweeps, to: path)
      } catch {
        print("error: could not write \(path): \(error)")
        return 1
      }
    }
    return 0
  }

  var baseline: [String: Samples]?
  if let path = options.comparePath {
    do {
      baseline = try loadBaseline(path)
    } catch {
      print("error: could not read \(path): \(error)")
      return 2
    }
  }

  // An exact id selects that workload alone; otherwise ids and names are matched loosely.
  let isExactID = allWorkloads.contains { $0.id == options.filter }
  let selected = allWorkloads.filter { workload in
    guard let filter = options.filter else { return true }
    if workload.id == "W0" { return true }
    if isExactID { return workload.id == filter }
    return workload.id.hasPrefix(filter) || workload.name.localizedCaseInsensitiveContains(filter)
  }
  var results: [Measurement] = []
  var skipped: [Workload] = []
  for workload in selected {
    defer { returnFreedMemory() }
    if let result = await measure(workload, options: options) {
      results.append(result)
    } else {
      skipped.append(workload)
    }
  }
  printTable(results, skipped: skipped)
  let memory = measureMemory(options: options)
  printMemory(memory)
  if let baseline { printComparison(results, baseline: baseline) }
  if let peak = peakResidentSetKilobytes() { print("\npeak RSS: \(peak) kB") }
  if let path = options.jsonPath {
    do {
      try writeJSON(results, memory: memory, sweeps: [], to: path)
    } catch {
      print("error: could not write \(path): \(error)")
      return 1
    }
  }
  return 0
}

exit(await runBenchmarks())
