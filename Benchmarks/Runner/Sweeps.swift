import BenchmarkHarness
import Observation
import ReducerKit

/// An operation measured at several sizes: `prepare(size)` builds the fixtures and returns the
/// timed body, as a workload does.
struct SweepDefinition {
  let id: String
  let title: String
  let unit: String
  let complexity: Complexity
  let sizes: [Int]
  let quickSizes: [Int]
  let prepare: @MainActor (Int, Options) async -> @MainActor () async -> Sample
}

/// Measures the sweeps `definitions` (those the filter selected).
@MainActor
func runSweeps(_ definitions: [SweepDefinition], options: Options) async -> [Sweep] {
  var sweeps: [Sweep] = []
  for definition in definitions {
    var points: [(size: Int, nanoseconds: Double)] = []
    for size in options.quick ? definition.quickSizes : definition.sizes {
      let body = await definition.prepare(size, options)
      _ = await body()  // warm-up
      var samples: [Double] = []
      for _ in 0..<options.repetitions {
        let start = ContinuousClock.now
        let sample = await body()
        let elapsed = sample.elapsed ?? (ContinuousClock.now - start)
        samples.append(nanoseconds(elapsed) / Double(max(sample.operations, 1)))
      }
      points.append((size, Samples(samples).median))
    }
    sweeps.append(
      Sweep(
        id: definition.id, title: definition.title, unit: definition.unit,
        complexity: definition.complexity, points: points))
  }
  return sweeps
}

/// A timed loop of `count` operations.
@MainActor
func timed(_ count: Int, _ operation: @MainActor (Int) -> Void) -> Sample {
  let start = ContinuousClock.now
  for index in 0..<count { operation(index) }
  return Sample(operations: count, elapsed: ContinuousClock.now - start)
}

let sweepDefinitions: [SweepDefinition] = [
  SweepDefinition(
    id: "R1", title: "forEach row action", unit: "rows", complexity: .constant,
    sizes: [100, 1_000, 10_000, 100_000], quickSizes: [100, 1_000]
  ) { rowCount, options in
    let rows = IdentifiedArray(uniqueElements: (0..<rowCount).map { ToggleRow.State(id: $0) })
    let store = Store(initialState: RowsFeature.State(rows: rows)) { RowsFeature() }
    let count = options.size(20_000, quick: 200)
    return {
      timed(count) { store.send(.rows(.element(id: $0 * 7_919 % rowCount, action: .toggle))) }
    }
  },
  SweepDefinition(
    id: "R2", title: "remove and re-add a middle row", unit: "rows", complexity: .linear,
    sizes: [100, 1_000, 10_000, 100_000], quickSizes: [100, 1_000]
  ) { rowCount, options in
    let rows = IdentifiedArray(uniqueElements: (0..<rowCount).map { BusyRow.State(id: $0) })
    let store = Store(initialState: BusyRows.State(rows: rows)) { BusyRows() }
    let count = options.size(rowCount >= 100_000 ? 200 : 2_000, quick: 50)
    return {
      timed(count) { _ in
        store.send(.remove(rowCount / 2))
        store.send(.reinsert(rowCount / 2))
      }
    }
  },
  SweepDefinition(
    id: "N1", title: "send to a store d levels down", unit: "levels", complexity: .linear,
    sizes: [1, 5, 10, 20, 50], quickSizes: [1, 5]
  ) { depth, options in
    let root = Store(initialState: Nested.tree(depth: depth)) { Nested() }
    let leaf = scopedDown(root, levels: depth)
    let count = options.size(20_000, quick: 200)
    return { timed(count) { _ in leaf.send(.increment) } }
  },
  SweepDefinition(
    id: "N2", title: "scope d levels down", unit: "levels", complexity: .linear,
    sizes: [1, 5, 10, 20, 50], quickSizes: [1, 5]
  ) { depth, options in
    let count = options.size(300, quick: 20)
    return {
      let roots = (0..<count).map { _ in Store(initialState: Nested.tree(depth: depth)) { Nested() }
      }
      var leaves: [Store<Nested.State, Nested.Action>] = []
      let start = ContinuousClock.now
      for root in roots { leaves.append(scopedDown(root, levels: depth)) }
      let elapsed = ContinuousClock.now - start
      blackHole(leaves)
      return Sample(operations: count, elapsed: elapsed)
    }
  },
  SweepDefinition(
    id: "E1", title: "start and cancel an effect among n", unit: "effects in flight",
    complexity: .constant, sizes: [100, 1_000, 10_000, 100_000], quickSizes: [10, 100]
  ) { others, options in
    let store = Store(initialState: Spawner.State()) { Spawner() }
    store.send(.sleepMany(others))
    for _ in 0..<10 { await Task.yield() }
    let count = options.size(2_000, quick: 50)
    return {
      let start = ContinuousClock.now
      for _ in 0..<count {
        let task = store.send(.sleepProbe)
        store.send(.cancelProbe)
        await task.finish()
      }
      return Sample(operations: count, elapsed: ContinuousClock.now - start)
    }
  },
  SweepDefinition(
    id: "O1", title: "send with n observed fields untouched", unit: "fields",
    complexity: .linear, sizes: [1, 10, 100, 1_000], quickSizes: [1, 10]
  ) { fields, options in
    let store = Store(initialState: ManyFields.State()) { ManyFields() }
    let observers = (0..<fields).map { index in ValueObserver(store: store, index: index + 1) }
    let count = options.size(20_000, quick: 200)
    return {
      let sample = timed(count) { _ in store.send(.increment) }
      precondition(observers.allSatisfy { $0.changes == 0 }, "an unchanged field notified")
      return sample
    }
  },
  SweepDefinition(
    id: "P1", title: "push and pop on a stack of depth d", unit: "depth", complexity: .constant,
    sizes: [1, 10, 100], quickSizes: [1, 10]
  ) { depth, options in
    let store = Store(initialState: Stacked.State(depth: depth)) { Stacked() }
    let count = options.size(20_000, quick: 200)
    return {
      timed(count) { _ in
        store.send(.push)
        store.send(.popLast)
      }
    }
  },
]

/// A state with a counter and a thousand other values, observed one by one.
struct ManyFields: Reducer {
  struct State: Equatable, Sendable {
    var values = Array(repeating: 0, count: 1_001)
  }
  enum Action: Sendable { case increment }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.values[0] += 1
    return .none
  }
}

/// Observes `values[index]` the way a view does.
@MainActor
final class ValueObserver {
  let store: StoreOf<ManyFields>
  let keyPath: KeyPath<ManyFields.State, Int>
  var changes = 0

  init(store: StoreOf<ManyFields>, index: Int) {
    self.store = store
    keyPath = \ManyFields.State.values[index]
    track()
  }

  func track() {
    withObservationTracking {
      blackHole(store[dynamicMember: keyPath])
    } onChange: { [weak self] in
      MainActor.assumeIsolated {
        self?.changes += 1
        self?.track()
      }
    }
  }
}

/// A navigation stack preloaded to a depth.
struct Stacked: Reducer {
  struct State: Equatable, Sendable {
    var path = StackState<Counter.State>()
    init(depth: Int) {
      for _ in 0..<depth { path.append(Counter.State()) }
    }
  }
  enum Action: Sendable {
    case path(StackActionOf<Counter>)
    case push
    case popLast
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .push: state.path.append(Counter.State())
      case .popLast: _ = state.path.removeLast()
      case .path: break
      }
      return .none
    }
    .forEach(\.path, action: Action.path) { Counter() }
  }
}
