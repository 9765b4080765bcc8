import ReducerKit
import ReducerKitTesting
import Testing

/// Starts a task the way a test store starts an effect: on a serial test executor of its own,
/// which `clock` waits for when it advances.
@discardableResult
func startEffectTask(
  _ clock: TestClock, _ operation: @escaping @Sendable () async throws -> Void
) -> Task<Void, any Error> {
  Task(executorPreference: clock.testExecutor()) { try await operation() }
}

extension TestClock {
  /// A new serial test executor that this clock waits for.
  func testExecutor() -> SerialTestExecutor {
    let executor = SerialTestExecutor()
    waits(for: executor)
    return executor
  }
}

@MainActor
@Suite struct TestClockTests {
  @Test func startsAtZeroAndReportsItsResolution() {
    let clock = TestClock()
    #expect(clock.now == VirtualInstant())
    #expect(clock.minimumResolution == .zero)
    #expect(TestClock(minimumResolution: .milliseconds(1)).minimumResolution == .milliseconds(1))
  }

  @Test func resumesSleepersInDeadlineOrder() async {
    let clock = TestClock()
    let log = Locked<[String]>([])
    for (name, seconds) in [("c", 3), ("a", 1), ("b", 2), ("a2", 1)] {
      startEffectTask(clock) {
        try await clock.sleep(for: .seconds(seconds))
        log.withLock { $0.append(name) }
      }
    }
    await clock.advance(by: .zero)
    #expect(log.value.isEmpty)
    await clock.advance(by: .seconds(1))
    #expect(log.value == ["a", "a2"])
    await clock.advance(by: .milliseconds(500))
    #expect(log.value == ["a", "a2"])
    await clock.advance(by: .seconds(2))
    #expect(log.value == ["a", "a2", "b", "c"])
    #expect(clock.now == VirtualInstant(offset: .milliseconds(3_500)))
  }

  @Test func advanceToAnInstant() async {
    let clock = TestClock()
    let done = Locked(false)
    startEffectTask(clock) {
      try await clock.sleep(until: VirtualInstant(offset: .seconds(10)))
      done.withLock { $0 = true }
    }
    await clock.advance(to: VirtualInstant(offset: .seconds(9)))
    #expect(!done.value)
    await clock.advance(to: VirtualInstant(offset: .seconds(10)))
    #expect(done.value)
  }

  @Test func aCancelledSleeperThrowsAtOnce() async {
    let clock = TestClock()
    let task = startEffectTask(clock) { try await clock.sleep(for: .seconds(60)) }
    await clock.advance()
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(clock.now == VirtualInstant())
  }

