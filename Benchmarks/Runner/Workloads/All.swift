import BenchmarkHarness

/// Every workload, in the order the table prints them, with its target and threading.
let allWorkloads: [Workload] =
  (coreWorkloads + navigationWorkloads + collectionWorkloads + identifiedArrayWorkloads
  + effectWorkloads + testingWorkloads + observationWorkloads + sharingWorkloads
  + debuggingWorkloads).map { workload in
    var workload = workload
    workload.target = targets[workload.id]
    workload.isMultiThreaded = onSeveralThreads.contains(workload.id)
    return workload
  }

/// The figures we hold the rows to (`--check`), in one place: the README's table shows them.
/// Effect rows are held to their bare-task baselines of the same run, which move with the
/// machine as they do.
private let targets: [String: Target] = [
  "W1": .atMost(nanoseconds: 50),
  "W2": .atMost(nanoseconds: 500),
  "W3": .atMost(nanoseconds: 500),
  "W4": .atMost(nanoseconds: 5_000),
  "W4c": .atMost(nanoseconds: 1_000, label: "≤ 100 ns a scope"),
  "W4c1": .atMost(nanoseconds: 100),
  "W5": .ratio(to: "B5", atMost: 1.2),
  "W6": .atMost(nanoseconds: 100),
  "W6b": .atMost(nanoseconds: 100),
  "W7": .ratio(to: "B7", atMost: 1.3),
  "W8": .ratio(to: "B8", atMost: 1.3),
  "W8s": .ratio(to: "B8", atMost: 1.3),
  "W9": .atMost(nanoseconds: 3_000),
]

/// The rows whose operations run as tasks on the pool.
private let onSeveralThreads: Set<String> = [
  "W6r", "W7", "W7c", "W8", "W8s", "B7", "B7a", "B8", "W9r",
]
