import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct MainSerialExecutorTests {
  nonisolated private static func loadAfterDelay(clock: TestClock) async throws -> Int {
    try await clock.sleep(for: .seconds(1))
    try await clock.sleep(for: .seconds(1))
    return 42
  }

  @Test func nonisolatedWorkInterleavesDeterministicallyWithATestClock() async throws {
    for _ in 0..<200 {
      let value = try await withMainSerialExecutor {
        let clock = TestClock()
        async let value = Self.loadAfterDelay(clock: clock)
        await clock.advance(by: .seconds(2))
        return try await value
      }
      #expect(value == 42)
    }
  }

  @Test func childTaskGroupsRunOnTheSerialExecutorToo() async {
    let order = LockedState<[Int]>([])
    await withMainSerialExecutor {
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<5 {
          group.addTask { order.withLock { $0.append(index) } }
        }
      }
    }
    #expect(order.withLock { $0 } == [0, 1, 2, 3, 4])
  }
}

/// TCA's spellings: a test store made inside `withMainSerialExecutor`, the synchronous form of an
/// `invokeTest` override, and the process-wide switch.
@MainActor
@Suite(.serialized) struct MainSerialExecutorPortingTests {
  @Test func aTestStoreIsMadeAndDrivenInside() async {
    await withMainSerialExecutor {
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.view(.incrementTapped)) { $0.count = 1 }
    }
  }

  @Test func theSynchronousFormTurnsTheSwitchOnForItsOperation() {
    #expect(!uncheckedUseMainSerialExecutor)
    withMainSerialExecutor {
      #expect(uncheckedUseMainSerialExecutor)
    }
    #expect(!uncheckedUseMainSerialExecutor)
  }

  @Test func theSwitchRunsEveryTaskOnTheMainQueueInOrder() async {
    uncheckedUseMainSerialExecutor = true
    defer { uncheckedUseMainSerialExecutor = false }
    let order = LockedState<[Int]>([])
    let tasks = (0..<50).map { index in
      Task.detached { order.withLock { $0.append(index) } }
    }
    for task in tasks { await task.value }
    #expect(order.withLock { $0 } == Array(0..<50))
  }
}
