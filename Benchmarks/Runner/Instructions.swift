import BenchmarkHarness
import Foundation

/// A workload's cost in instructions per operation, counted by valgrind's callgrind: unlike
/// time, the count does not drift with the machine's load, so a change of a few percent can be
/// seen. One count for a row on one thread (the same twice over); three, and their spread, for
/// a row whose tasks run on several threads.
struct InstructionCount {
  let workload: Workload
  let perOperation: Samples
}

/// Where `valgrind` is on the `PATH`, if anywhere.
func valgrindPath() -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for directory in path.split(separator: ":") {
    let candidate = "\(directory)/valgrind"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}

/// Counts the instructions of each workload: the executable is run twice under callgrind with
/// `--instruction-probe`, at one and at two times a base size, and the difference of the two
/// totals divided by the difference of their operation counts is the cost of an operation
/// alone (start-up, set-up and the warm-up of the first call cancel out).
@MainActor
func countInstructions(_ workloads: [Workload], valgrind: String) -> [InstructionCount] {
  guard let executable = strippedExecutable() else {
    printError("could not copy this executable for valgrind")
    return []
  }
  defer { try? FileManager.default.removeItem(atPath: executable) }
  var counts: [InstructionCount] = []
  for workload in workloads {
    var samples: [Double] = []
    for _ in 0..<(workload.isMultiThreaded ? 3 : 1) {
      guard let small = probeInstructions(valgrind, executable, id: workload.id, scale: 1),
        let large = probeInstructions(valgrind, executable, id: workload.id, scale: 2),
        large.operations > small.operations
      else { break }
      samples.append(
        Double(large.instructions - small.instructions)
          / Double(large.operations - small.operations))
    }
    if !samples.isEmpty {
      counts.append(InstructionCount(workload: workload, perOperation: Samples(samples)))
    }
  }
  return counts
}

/// Runs one workload at `scale` under callgrind; its instruction total and operation count.
private func probeInstructions(
  _ valgrind: String, _ executable: String, id: String, scale: Int
) -> (instructions: Int, operations: Int)? {
  #if os(macOS) || os(Linux)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: valgrind)
    process.arguments = [
      "--tool=callgrind", "--callgrind-out-file=/dev/null", executable, "--instruction-probe", id,
      "\(scale)",
    ]
    var environment = ProcessInfo.processInfo.environment
    // NB: Swift's backtracer would trace valgrind's own signals.
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      printError("could not run valgrind: \(error.localizedDescription)")
      return nil
    }
    let errorData = errors.fileHandleForReading.readDataToEndOfFile()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let report = String(decoding: errorData, as: UTF8.self)
    let printed = String(decoding: outputData, as: UTF8.self)
    guard process.terminationStatus == 0,
      let operations = Int(printed.trimmingCharacters(in: .whitespacesAndNewlines)),
      let line = report.split(separator: "\n").last(where: { $0.contains("Collected :") }),
      let instructions = Int(line.split(separator: " ").last ?? "")
    else {
      printError("the instruction probe of \(id) failed:\n\(report.suffix(2_000))")
      return nil
    }
    return (instructions, operations)
  #else
    printError("--instructions needs a child process (Foundation's Process): macOS and Linux only")
    return nil
  #endif
}

/// A copy of this executable without its debug information (valgrind cannot read the DWARF of
/// Swift 6.3's compiler), in a temporary directory.
private func strippedExecutable() -> String? {
  #if os(macOS) || os(Linux)
    guard let executable = executablePath() else { return nil }
    let copy = NSTemporaryDirectory() + "benchmarks-\(ProcessInfo.processInfo.processIdentifier)"
    try? FileManager.default.removeItem(atPath: copy)
    do { try FileManager.default.copyItem(atPath: executable, toPath: copy) } catch { return nil }
    let strip = Process()
    strip.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    strip.arguments = ["objcopy", "--strip-debug", copy]
    strip.standardError = FileHandle.nullDevice
    if (try? strip.run()) != nil { strip.waitUntilExit() }
    return copy
  #else
    return nil
  #endif
}

/// Runs workload `id` once at `scale` and prints how many operations it performed: the child
/// side of ``countInstructions(_:valgrind:)``.
@MainActor
func runInstructionProbe(id: String, scale: Int) async -> Int32 {
  guard let workload = allWorkloads.first(where: { $0.id == id }) else { return 2 }
  let options = Options(parsed: BenchmarkOptions(), probeScale: scale)
  guard let body = await workload.prepare(options) else { return 2 }
  let sample = await body()
  print(sample.operations)
  return 0
}

/// Prints the instruction counts, with their spread where there are several.
func printInstructions(_ counts: [InstructionCount]) {
  print("Instructions per operation (valgrind --tool=callgrind; on several threads, 3 runs):\n")
  let rows = counts.map { count -> [String] in
    let samples = count.perOperation
    let spread =
      samples.values.count > 1
      ? String(format: "%.0f–%.0f", samples.min, samples.max) : "(exact)"
    return [
      count.workload.id, count.workload.name, String(format: "%.0f", samples.median), spread,
    ]
  }
  printColumns(header: ["id", "workload", "instructions", "range"], rows: rows)
}

/// Writes `message` to standard error as one `error:` line.
func printError(_ message: String) {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
}
