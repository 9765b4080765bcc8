import ReducerKit
import ReducerKitTesting

let testingWorkloads: [Workload] = [
  Workload("W9", "TestStore") { options in
    let count = options.size(10_000, quick: 200)
    return {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      for _ in 0..<count {
        await store.send(.increment) { $0.count += 1 }
      }
      return count
    }
  }
]
