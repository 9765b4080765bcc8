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
  }
]
