import ReducerKit

/// A counter whose count is a shared value.
struct SharedTally: Reducer {
  struct State: Sendable {
    @Shared(.inMemory("benchmark.tally")) var count = 0
  }
  enum Action: Sendable { case increment }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.$count.withLock { $0 += 1 }
    return .none
  }
}

let sharingWorkloads: [Workload] = [
  Workload("S1", "Shared.Read") { options in
    // Reading a shared field of a state: the lock, and the registrar's check for an observer.
    let reads = options.size(1_000_000, quick: 10_000)
    let state = SharedTally.State()
    return {
      var total = 0
      for _ in 0..<reads { total &+= state.count }
      blackHole(total)
      return reads
    }
  },
  Workload("S2", "Shared.WithLock") { options in
    // A write: the lock, the registrar's mutation, and the test-tracker check.
    let writes = options.size(1_000_000, quick: 10_000)
    let count = Shared(value: 0)
    return {
      for _ in 0..<writes { count.withLock { $0 += 1 } }
      return writes
    }
  },
  Workload("S3", "Store.Send.SharedWrite") { options in
    // W1 with the counter in a shared value: what sharing adds to a send.
    let sends = options.size(1_000_000, quick: 10_000)
    let store = Store(initialState: SharedTally.State()) { SharedTally() }
    return {
      for _ in 0..<sends { store.send(.increment) }
      return sends
    }
  },
]
