import ReducerKit

/// The counter feature of W0, W1 and W9.
struct Counter: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable { case increment }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        state.count += 1
        return .none
      }
    }
  }
}

@inline(never)
func rawCounterBody(_ state: inout Counter.State) {
  state.count += 1
}

enum CasePathFixture: Sendable {
  case first(Int)
  case second(Int)
  case child(Counter.Action)
  case other
}

let coreWorkloads: [Workload] = [
  Workload("W0", "Raw limit") { options in
    let count = options.size(1_000_000, quick: 10_000)
    return {
      var state = Counter.State()
      for _ in 0..<count { rawCounterBody(&state) }
      blackHole(state)
      return count
    }
  },
  Workload("W1", "Store.Send") { options in
    let count = options.size(1_000_000, quick: 10_000)
    let store = Store(initialState: Counter.State()) { Counter() }
    return {
      for _ in 0..<count { store.send(.increment) }
      blackHole(store.withState(\.count))
      return count
    }
  },
  Workload("CP1", "AnyCasePath.extract hit") { options in
    let count = options.size(1_000_000, quick: 10_000)
    let path = AnyCasePath(CasePathFixture.second)
    let values = (0..<1_000).map { CasePathFixture.second($0) }
    return {
      var sum = 0
      for index in 0..<count { sum &+= path.extract(from: values[index % 1_000]) ?? 0 }
      blackHole(sum)
      return count
    }
  },
  Workload("CP2", "AnyCasePath.extract miss") { options in
    let count = options.size(1_000_000, quick: 10_000)
    let path = AnyCasePath(CasePathFixture.second)
    let values = (0..<1_000).map { CasePathFixture.first($0) }
    return {
      var misses = 0
      for index in 0..<count where path.extract(from: values[index % 1_000]) == nil {
        misses &+= 1
      }
      blackHole(misses)
      return count
    }
  },
]
