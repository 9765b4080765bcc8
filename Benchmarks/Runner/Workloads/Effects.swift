import ReducerKit
import Synchronization

struct Spawner: Reducer {
  struct State: Equatable, Sendable { var done = 0 }
  enum Action: Sendable {
    case start(Int)
    case startConcatenated(Int)
    case done
    case sleepMany(Int)
    case cancelMany(Int)
    case sleepManySharingOneID(Int)
    case cancelShared
    case sleepProbe
    case cancelProbe
  }
  enum CancelID: Hashable, Sendable {
    case k(Int)
    case shared
    case probe
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start(let count):
      return .merge((0..<count).map { _ in .run { send in await send(.done) } })
    case .startConcatenated(let count):
      return .merge(
        (0..<count).map { _ in
          .concatenate(.run { send in await send(.done) }, .send(.done))
        })
    case .done:
      state.done += 1
      return .none
    case .sleepMany(let count):
      // NB: long-lived effects wait in `Task.never()`, not in an hour-long `Task.sleep`: on
      // Linux a sleep cancelled early keeps its timer, and the task's memory, until the
      // deadline, so each repetition would pile 10,000 dead sleepers onto the run's peak memory.
      // The baseline B8 waits the same way.
      return .merge(
        (0..<count).map { index in
          .run { _ in try await Task.never() }.cancellable(id: CancelID.k(index))
        }
      )
    case .cancelMany(let count):
      return .merge((0..<count).map { .cancel(id: CancelID.k($0)) })
    case .sleepManySharingOneID(let count):
      return .merge(
        (0..<count).map { _ in
          .run { _ in try await Task.never() }.cancellable(id: CancelID.shared)
        }
      )
    case .cancelShared:
      return .cancel(id: CancelID.shared)
    case .sleepProbe:
      return .run { _ in try await Task.sleep(for: .seconds(3600)) }.cancellable(id: CancelID.probe)
    case .cancelProbe:
      return .cancel(id: CancelID.probe)
    }
  }
}