  @Test func sleepingUntilAPastDeadlineReturnsAtOnce() async throws {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))
    try await clock.sleep(until: VirtualInstant(offset: .seconds(1)))
  }

  @Test func aZeroSleepWaitsForTheNextAdvance() async throws {
    let clock = TestClock()
    let executor = SerialTestExecutor()
    clock.waits(for: executor)
    let woke = Locked(0)
    let sleeper = Task(executorPreference: executor) {
      try await clock.sleep(for: .zero)
      woke.withLock { $0 += 1 }
    }
    await executor.settle()
    #expect(woke.value == 0)
    await clock.advance(by: .zero)
    #expect(woke.value == 1)
    let second = Task(executorPreference: executor) {
      try await clock.sleep(until: clock.now)
      woke.withLock { $0 += 1 }
    }
    await executor.settle()
    #expect(woke.value == 1)
    await clock.run()
    #expect(woke.value == 2)
    try await sleeper.value
    try await second.value
  }

  @Test func aZeroSleepCanBeCancelledBeforeItResumes() async throws {
    let clock = TestClock()
    let executor = SerialTestExecutor()
    let outcome = Locked("waiting")
    let sleeper = Task(executorPreference: executor) {
      do {
        try await clock.sleep(for: .zero)
        outcome.withLock { $0 = "resumed" }
      } catch {
        outcome.withLock { $0 = "cancelled" }
      }
    }
    await executor.settle()
    sleeper.cancel()
    await sleeper.value
    #expect(outcome.value == "cancelled")
  }

  /// A timer like an effect's: sleeps, hops to the main actor to deliver, hops back to work.
  nonisolated private static func timer(
    clock: TestClock, ticks: Locked<Int>, interval: Duration = .seconds(1)
  ) async {
    while !Task.isCancelled {
      do { try await clock.sleep(for: interval) } catch { return }
      await MainActor.run { ticks.withLock { $0 += 1 } }
      await Task.yield()
    }
  }

  @Test func observesEveryTickOfATimerInOneAdvance() async {
    let clock = TestClock()
    let ticks = Locked(0)
    let timer = Task(executorPreference: clock.testExecutor()) {
      await Self.timer(clock: clock, ticks: ticks)
    }
    await clock.advance(by: .seconds(5))
    #expect(ticks.value == 5)
    await clock.advance(by: .milliseconds(999))
    #expect(ticks.value == 5)
    await clock.advance(by: .milliseconds(1))
    #expect(ticks.value == 6)
    timer.cancel()
    await timer.value
  }

  @Test func runAdvancesUntilNothingSleeps() async {
    let clock = TestClock()
    let log = Locked<[Int]>([])
    startEffectTask(clock) {
      for step in 1...3 {
        try await clock.sleep(for: .seconds(step))
        log.withLock { $0.append(step) }
      }
    }
    await clock.run()
    #expect(log.value == [1, 2, 3])
    #expect(clock.now == VirtualInstant(offset: .seconds(6)))
  }

  @Test func runReportsWorkThatNeverStopsSleeping() async {
    let clock = TestClock()
    let ticks = Locked(0)
    let timer = Task(executorPreference: clock.testExecutor()) {
      await Self.timer(clock: clock, ticks: ticks)
    }
    await expectIssues {
      await clock.run(maximumDeadlines: 100)
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""TestClock.run()" stopped after 100 deadlines with work still sleeping on the clock."#
      ) ?? false
    }
    #expect(ticks.value == 100)
    timer.cancel()
    await timer.value
  }

  @Test func runStopsAtItsRealTimeLimitAsInTCA() async {
    let clock = TestClock()
    let ticks = Locked(0)
    let timer = Task(executorPreference: clock.testExecutor()) {
      await Self.timer(clock: clock, ticks: ticks)
    }
    await expectIssues {
      await clock.run(timeout: .milliseconds(50), maximumDeadlines: .max)
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""TestClock.run()" timed out after 0.05 seconds with work still sleeping on the clock."#
      ) ?? false
    }
    timer.cancel()
    await timer.value
  }

  @Test func refusesToMoveBackwards() async {
    let clock = TestClock()
    await expectIssues {
      await clock.advance(by: .seconds(-1))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""TestClock.advance(by:)" was given a negative duration (-1.0 seconds)"#
      ) ?? false
    }
    #expect(clock.now == VirtualInstant())
  }

  /// The stress check: the same scenario a thousand times, in one test.
  @Test func staysDeterministicOverAThousandRuns() async {
    for run in 0..<1_000 {
      let clock = TestClock()
      let ticks = Locked(0)
      let log = Locked<[String]>([])
      let timer = Task(executorPreference: clock.testExecutor()) {
        await Self.timer(clock: clock, ticks: ticks, interval: .milliseconds(100))
      }
      Task(executorPreference: clock.testExecutor()) {
        try await clock.sleep(for: .milliseconds(250))
        await MainActor.run { log.withLock { $0.append("quarter") } }
        try await clock.sleep(for: .milliseconds(250))
        log.withLock { $0.append("half") }
      }
      await clock.advance(by: .milliseconds(300))
      let afterFirst = (ticks.value, log.value)
      await clock.advance(by: .milliseconds(300))
      timer.cancel()
      await timer.value
      if afterFirst.0 != 3 || afterFirst.1 != ["quarter"] || ticks.value != 6
        || log.value != ["quarter", "half"]
      {
        Issue.record("Run \(run) diverged: \(afterFirst), then \(ticks.value), \(log.value)")
        return
      }
    }
  }
}

@Suite struct ImmediateAndUnimplementedClockTests {
  @Test func immediateClockSleepsWithoutWaiting() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(3600))
    #expect(clock.now == VirtualInstant(offset: .seconds(3600)))
    try await clock.sleep(until: VirtualInstant(offset: .seconds(1)))
    #expect(clock.now == VirtualInstant(offset: .seconds(3600)))
  }

  @Test func immediateClockHonoursCancellation() async {
    let clock = ImmediateClock()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func unimplementedClockFailsWhenAskedToSleep() async throws {
    let clock = UnimplementedClock(name: "timerClock")
    try await expectIssues {
      try await clock.sleep(for: .seconds(1))
    } matching: { issue in
      issue.comments.first?.rawValue == """
        Unimplemented: the clock "timerClock" was asked to sleep.

        A clock in a test must be controlled. Override it where the test creates its store, \
        with "TestClock()" to move time yourself or "ImmediateClock()" to skip waiting: \
        "withDependencies: { $0.timerClock = TestClock() }".
        """
    }
    #expect(clock.now == VirtualInstant(offset: .seconds(1)))
  }
}
