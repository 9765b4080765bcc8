import ReducerKit

struct Spawner: Reducer {
  struct State: Equatable, Sendable { var done = 0 }
  enum Action: Sendable {
    case start(Int)
    case done
    case sleepMany(Int)
    case cancelMany(Int)
  }
  enum CancelID: Hashable, Sendable { case k(Int) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start(let count):
      return .merge((0..<count).map { _ in .run { send in await send(.done) } })
    case .done:
      state.done += 1
      return .none
    case .sleepMany(let count):
      return .merge(
        (0..<count).map { index in
          .run { _ in try await Task.sleep(for: .seconds(3600)) }.cancellable(id: CancelID.k(index))
        }
      )
    case .cancelMany(let count):
      return .merge((0..<count).map { .cancel(id: CancelID.k($0)) })
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
]
