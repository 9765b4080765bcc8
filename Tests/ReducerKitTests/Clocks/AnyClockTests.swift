import ReducerKit
import ReducerKitTesting
import Testing

/// `AnyClock`, as swift-clocks has it (TCA exports it): a clock of any type, erased.
@MainActor
@Suite struct AnyClockTests {
  @Test func countsTimeFromItsCreationAsTheWrappedClockMovesIt() async {
    let clock = TestClock()
    await clock.advance(by: .seconds(10))
    let erased = AnyClock(clock)
    #expect(erased.now.offset == .zero)
    await clock.advance(by: .seconds(3))
    #expect(erased.now.offset == .seconds(3))
    #expect(erased.minimumResolution == clock.minimumResolution)
  }

  @Test func sleepsOnTheWrappedClockUntilTheMatchingInstant() async {
    let clock = TestClock()
    let erased = AnyClock(clock)
    let woke = LockIsolated(false)
    let sleeper = Task {
      try await erased.sleep(for: .seconds(2))
      woke.setValue(true)
    }
    await clock.advance(by: .seconds(1))
    #expect(!woke.value)
    await clock.advance(by: .seconds(1))
    try? await sleeper.value
    #expect(woke.value)
  }

  @Test func erasesAClockDependency() async throws {
    let dependency: any Clock<Duration> = ImmediateClock()
    let erased = AnyClock(dependency)
    let before = erased.now
    try await erased.sleep(until: before.advanced(by: .seconds(5)))
    #expect(before.duration(to: erased.now) == .seconds(5))
  }

  @Test func instantsCompareAndMeasureByTheirOffsets() {
    let start = AnyClock<Duration>.Instant(offset: .seconds(1))
    let later = start.advanced(by: .milliseconds(500))
    #expect(start < later)
    #expect(start.duration(to: later) == .milliseconds(500))
    #expect(later.duration(to: start) == .milliseconds(-500))
  }

  /// Nonisolated, so that the timer's task runs on the serial executor (see
  /// `withMainSerialExecutor` on a `Task { }` made on the main actor).
  @Test nonisolated func aTimerOnAnErasedTestClockTicksAsItIsAdvanced() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let ticks = LockIsolated(0)
      let timer = Task {
        for await _ in AnyClock(clock).timer(interval: .seconds(1)) {
          ticks.withValue { $0 += 1 }
        }
      }
      await clock.advance(by: .seconds(3))
      #expect(ticks.value == 3)
      timer.cancel()
      await timer.value
    }
  }
}
