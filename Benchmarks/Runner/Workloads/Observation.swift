import Observation
import ReducerKit
import Synchronization

/// A state with a counter and a hundred other stored fields, for the observation workloads.
struct Wide: Reducer {
  struct State: Equatable, Sendable {
    var counter = 0
    var f0 = 0
    var f1 = 0
    var f2 = 0
    var f3 = 0
    var f4 = 0
    var f5 = 0
    var f6 = 0
    var f7 = 0
    var f8 = 0
    var f9 = 0
    var f10 = 0
    var f11 = 0
    var f12 = 0
    var f13 = 0
    var f14 = 0
    var f15 = 0
    var f16 = 0
    var f17 = 0
    var f18 = 0
    var f19 = 0
    var f20 = 0
    var f21 = 0
    var f22 = 0
    var f23 = 0
    var f24 = 0
    var f25 = 0
    var f26 = 0
    var f27 = 0
    var f28 = 0
    var f29 = 0
    var f30 = 0
    var f31 = 0
    var f32 = 0
    var f33 = 0
    var f34 = 0
    var f35 = 0
    var f36 = 0
    var f37 = 0
    var f38 = 0
    var f39 = 0
    var f40 = 0
    var f41 = 0
    var f42 = 0
    var f43 = 0
    var f44 = 0
    var f45 = 0
    var f46 = 0
    var f47 = 0
    var f48 = 0
    var f49 = 0
    var f50 = 0
    var f51 = 0
    var f52 = 0
    var f53 = 0
    var f54 = 0
    var f55 = 0
    var f56 = 0
    var f57 = 0
    var f58 = 0
    var f59 = 0
    var f60 = 0
    var f61 = 0
    var f62 = 0
    var f63 = 0
    var f64 = 0
    var f65 = 0
    var f66 = 0
    var f67 = 0
    var f68 = 0
    var f69 = 0
    var f70 = 0
    var f71 = 0
    var f72 = 0
    var f73 = 0
    var f74 = 0
    var f75 = 0
    var f76 = 0
    var f77 = 0
    var f78 = 0
    var f79 = 0
    var f80 = 0
    var f81 = 0
    var f82 = 0
    var f83 = 0
    var f84 = 0
    var f85 = 0
    var f86 = 0
    var f87 = 0
    var f88 = 0
    var f89 = 0
    var f90 = 0
    var f91 = 0
    var f92 = 0
    var f93 = 0
    var f94 = 0
    var f95 = 0
    var f96 = 0
    var f97 = 0
    var f98 = 0
    var f99 = 0

    /// Key paths of the hundred fields.
    static let fields: [KeyPath<State, Int> & Sendable] = [
      \.f0, \.f1, \.f2, \.f3, \.f4, \.f5, \.f6, \.f7, \.f8, \.f9,
      \.f10, \.f11, \.f12, \.f13, \.f14, \.f15, \.f16, \.f17, \.f18, \.f19,
      \.f20, \.f21, \.f22, \.f23, \.f24, \.f25, \.f26, \.f27, \.f28, \.f29,
      \.f30, \.f31, \.f32, \.f33, \.f34, \.f35, \.f36, \.f37, \.f38, \.f39,
      \.f40, \.f41, \.f42, \.f43, \.f44, \.f45, \.f46, \.f47, \.f48, \.f49,
      \.f50, \.f51, \.f52, \.f53, \.f54, \.f55, \.f56, \.f57, \.f58, \.f59,
      \.f60, \.f61, \.f62, \.f63, \.f64, \.f65, \.f66, \.f67, \.f68, \.f69,
      \.f70, \.f71, \.f72, \.f73, \.f74, \.f75, \.f76, \.f77, \.f78, \.f79,
      \.f80, \.f81, \.f82, \.f83, \.f84, \.f85, \.f86, \.f87, \.f88, \.f89,
      \.f90, \.f91, \.f92, \.f93, \.f94, \.f95, \.f96, \.f97, \.f98, \.f99,
    ]
  }
  enum Action: Sendable { case increment }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.counter += 1
    return .none
  }
}

/// Observes one field of a store the way a view does: on a change, it reads the field again
/// inside a new tracking scope.
@MainActor
final class FieldObserver {
  let store: StoreOf<Wide>
  let read: @MainActor (StoreOf<Wide>) -> Int
  var changes = 0

  init(store: StoreOf<Wide>, read: @escaping @MainActor (StoreOf<Wide>) -> Int) {
    self.store = store
    self.read = read
    track()
  }

  func track() {
    withObservationTracking {
      blackHole(read(store))
    } onChange: { [weak self] in
      // NB: called while the store notifies, on the main actor.
      MainActor.assumeIsolated {
        guard let self else { return }
        self.changes += 1
        self.track()
      }
    }
  }
}

/// `send` while `count` key paths the action does not change are observed: the cost of
/// checking them after every send.
func observedFieldsWorkload(_ id: String, fields count: Int) -> Workload {
  Workload(id, "Send.Observed\(count)") { options in
    let sends = options.size(1_000_000, quick: 10_000)
    let store = Store(initialState: Wide.State()) { Wide() }
    let observers = Wide.State.fields.prefix(count).map { field in
      FieldObserver(store: store) { $0[dynamicMember: field] }
    }
    return {
      for _ in 0..<sends { store.send(.increment) }
      precondition(observers.allSatisfy { $0.changes == 0 }, "an unchanged field notified")
      return sends
    }
  }
}

let observationWorkloads: [Workload] = [
  observedFieldsWorkload("O0", fields: 0),
  observedFieldsWorkload("O10", fields: 10),
  observedFieldsWorkload("O100", fields: 100),
  Workload("O10c", "Send.10ObserversNotified") { options in
    // Ten observers of the field every send changes; each is notified and tracks again.
    let sends = options.size(100_000, quick: 1_000)
    let store = Store(initialState: Wide.State()) { Wide() }
    let observers = (0..<10).map { _ in FieldObserver(store: store) { $0.counter } }
    return {
      let before = observers[0].changes
      for _ in 0..<sends { store.send(.increment) }
      precondition(observers[0].changes - before == sends, "a change did not notify")
      return sends
    }
  },
  Workload("I1", "Send.Instrumented") {
    options in
    // W1's counter with instrumentation installed (a handler that only counts): the price of
    // timing every reduce. W1 is the same without it.
    let count = options.size(1_000_000, quick: 10_000)
    let store = Store(initialState: Counter.State()) { Counter() }
    let events = EventCounter()
    store.instrumentation = StoreInstrumentation { _ in events.count() }
    return {
      for _ in 0..<count { store.send(.increment) }
      blackHole(store.withState(\.count))
      return count
    }
  },
]

/// Counts instrumentation events.
final class EventCounter: Sendable {
  private let total = Atomic(0)
  func count() { total.add(1, ordering: .relaxed) }
}
