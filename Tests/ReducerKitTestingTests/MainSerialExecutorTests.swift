import Foundation
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

  nonisolated private static let mainQueueMark = DispatchSpecificKey<Bool>()

  /// Nonisolated: a main-actor task that calls it leaves the main actor.
  nonisolated private static func isOnMainQueue() async -> Bool {
    DispatchQueue.getSpecific(key: mainQueueMark) == true
  }

  /// A `Task { }` made in the operation runs on the main actor and has no executor preference;
  /// when it calls nonisolated code, the runtime enqueues that hop with no task current. It must
  /// still run on the main queue, in order, or a test clock could return before that step ran.
  @Test func aMainActorTaskLeavingTheMainActorStaysOnTheMainQueue() async {
    DispatchQueue.main.setSpecific(key: Self.mainQueueMark, value: true)
    defer { DispatchQueue.main.setSpecific(key: Self.mainQueueMark, value: nil) }
    let stayed = await withMainSerialExecutor {
      let task = Task { await Self.isOnMainQueue() }
      return await task.value
    }
    #expect(stayed)
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
}

#if os(macOS) || os(Linux)
  /// The process-wide switch changes the executor of every task in the process, so it is tried
  /// in a process of its own: this test binary run again, for the fixture below alone.
  @Suite struct MainSerialExecutorSwitchTests {
    static let fixtureVariable = "REDUCERKIT_RUN_MAIN_SERIAL_FIXTURE"

    @Test func theSwitchRunsEveryTaskOnTheMainQueueInOrder() throws {
      guard ProcessInfo.processInfo.environment[Self.fixtureVariable] == nil else { return }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
      process.arguments = [
        "--testing-library", "swift-testing", "--filter", "MainSerialExecutorSwitchFixture",
      ]
      process.environment = ProcessInfo.processInfo.environment.merging([
        Self.fixtureVariable: "1"
      ]) { $1 }
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      try process.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(text)")
      #expect(text.contains("Test run with 3 tests"), "\(text)")
    }
  }

  /// Serialized: each test reads or sets the one switch of the process.
  @MainActor
  @Suite(.serialized) struct MainSerialExecutorSwitchFixture {
    private var isFixtureRun: Bool {
      ProcessInfo.processInfo.environment[MainSerialExecutorSwitchTests.fixtureVariable] != nil
    }

    @Test func everyTaskRunsOnTheMainQueueInOrder() async {
      guard isFixtureRun else { return }
      uncheckedUseMainSerialExecutor = true
      defer { uncheckedUseMainSerialExecutor = false }
      let order = LockedState<[Int]>([])
      let tasks = (0..<50).map { index in
        Task.detached {
          order.withLock { $0.append(index) }
          return SerialTestExecutor.current != nil
        }
      }
      var onTheSerialExecutor = true
      for task in tasks { onTheSerialExecutor = await task.value && onTheSerialExecutor }
      #expect(onTheSerialExecutor)
      #expect(order.withLock { $0 } == Array(0..<50))
    }

    @Test func aTimerTaskMadeOnTheMainActorTicksAsTheClockIsAdvanced() async {
      guard isFixtureRun else { return }
      uncheckedUseMainSerialExecutor = true
      defer { uncheckedUseMainSerialExecutor = false }
      for _ in 0..<50 {
        let clock = TestClock()
        let ticks = LockIsolated(0)
        let timer = Task {
          for await _ in clock.timer(interval: .seconds(1)) { ticks.withValue { $0 += 1 } }
        }
        await clock.advance(by: .seconds(3))
        #expect(ticks.value == 3)
        timer.cancel()
        await timer.value
      }
    }

    @Test func theSynchronousFormTurnsTheSwitchOnForItsOperation() {
      guard isFixtureRun else { return }
      #expect(!uncheckedUseMainSerialExecutor)
      withMainSerialExecutor {
        #expect(uncheckedUseMainSerialExecutor)
      }
      #expect(!uncheckedUseMainSerialExecutor)
    }
  }
#endif
