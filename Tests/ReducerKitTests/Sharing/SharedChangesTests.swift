import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// `$value.values`: the changes of a shared value as an async sequence, TCA's `publisher`.
@MainActor
@Suite struct SharedChangesTests {
  /// Collects `count` values of `stream` in a task, started before the changes are made; gives
  /// up after a minute (so that a stream that delivers nothing fails the test, not hangs it).
  func collect<Value: Sendable>(
    _ count: Int, of stream: AsyncStream<Value>
  ) -> Task<[Value], Never> {
    let collecting = Task {
      var values: [Value] = []
      for await value in stream {
        values.append(value)
        if values.count == count { break }
      }
      return values
    }
    Task {
      try? await Task.sleep(for: hangDeadline)
      collecting.cancel()
    }
    return collecting
  }

  @Test func deliversEachLaterValueInOrder() async {
    let count = Shared(value: 0)
    let seen = collect(3, of: count.values)
    for _ in 0..<3 { count.withLock { $0 += 1 } }
    #expect(await seen.value == [1, 2, 3])
  }

  @Test func aChangeInsideAnotherChangeOfTheValueIsDeliveredOnce() async {
    let count = Shared(value: 0)
    let seen = collect(2, of: count.values)
    count.withLock { value in
      value = 1
      count.withLock { $0 *= 10 }
    }
    count.withLock { $0 += 1 }
    #expect(await seen.value == [10, 11])
  }

  @Test func aFieldDeliversItsValueAfterEachChangeOfTheWhole() async {
    let profile = Shared(value: Profile())
    let visits = collect(2, of: profile.stats.visits.values)
    let names = collect(2, of: SharedReader(profile).name.values)
    profile.withLock { $0.stats.visits = 1 }
    profile.withLock { $0.name = "Blobby" }
    #expect(await visits.value == [1, 1])
    #expect(await names.value == ["Blob", "Blobby"])
  }

  @Test func changesThroughAnotherHolderOfTheKeyAreDelivered() async {
    @Shared(.inMemory("shared-changes")) var first = 0
    @Shared(.inMemory("shared-changes")) var second = 0
    let seen = collect(2, of: $first.values)
    $second.withLock { $0 = 5 }
    $first.withLock { $0 = 6 }
    #expect(await seen.value == [5, 6])
  }

  @Test func changesMadeByTheStorageAreDelivered() async {
    @Dependency(\.defaultAppStorage) var defaults
    @Shared(.appStorage("watched-count")) var count = 0
    let seen = collect(1, of: $count.values)
    defaults.set(9, forKey: "watched-count")
    #expect(await seen.value == [9])
  }

  @Test func endsWhenTheLastHolderIsReleased() async {
    var count: Shared<Int>? = Shared(value: 0)
    let stream = count!.values
    let seen = collect(10, of: stream)
    count!.withLock { $0 = 1 }
    count = nil
    #expect(await seen.value == [1])
  }

  @Test func endsWhenTheTaskIteratingItIsCancelled() async {
    let count = Shared(value: 0)
    let iterating = Task {
      var values: [Int] = []
      for await value in count.values { values.append(value) }
      return values
    }
    await Task.yield()
    iterating.cancel()
    let values = await iterating.value
    count.withLock { $0 += 1 }
    #expect(values.isEmpty)
    // A stream subscribed afterwards still works.
    let seen = collect(1, of: count.values)
    count.withLock { $0 += 1 }
    #expect(await seen.value == [2])
  }

  struct Watcher: Reducer {
    struct State: Equatable, Sendable {
      var count = Shared(value: 0)
      var seen: [Int] = []
    }
    enum Action: Equatable, Sendable {
      case onAppear
      case increment
      case countChanged(Int)
      case stop
    }
    enum CancelID: Hashable, Sendable { case watch }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .onAppear:
        return .run { [count = state.count] send in
          for await value in count.values { await send(.countChanged(value)) }
        }
        .cancellable(id: CancelID.watch)
      case .increment:
        state.count.withLock { $0 += 1 }
        return .none
      case .countChanged(let value):
        state.seen.append(value)
        return .none
      case .stop:
        return .cancel(id: CancelID.watch)
      }
    }
  }

  @Test func anEffectReactsToChangesOfSharedState() async {
    let store = TestStore(initialState: Watcher.State()) { Watcher() }
    await store.send(.onAppear)
    await store.send(.increment) { $0.count.withLock { $0 = 1 } }
    await store.receive(.countChanged(1)) { $0.seen = [1] }
    await store.send(.increment) { $0.count.withLock { $0 = 2 } }
    await store.receive(.countChanged(2)) { $0.seen = [1, 2] }
    await store.send(.stop)
  }
}
