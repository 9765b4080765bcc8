import ReducerKit

struct LargeState: Equatable {
  var title = "large"
  var items: [Int]
}

let debuggingWorkloads: [Workload] = [
  Workload("D1", "Diff of 10k-element states") { options in
    let size = options.size(10_000, quick: 1_000)
    let before = LargeState(items: Array(0..<size))
    var after = before
    after.items[size / 2] = -1
    after.items.append(size)
    return {
      blackHole(diff(before, after))
      return 1
    }
  },
  Workload("R1", "Send.Recording") { options in
    // W1's counter while a session recording records (the last 10,000 steps, its default): the
    // price of a recorded action. W1 is the same without it.
    let count = options.size(1_000_000, quick: 10_000)
    let store = Store(initialState: Counter.State()) { Counter() }
    let recording = store.startRecording()
    return {
      for _ in 0..<count { store.send(.increment) }
      blackHole(recording.steps.count)
      return count
    }
  },
]
