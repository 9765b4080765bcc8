import BenchmarkHarness
import Foundation
import ReducerKit
import Synchronization

/// A memory row: bytes of resident memory per task in flight, measured in a fresh process for
/// each sample (the benchmark executable run again with `--memory-probe ID COUNT`).
///
/// NB: a fresh process, because freed memory stays in the allocator's arenas: in the main run the
/// rows before would have left room that new tasks reuse without growing the resident set, and
/// 100k tasks in flight would set the peak of the whole run.
struct MemoryRow {
  let id: String
  let name: String
  /// Starts `count` tasks that stay in flight; returns what ends them.
  let start: @MainActor (Int) async -> @MainActor () async -> Void
}

struct MemoryMeasurement {
  let row: MemoryRow
  let count: Int
  let samples: Samples  // bytes per task in flight, one per process
}

let allMemoryRows: [MemoryRow] = [
  MemoryRow(id: "M1", name: "Memory.EffectsInFlight") { count in
    await startParkedEffects(.park(count), count: count)
  },
  MemoryRow(id: "M1B", name: "Baseline.TasksInFlight") { count in
    // What M1 is bounded by: bare tasks that run the same operation, a closure value, as any
    // task running someone else's work must.
    let operation = parkingOperation()
    return await startBareTasks(count) { try? await operation() }
  },
  MemoryRow(id: "M1B0", name: "Baseline.TasksInFlight.Inline") { count in
    // The floor: the operation written inline in the task's body, so it needs no call frame of
    // its own (with Task.sleep, the one frame less keeps it within its task's first 1 KB slab).
    await startBareTasks(count) {
      ParkedTasks.arrive()
      try? await Task.sleep(for: .seconds(3600))
    }
  },
  MemoryRow(id: "M2", name: "Memory.EffectsWaiting") { count in
    // Effects that wait in a shallow call (`Task.never()`, like a stream's next element): their
    // frames fit in the task's first allocation slab when the effect adds little to them.
    await startParkedEffects(.wait(count), count: count)
  },
  MemoryRow(id: "M2B", name: "Baseline.TasksWaiting") { count in
    // What M2 is bounded by: bare tasks running the same operation, a closure value.
    let operation = waitingOperation()
    return await startBareTasks(count) { try? await operation() }
  },
]

/// Sends `action` to a store of `Parker`, whose effects wait until cancelled, and waits until
/// `count` of them do; returns what ends them.
@MainActor
func startParkedEffects(
  _ action: Parker.Action, count: Int
) async -> @MainActor () async -> Void {
  let store = Store(initialState: Parker.State()) { Parker() }
  let parked = store.send(action)
  await ParkedTasks.wait(for: count)
  return {
    parked.cancel()
    await parked.finish()
  }
}

/// Starts `count` bare tasks running `body` and waits until they all sleep; returns what ends
/// them.
@MainActor
func startBareTasks(
  _ count: Int, _ body: @escaping @Sendable () async -> Void
) async -> @MainActor () async -> Void {
  let tasks = (0..<count).map { _ in Task(operation: body) }
  await ParkedTasks.wait(for: count)
  return {
    for task in tasks { task.cancel() }
    for task in tasks { await task.value }
  }
}

/// The work of M1's effects as a closure value: counts itself and sleeps until cancelled.
@inline(never)
func parkingOperation() -> @Sendable () async throws -> Void {
  {
    ParkedTasks.arrive()
    try await Task.sleep(for: .seconds(3600))
  }
}

/// The work of M2's effects as a closure value: counts itself and waits until cancelled.
@inline(never)
func waitingOperation() -> @Sendable () async throws -> Void {
  {
    ParkedTasks.arrive()
    try await Task.never()
  }
}

/// A feature whose effects count themselves and sleep (or wait) until cancelled.
struct Parker: Reducer {
  struct State: Equatable, Sendable {}
  enum Action: Sendable {
    case park(Int)
    case wait(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .park(let count):
      return .merge(
        (0..<count).map { _ in
          .run { _ in
            ParkedTasks.arrive()
            try await Task.sleep(for: .seconds(3600))
          }
        })
    case .wait(let count):
      return .merge(
        (0..<count).map { _ in
          .run { _ in
            ParkedTasks.arrive()
            try await Task.never()
          }
        })
    }
  }
}