let effectWorkloads: [Workload] = [
  Workload("W7", "Effects") { options in
    let count = options.size(10_000, quick: 500)
    let store = Store(initialState: Spawner.State()) { Spawner() }
    return {
      let before = store.done
      await store.send(.start(count)).finish()
      precondition(store.done - before == count, "W7 lost \(count - (store.done - before)) actions")
      return count
    }
  },
  Workload("W7c", "Effects.Concatenated") { options in
    // W7's effects each followed by a `.send` in a concatenation: the store's own task steps
    // through the two, on the main actor. Half W7's count: each concatenation holds two tasks,
    // and 20,000 in flight would set the whole run's peak memory.
    let count = options.size(5_000, quick: 250)
    let store = Store(initialState: Spawner.State()) { Spawner() }
    return {
      let before = store.done
      await store.send(.startConcatenated(count)).finish()
      precondition(store.done - before == 2 * count, "W7c lost actions")
      return count
    }
  },
  Workload(
    "W8", "Cancellation",
    selfTimed: { options in
      let count = options.size(10_000, quick: 500)
      let store = Store(initialState: Spawner.State()) { Spawner() }
      return {
        let sleeping = store.send(.sleepMany(count))
        // Let every effect reach its sleep before the clock starts.
        for _ in 0..<10 { await Task.yield() }
        let start = ContinuousClock.now
        store.send(.cancelMany(count))
        await sleeping.finish()
        return Sample(operations: count, elapsed: ContinuousClock.now - start)
      }
    }),
  Workload(
    "W8s", "Cancellation.SharedID",
    selfTimed: { options in
      // W8 with every effect on one cancel ID: finishing each must not cost O(effects on it).
      let count = options.size(10_000, quick: 500)
      let store = Store(initialState: Spawner.State()) { Spawner() }
      return {
        let sleeping = store.send(.sleepManySharingOneID(count))
        for _ in 0..<10 { await Task.yield() }
        let start = ContinuousClock.now
        store.send(.cancelShared)
        await sleeping.finish()
        return Sample(operations: count, elapsed: ContinuousClock.now - start)
      }
    }),
  Workload("E1", "EffectStateMachine.Lifecycle") { options in
    // W8's bookkeeping without tasks: each effect reserved (under its own cancel ID, in an
    // action tree) and given its handle (as the store does, outside the lock), all of them cancelled in one batch of IDs, each
    // finished; synchronous, so its instructions can be counted with callgrind, which the task
    // rows defeat.
    let count = options.size(10_000, quick: 500)
    let keys = (0..<count).map { CancelKey(id: Spawner.CancelID.k($0)) }
    let registry = EffectRegistry()
    return {
      let machine = Mutex(EffectStateMachine(summary: LiveElementSummary()))
      let group = ActionTree(registry: registry)
      let origin = Spawner.Action.sleepMany(count)
      for (index, key) in keys.enumerated() {
        let token = EffectToken(UInt64(index))
        let entry = EffectEntry(
          handle: .pending, keys: [key], path: NavigationPath(), origin: origin, group: group)
        _ = machine.withLock { $0.reserve(entry, token: token) }
        _ = entry.attach(.cancel({}))
      }
      let cancellation = machine.withLock { $0.cancel(keys) }
      for handle in cancellation.handles { handle.cancel() }
      for index in 0..<count { _ = machine.withLock { $0.finish(EffectToken(UInt64(index))) } }
      precondition(machine.withLock { $0.isEmpty }, "E1: the tables are not empty")
      return count
    }
  },
  Workload("E2", "Effects.CancelIdle") { options in
    // The send of W8 with nothing in flight: 10,000 `.cancel(id:)` effects made, merged, looked
    // up and destroyed, per ID; what a feature pays for each `.cancel(id:)` (or
    // `cancelInFlight`) that finds nothing running. Synchronous, for callgrind.
    let count = options.size(10_000, quick: 500)
    let store = Store(initialState: Spawner.State()) { Spawner() }
    return {
      store.send(.cancelMany(count))
      return count
    }
  },
  Workload("B7", "Baseline.TaskHop") { options in
    // What W7 is bounded by: a bare task that hops to the main actor once and ends.
    let count = options.size(10_000, quick: 500)
    let counter = MainCounter()
    return {
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<count {
          group.addTask { await counter.increment() }
        }
      }
      return count
    }
  },
  Workload("B7a", "Baseline.TaskHopAllocating") { options in
    // B7 plus five small objects per task, made on the main actor and released by the task on
    // a worker thread, as an effect's bookkeeping is: what such allocations cost in this burst.
    let count = options.size(10_000, quick: 500)
    let counter = MainCounter()
    return {
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<count {
          let objects = (
            SmallObject(), SmallObject(), MediumObject(), MediumObject(), LargeObject()
          )
          group.addTask {
            withExtendedLifetime(objects) {}
            await counter.increment()
          }
        }
      }
      return count
    }
  },
  Workload(
    "B8", "Baseline.TaskCancel",
    selfTimed: { options in
      // What W8 is bounded by: bare tasks waiting to be cancelled, cancelled.
      let count = options.size(10_000, quick: 500)
      return {
        let tasks = (0..<count).map { _ in
          Task { try? await Task.never() }
        }
        for _ in 0..<10 { await Task.yield() }
        let start = ContinuousClock.now
        for task in tasks { task.cancel() }
        for task in tasks { await task.value }
        return Sample(operations: count, elapsed: ContinuousClock.now - start)
      }
    }),
]

/// Counts on the main actor, for the bare-task baseline.
@MainActor
final class MainCounter {
  var value = 0
  func increment() { value += 1 }
}

/// Objects of the sizes an effect's bookkeeping allocates (32, 80 and 144 bytes with the header),
/// for B7a.
final class SmallObject: Sendable { let words = (0, 0) }
final class MediumObject: Sendable { let words = (0, 0, 0, 0, 0, 0, 0, 0) }
final class LargeObject: Sendable {
  let words = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
}
