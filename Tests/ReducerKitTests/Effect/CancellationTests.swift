import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct CancellationTests {
  enum CancelID: Hashable, Sendable { case work, other }

  struct Worker: Reducer {
    struct State: Equatable, Sendable { var log: [String] = [] }
    enum Action: Equatable, Sendable {
      case start(String, cancelInFlight: Bool = false)
      case startScoped(String)
      case cancel
      case finished(String)
    }
    let gate: Gate

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start(let name, let cancelInFlight):
        return .run { [gate] send in
          await gate.wait()
          try Task.checkCancellation()
          await send(.finished(name))
        }
        .cancellable(id: CancelID.work, cancelInFlight: cancelInFlight)
      case .startScoped(let name):
        return .run { [gate] send in
          await withTaskCancellation(id: CancelID.other) {
            await gate.wait()
            guard !Task.isCancelled else { return }
            await send(.finished("\(name) inner"))
          }
          await send(.finished("\(name) after"))
        }
      case .cancel:
        return .merge(.cancel(id: CancelID.work), .cancel(id: CancelID.other))
      case .finished(let name):
        state.log.append(name)
        return .none
      }
    }
  }

  @Test func cancelStopsCancellableEffects() async {
    let gate = Gate()
    let store = Store(initialState: Worker.State()) { Worker(gate: gate) }
    let task = store.send(.start("a"))
    store.send(.cancel)
    gate.open()
    await task.finish()
    #expect(store.log.isEmpty)
    #expect(task.isCancelled)
  }

  @Test func cancelInFlightKeepsOnlyTheNewestEffect() async {
    let gate = Gate()
    let store = Store(initialState: Worker.State()) { Worker(gate: gate) }
    let first = store.send(.start("first", cancelInFlight: true))
    let second = store.send(.start("second", cancelInFlight: true))
    gate.open()
    await first.finish()
    await second.finish()
    #expect(store.log == ["second"])
  }

  @Test func withoutCancelInFlightBothEffectsRun() async {
    let gate = Gate()
    let store = Store(initialState: Worker.State()) { Worker(gate: gate) }
    let first = store.send(.start("first"))
    let second = store.send(.start("second"))
    gate.open()
    await first.finish()
    await second.finish()
    #expect(Set(store.log) == ["first", "second"])
  }

  @Test func withTaskCancellationCancelsPartOfAnEffect() async {
    let gate = Gate()
    let store = Store(initialState: Worker.State()) { Worker(gate: gate) }
    let task = store.send(.startScoped("job"))
    // Let the effect reach the gate inside its cancellable scope.
    while !gate.hasWaiters { await Task.yield() }
    store.send(.cancel)
    gate.open()
    await task.finish()
    #expect(store.log == ["job after"])
  }

  @Test func twoStoresNeverCancelEachOthersEffects() async {
    let gate = Gate()
    let first = Store(initialState: Worker.State()) { Worker(gate: gate) }
    let second = Store(initialState: Worker.State()) { Worker(gate: gate) }
    let firstTask = first.send(.start("first"))
    let secondTask = second.send(.start("second"))
    second.send(.cancel)
    gate.open()
    await firstTask.finish()
    await secondTask.finish()
    #expect(first.log == ["first"])
    #expect(second.log.isEmpty)
  }

  @Test func storeTaskCancelCancelsItsEffects() async {
    let gate = Gate()
    let store = Store(initialState: Worker.State()) { Worker(gate: gate) }
    let task = store.send(.start("a"))
    task.cancel()
    gate.open()
    await task.finish()
    #expect(store.log.isEmpty)
  }

  @Test func cancelEffectsCancelsEverythingInFlight() async {
    let gate = Gate()
    let store = Store(initialState: Worker.State()) { Worker(gate: gate) }
    let first = store.send(.start("a"))
    let second = store.send(.startScoped("b"))
    store.cancelEffects()
    gate.open()
    await first.finish()
    await second.finish()
    #expect(store.log.isEmpty)
    // New effects still run afterwards.
    await store.send(.start("c")).finish()
    #expect(store.log == ["c"])
  }

  /// A store whose one effect waits on `gate`, recording whether it finished or was cancelled.
  private func probedStore(gate: Gate, probe: Locked<[String]>) -> Store<
    Worker.State, Worker.Action
  > {
    Store(initialState: Worker.State()) {
      Reduce { _, _ in
        .run { _ in
          await withTaskCancellationHandler {
            await gate.wait()
          } onCancel: {
            probe.withLock { $0.append("cancelled") }
          }
          if !Task.isCancelled { probe.withLock { $0.append("finished") } }
        }
      }
    }
  }

  @Test func releasingTheRootStoreCancelsItsEffects() async {
    let gate = Gate()
    let probe = Locked<[String]>([])
    var store: Store<Worker.State, Worker.Action>? = probedStore(gate: gate, probe: probe)
    let task = store!.send(.cancel)
    store = nil
    await task.finish()
    #expect(probe.withLock { $0 } == ["cancelled"])
  }

  @Test func aScopedStoreKeepsItsRootAndItsEffectsAlive() async {
    let gate = Gate()
    let probe = Locked<[String]>([])
    var store: Store<Worker.State, Worker.Action>? = probedStore(gate: gate, probe: probe)
    let task = store!.send(.cancel)
    let scoped = store!.scope(state: \.log, action: { (_: Never) -> Worker.Action in })
    store = nil
    gate.open()
    await task.finish()
    #expect(probe.withLock { $0 } == ["finished"])
    withExtendedLifetime(scoped) {}
  }

  @Test func cancelsThousandsOfEffectsUnderAStorm() async {
    struct Storm: Reducer {
      enum ID: Hashable, Sendable { case effect(Int) }
      enum Action: Sendable {
        case start(Int)
        case cancel(Int)
        case done
      }
      func reduce(into state: inout Int, action: Action) -> Effect<Action> {
        switch action {
        case .start(let count):
          return .merge(
            (0..<count).map { index in
              .run { send in
                try await Task.sleep(for: .seconds(3600))
                await send(.done)
              }
              .cancellable(id: ID.effect(index))
            }
          )
        case .cancel(let count):
          return .merge((0..<count).map { .cancel(id: ID.effect($0)) })
        case .done:
          state += 1
          return .none
        }
      }
    }
    let store = Store(initialState: 0) { Storm() }
    for _ in 0..<5 {
      let task = store.send(.start(2_000))
      store.send(.cancel(2_000))
      await task.finish()
    }
    #expect(store.state == 0)
  }

  @Test func mergedCancelsApplyInOrderAroundTheEffectsBesideThem() async {
    // A run of merged `.cancel` effects is applied at once; it must still cancel only what was
    // started before it, and never an effect merged after it with the same ID.
    struct Restarter: Reducer {
      enum Action: Equatable, Sendable {
        case restart(String)
        case startThenCancel(String)
        case finished(String)
      }
      let gate: Gate
      func reduce(into state: inout [String], action: Action) -> Effect<Action> {
        let work = { (name: String) -> Effect<Action> in
          .run { [gate] send in
            await gate.wait()
            try Task.checkCancellation()
            await send(.finished(name))
          }
          .cancellable(id: CancelID.work)
        }
        switch action {
        case .restart(let name):
          return .merge(.cancel(id: CancelID.work), .cancel(id: CancelID.other), work(name))
        case .startThenCancel(let name):
          return .merge(work(name), .cancel(id: CancelID.other), .cancel(id: CancelID.work))
        case .finished(let name):
          state.append(name)
          return .none
        }
      }
    }
    let gate = Gate()
    let store = Store(initialState: [String]()) { Restarter(gate: gate) }
    let first = store.send(.restart("first"))
    let second = store.send(.restart("second"))
    let third = store.send(.startThenCancel("third"))
    gate.open()
    await first.finish()
    await second.finish()
    await third.finish()
    #expect(store.state == [])
    let fourth = store.send(.restart("fourth"))
    await fourth.finish()
    #expect(store.state == ["fourth"])
  }

  @Test func effectsThatFinishAtOnceLeaveNothingInFlight() async throws {
    struct Instant: Reducer {
      enum Action: Sendable { case start(Int) }
      func reduce(into state: inout Int, action: Action) -> Effect<Action> {
        guard case .start(let count) = action else { return .none }
        return .merge((0..<count).map { _ in .run { _ in } })
      }
    }
    // Effects that end before the store records them must not be left behind as in flight
    // (which would keep a test store's `finish()` waiting forever).
    let root = RootCore.make(
      initialState: 0, reducer: Instant(), dependencies: DependencyValues())
    let store = Store(root: root)
    for _ in 0..<5 {
      await store.send(.start(2_000)).finish()
      #expect(!root.registry.hasInFlight)
    }
  }

  @Test func cancellingManyEffectsSharingOneIDCancelsThemAllAndEmptiesTheTables() async {
    struct Sleepers: Reducer {
      enum Action: Sendable {
        case start(Int)
        case cancel
      }
      enum CancelID: Hashable, Sendable { case shared }
      func reduce(into state: inout Int, action: Action) -> Effect<Action> {
        switch action {
        case .start(let count):
          return .merge(
            (0..<count).map { _ in
              .run { _ in try await Task.sleep(for: .seconds(3600)) }
                .cancellable(id: CancelID.shared)
            })
        case .cancel:
          return .cancel(id: CancelID.shared)
        }
      }
    }
    let root = RootCore.make(
      initialState: 0, reducer: Sleepers(), dependencies: DependencyValues())
    let store = Store(root: root)
    let sleeping = store.send(.start(3_000))
    #expect(root.registry.inFlight.count == 3_000)
    store.send(.cancel)
    await sleeping.finish()
    #expect(!root.registry.hasInFlight)
    #expect(root.registry.tableCapacity <= 256)
  }

  /// Effects that cancel by ID from inside an effect, with `Task.cancel(id:)`.
  struct InnerCanceller: Reducer {
    struct State: Equatable, Sendable { var log: [String] = [] }
    enum Action: Equatable, Sendable {
      case cancelOwn
      case startWaiter
      case cancelWaiter
      case record(String)
    }
    let gate: Gate
    let caught: Locked<[String]>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .cancelOwn:
        return .run { send in
          Task.cancel(id: CancelID.work)
          try Task.checkCancellation()
          await send(.record("after its own cancel"))
        } catch: { [caught] error, _ in
          caught.withLock { $0.append("\(error)") }
        }
        .cancellable(id: CancelID.work)
      case .startWaiter:
        return .run { [gate] send in
          await gate.wait()
          try Task.checkCancellation()
          await send(.record("waiter finished"))
        }
        .cancellable(id: CancelID.other)
      case .cancelWaiter:
        return .run { send in
          Task.cancel(id: CancelID.other)
          await send(.record("cancelled the waiter"))
        }
      case .record(let entry):
        state.log.append(entry)
        return .none
      }
    }
  }

  @Test func anEffectThatCancelsItsOwnIDStopsQuietlyWithoutItsCatchHandler() async {
    // Repeated: the effect cancels its ID as soon as its task runs, on another thread, racing
    // the store that is still starting it; it must find itself every time.
    for _ in 0..<200 {
      let caught = Locked<[String]>([])
      let store = Store(initialState: InnerCanceller.State()) {
        InnerCanceller(gate: Gate(), caught: caught)
      }
      let task = store.send(.cancelOwn)
      await task.finish()
      #expect(store.log.isEmpty)
      #expect(caught.withLock { $0 }.isEmpty)
      #expect(task.isCancelled)
    }
  }

  @Test func taskCancelInsideAnEffectCancelsTheOtherEffectsWithTheID() async {
    let gate = Gate()
    let otherGate = Gate()
    let store = Store(initialState: InnerCanceller.State()) {
      InnerCanceller(gate: gate, caught: Locked([]))
    }
    let other = Store(initialState: InnerCanceller.State()) {
      InnerCanceller(gate: otherGate, caught: Locked([]))
    }
    let waiter = store.send(.startWaiter)
    let otherWaiter = other.send(.startWaiter)
    while !gate.hasWaiters || !otherGate.hasWaiters { await Task.yield() }
    await store.send(.cancelWaiter).finish()
    // Opened for both: a waiter that was not cancelled finishes (and the test fails, not hangs).
    gate.open()
    otherGate.open()
    await waiter.finish()
    await otherWaiter.finish()
    #expect(store.log == ["cancelled the waiter"])
    // Cancel IDs belong to the store that runs the effect.
    #expect(other.log == ["waiter finished"])
  }

  @Test func taskCancelOutsideAnEffectWarnsAndCancelsNothing() async {
    let gate = Gate()
    let store = Store(initialState: InnerCanceller.State()) {
      InnerCanceller(gate: gate, caught: Locked([]))
    }
    let waiter = store.send(.startWaiter)
    expectIssues {
      Task.cancel(id: CancelID.other)
    } matching: { issue in
      (issue.comments.first?.rawValue ?? "").hasPrefix(
        "\"Task.cancel(id:)\" was called outside an effect; nothing was cancelled.")
    }
    gate.open()
    await waiter.finish()
    #expect(store.log == ["waiter finished"])
  }
}