/// Counts tasks that reached their sleep.
enum ParkedTasks {
  static let count = Atomic<Int>(0)

  static func arrive() {
    count.add(1, ordering: .relaxed)
  }

  /// Waits until `expected` more tasks than at the last reset have arrived, then resets.
  static func wait(for expected: Int) async {
    while count.load(ordering: .relaxed) < expected {
      try? await Task.sleep(for: .milliseconds(1))
    }
    count.store(0, ordering: .relaxed)
    // A task counts itself just before it sleeps, and a sleep allocates too: wait until the
    // resident set stops growing.
    var last = residentBytes() ?? 0
    for _ in 0..<100 {
      try? await Task.sleep(for: .milliseconds(20))
      let now = residentBytes() ?? 0
      if now == last { return }
      last = now
    }
  }
}

/// The probe a child process runs: prints the resident bytes per task in flight.
@MainActor
func runMemoryProbe(id: String, count: Int) async -> Int32 {
  guard let row = allMemoryRows.first(where: { $0.id == id }) else {
    print("error: no memory row \(id)")
    return 2
  }
  // Warm up: threads, caches and the allocator's first arenas are not the tasks' cost.
  await row.start(min(count, 1_000))()
  guard let before = residentBytes() else {
    print("error: no resident set size on this platform")
    return 1
  }
  let end = await row.start(count)
  let after = residentBytes() ?? before
  await end()
  print(Double(after - before) / Double(count))
  return 0
}

/// Measures the memory rows the options select, each sample in a fresh process.
@MainActor
func measureMemory(_ selected: [MemoryRow], options: Options) -> [MemoryMeasurement] {
  let count = options.size(100_000, quick: 2_000)
  guard !selected.isEmpty, residentBytes() != nil, let executable = executablePath() else {
    return []
  }
  return selected.compactMap { row in
    var samples: [Double] = []
    for _ in 0..<options.repetitions {
      guard let sample = probe(executable, id: row.id, count: count) else { return nil }
      samples.append(sample)
    }
    return MemoryMeasurement(row: row, count: count, samples: Samples(samples))
  }
}

/// Runs the probe of row `id` in a child process; returns its bytes per task.
func probe(_ executable: String, id: String, count: Int) -> Double? {
  #if os(macOS) || os(Linux)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--memory-probe", id, "\(count)"]
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      printError("could not run the memory probe: \(error.localizedDescription)")
      return nil
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard process.terminationStatus == 0, let value = Double(text) else {
      printError("memory probe \(id) failed: \(text)")
      return nil
    }
    return value
  #else
    printError("memory rows need a child process (Foundation's Process): macOS and Linux only")
    return nil
  #endif
}

func printMemory(_ measurements: [MemoryMeasurement]) {
  guard !measurements.isEmpty else { return }
  print("\nResident memory per task in flight (a fresh process per sample, RSS delta ÷ count):\n")
  let header = ["id", "workload", "median", "min", "max", "tasks"]
  let rows = measurements.map { measurement -> [String] in
    let samples = measurement.samples
    return [
      measurement.row.id, measurement.row.name, bytes(samples.median), bytes(samples.min),
      bytes(samples.max), "\(measurement.count)",
    ]
  }
  printColumns(header: header, rows: rows)
  let median = { (id: String) in measurements.first { $0.row.id == id }?.samples.median }
  if let effect = median("M1"), let bare = median("M1B") {
    print("\nM1 − M1B: \(bytes(effect - bare)) per effect beyond a bare task (target ≤ 1536 B)")
  }
  if let effect = median("M2"), let bare = median("M2B") {
    print("M2 − M2B: \(bytes(effect - bare)) per waiting effect beyond a bare task")
  }
}

func bytes(_ value: Double) -> String {
  String(format: "%.0f B", value)
}

/// The resident set size in bytes, from `/proc/self/statm` (Linux); `nil` elsewhere.
func residentBytes() -> Int? {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
    return nil
  }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// This executable's path, for the child processes.
func executablePath() -> String? {
  if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
    return path
  }
  return Bundle.main.executablePath
}
