import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// How much load the stress tests apply: 10,000 effects or rows, and 1,000 for the release test,
/// a tenth of that under a sanitizer (which slows every operation tenfold or more).
enum Stress {
  static let isSanitized: Bool = {
    let process = dlopen(nil, RTLD_NOW)
    return dlsym(process, "__tsan_init") != nil || dlsym(process, "__asan_init") != nil
  }()
  static let size = isSanitized ? 1_000 : 10_000
  static let smallSize = isSanitized ? 100 : 1_000
}

/// Load the runtime must survive without losing, duplicating or leaking anything; sized so the
/// whole suite stays well under a minute on two cores (see `Stress`).
@MainActor
@Suite struct StressTests {
  struct Counter: Reducer {
    struct State: Equatable, Sendable {
      var delivered: [Int] = []
    }
    enum Action: Sendable {
      case startMany(Int)
      case delivered(Int)
      case startReplacing(Int)
      case startForever(Int)
    }
    enum CancelID: Hashable, Sendable { case replacing }
    let clock: TestClock?
    let cancellations: LockIsolated<Int>?

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .startMany(let count):
        return .merge((0..<count).map { index in .run { send in await send(.delivered(index)) } })
      case .delivered(let index):
        state.delivered.append(index)
        return .none
      case .startReplacing(let index):
        return .run { [clock] send in
          try await clock?.sleep(for: .seconds(1))
          await send(.delivered(index))
        }
        .cancellable(id: CancelID.replacing, cancelInFlight: true)
      case .startForever(let count):
        return .merge(
          (0..<count).map { _ in
            .run { [cancellations] _ in
              do { try await Task.never() } catch { cancellations?.withValue { $0 += 1 } }
            }
          })
      }
    }
  }

  @Test func tenThousandConcurrentEffectsDeliverEachActionOnce() async {
    let store = Store(initialState: Counter.State()) { Counter(clock: nil, cancellations: nil) }
    await store.send(.startMany(Stress.size)).finish()
    #expect(store.delivered.count == Stress.size)
    #expect(Set(store.delivered) == Set(0..<Stress.size))
  }

  @Test func aStormOfCancelInFlightLeavesOnlyTheLastSurvivor() async {
    let clock = TestClock()
    let store = Store(initialState: Counter.State()) {
      Counter(clock: clock, cancellations: nil)
    }
    var tasks: [StoreTask] = []
    for index in 0..<Stress.size {
      tasks.append(store.send(.startReplacing(index)))
      // NB: yields every 100 sends: the main actor is shared with the tests running alongside,
      // whose test stores wait for it within their one-second timeouts (every 500 sends, one
      // of them waited 0.6-0.9 s for an effect to finish in a full run).
      if index % 100 == 0 { await Task.yield() }
    }
    // NB: the survivor's effect starts its sleep on another thread, maybe after one advance
    // (under ThreadSanitizer it did, and the test hung): the clock advances until it delivers.
    let ticking = Task {
      while !Task.isCancelled {
        await clock.advance(by: .seconds(1))
        await Task.yield()
      }
    }
    #expect(
      await eventually { !store.delivered.isEmpty },
      "the last effect delivered nothing after a minute of advancing its clock: a hang")
    ticking.cancel()
    for task in tasks { await task.finish() }
    #expect(store.delivered == [Stress.size - 1])
  }

  @Test func releasingAStoreCancelsItsThousandEffectsAndFreesIt() async throws {
    let cancellations = LockIsolated(0)
    weak var released: Store<Counter.State, Counter.Action>?
    do {
      let store = Store(initialState: Counter.State()) {
        Counter(clock: nil, cancellations: cancellations)
      }
      store.send(.startForever(Stress.smallSize))
      released = store
    }
    #expect(released == nil)
    #expect(
      await eventually { cancellations.value == Stress.smallSize },
      "\(cancellations.value) of \(Stress.smallSize) cancelled after a minute: a hang")
  }

  struct Rows: Reducer {
    struct Row: Reducer {
      struct State: Equatable, Identifiable, Sendable { let id: Int }
      enum Action: Sendable { case start, finished }
      let clock: TestClock
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        guard case .start = action else { return .none }
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.finished)
        }
      }
    }
    struct State: Equatable, Sendable { var rows: IdentifiedArrayOf<Row.State> }
    enum Action: Sendable {
      case rows(IdentifiedActionOf<Row>)
      case removeAll
    }
    let clock: TestClock
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .removeAll = action { state.rows.removeAll() }
        return .none
      }
      .forEach(\.rows, action: Action.rows) { Row(clock: clock) }
    }
  }

  @Test func tenThousandRemovedRowsHaveTheirEffectsCancelledAndSendNothing() async {
    let clock = TestClock()
    let rows = IdentifiedArray(uniqueElements: (0..<Stress.size).map { Rows.Row.State(id: $0) })
    let root = RootCore.make(
      initialState: Rows.State(rows: rows), reducer: Rows(clock: clock),
      dependencies: DependencyValues())
    let store = Store(root: root)
    var tasks: [StoreTask] = []
    for id in 0..<Stress.size {
      tasks.append(store.send(.rows(.element(id: id, action: .start))))
      if id % 100 == 0 { await Task.yield() }  // NB: as in the storm test above
    }
    store.send(.removeAll)
    // A row action reaching the parent now would be a runtime warning: a missing row.
    await clock.advance(by: .seconds(1))
    for task in tasks { await task.finish() }
    #expect(!root.registry.hasInFlight)
    #expect(store.rows.isEmpty)
  }

  /// A child store of `store`, scoped the same way each time (a closure literal that captures
  /// nothing is the same function on every call).
  func deliveredStore(_ store: StoreOf<Counter>) -> Store<[Int], Int> {
    store.scope(state: \.delivered, action: { Counter.Action.delivered($0) })
  }

  @Test func scopedStoresReleasedOnOtherThreadsWhileTheParentScopesAgain() async {
    // The scope cache reads its entries without retaining them: a store whose last reference
    // goes away on another thread, while the main actor scopes the same way, must be either
    // handed out alive or replaced, never handed out dying.
    let store = Store(initialState: Counter.State()) { Counter(clock: nil, cancellations: nil) }
    for _ in 0..<Stress.smallSize {
      let holder = LockIsolated<Store<[Int], Int>?>(nil)
      do {
        let child = deliveredStore(store)
        holder.withValue { $0 = child }
      }
      let released = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        holder.setValue(nil)
        released.signal()
      }
      for _ in 0..<3 { deliveredStore(store).send(1) }
      released.wait()
    }
    for _ in 0..<10 { await Task.yield() }
    #expect(store.cachedScopeCount <= 1)
    let child = deliveredStore(store)
    child.send(2)
    #expect(child.withState { $0.last } == 2)
    #expect(store.delivered.count == 3 * Stress.smallSize + 1)
  }
}
