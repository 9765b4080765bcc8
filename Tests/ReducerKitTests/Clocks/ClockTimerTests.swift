import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct ClockTimerTests {
  @Test func ticksAtFixedMultiplesOfTheIntervalOnATestClock() async {
    let clock = TestClock()
    let ticks = Locked<[Int]>([])
    let timer = Task(executorPreference: clock.testExecutor()) {
      for await tick in clock.timer(interval: .seconds(1)) {
        ticks.withLock { $0.append(tick) }
      }
    }
    await clock.advance(by: .milliseconds(500))
    #expect(ticks.value == [])
    await clock.advance(by: .milliseconds(700))  // 1.2 s
    #expect(ticks.value == [1])
    await clock.advance(by: .milliseconds(900))  // 2.1 s
    #expect(ticks.value == [1, 2])
    await clock.advance(by: .milliseconds(900))  // 3.0 s: tick 3 is due at 3 s, not 3.2 s
    #expect(ticks.value == [1, 2, 3])
    await clock.advance(by: .seconds(2))
    #expect(ticks.value == [1, 2, 3, 4, 5])
    timer.cancel()
    await timer.value
  }

  @Test func ticksAtOnceOnAnImmediateClock() async {
    let clock = ImmediateClock()
    var ticks: [Int] = []
    for await tick in clock.timer(interval: .seconds(10)) {
      ticks.append(tick)
      if tick == 3 { break }
    }
    #expect(ticks == [1, 2, 3])
    #expect(clock.now == VirtualInstant(offset: .seconds(30)))
  }

  @Test func ticksOnARealClockThroughAnExistential() async {
    let clock: any Clock<Duration> = ContinuousClock()
    let start = ContinuousClock.now
    var ticks = 0
    for await _ in clock.timer(interval: .milliseconds(10)) {
      ticks += 1
      if ticks == 3 { break }
    }
    #expect(ContinuousClock.now - start >= .milliseconds(30))
  }

  @Test func endsWhenItsTaskIsCancelled() async {
    let clock = TestClock()
    let timer = Task(executorPreference: clock.testExecutor()) {
      var count = 0
      for await _ in clock.timer(interval: .seconds(1)) { count += 1 }
      return count
    }
    await clock.advance(by: .seconds(2))
    timer.cancel()
    #expect(await timer.value == 2)
  }

  /// A feature driven by a timer, as TCA's examples are.
  struct Stopwatch: Reducer {
    struct State: Equatable, Sendable { var seconds = 0 }
    enum Action: Equatable, Sendable { case start, stop, tick }
    enum CancelID: Hashable, Sendable { case timer }
    @Dependency(\.continuousClock) var clock
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
        .cancellable(id: CancelID.timer)
      case .stop:
        return .cancel(id: CancelID.timer)
      case .tick:
        state.seconds += 1
        return .none
      }
    }
  }

  @Test func drivesAFeatureInATestStore() async {
    let clock = TestClock()
    let store = TestStore(initialState: Stopwatch.State()) {
      Stopwatch()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.seconds = 1 }
    await store.receive(.tick) { $0.seconds = 2 }
    await store.send(.stop)
  }
}
