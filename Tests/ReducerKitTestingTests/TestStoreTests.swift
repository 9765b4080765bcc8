import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct TestStoreTests {
  @Test func sendsAndReceivesTheContractsExample() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a good number" }
    }
    await store.send(.view(.factTapped)) { $0.isLoadingFact = true }
    await store.receive(\.internal.factResponse.success, "0 is a good number") {
      $0.isLoadingFact = false
      $0.fact = "0 is a good number"
    }
  }

  @Test func receivesByCasePatternIgnoringPayloads() async {
    struct Failure: Error {}
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { _ in throw Failure() }
    }
    await store.send(.view(.factTapped)) { $0.isLoadingFact = true }
    await store.receive(\.internal.factResponse.failure) { $0.isLoadingFact = false }
  }

  @Test func receivesByPredicateAndByEquatableAction() async {
    let store = TestStore(initialState: FanOut.State()) { FanOut() }
    await store.send(.start(2))
    await store.receive(.done(0)) { $0.received = [0] }
    await store.receive(where: { $0 == .done(1) }, assert: { $0.received = [0, 1] })
    // The predicate without its label, as TCA spells it, and as a trailing closure.
    await store.send(.start(2))
    await store.receive({ $0 == .done(0) }, assert: { $0.received = [0, 1, 0] })
    await store.receive {
      $0 == .done(1)
    } assert: {
      $0.received = [0, 1, 0, 1]
    }
    await store.finish()
  }

  @Test func effectsAlwaysRunSeriallyAsWithTCAsMainSerialExecutor() async {
    let store = TestStore(initialState: FanOut.State()) { FanOut() }
    store.useMainSerialExecutor = true
    #expect(store.useMainSerialExecutor)
    expectIssues {
      store.useMainSerialExecutor = false
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""useMainSerialExecutor = false" has no effect"#) ?? false
    }
    #expect(store.useMainSerialExecutor)
    await store.send(.start(2))
    await store.receive(.done(0)) { $0.received = [0] }
    await store.receive(.done(1)) { $0.received = [0, 1] }
  }

  @Test func delegateActionsSentSynchronouslyAreReceived() async {
    let store = TestStore(initialState: Counter.State(count: 9)) { Counter() }
    await store.send(.view(.incrementTapped)) { $0.count = 10 }
    await store.receive(\.delegate.countReachedTen)
  }

  @Test func timersAdvanceOnATestClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await clock.advance(by: .seconds(3))
    await store.receive(.tick) { $0.ticks = 2 }
    await store.receive(.tick) { $0.ticks = 3 }
    await store.receive(.tick) { $0.ticks = 4 }
    await store.send(.stop) { $0.isRunning = false }
    await store.finish()
  }

  @Test func nonExhaustiveStoresCheckOnlyWhatIsAsserted() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0)" }
    }
    store.exhaustivity = .off
    await store.send(.view(.incrementTapped))
    await store.send(.view(.factTapped))
    await store.receive(\.internal.factResponse) { $0.fact = "1" }
    #expect(store.state == Counter.State(count: 1, fact: "1", isLoadingFact: false))
  }

  @Test func nonExhaustiveStoresSkipUnassertedReceivedActions() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.start)
    await clock.advance(by: .seconds(3))
    await store.receive(.tick) { $0.ticks = 1 }  // the first matching action
    await store.send(.stop)  // the two later ticks are skipped
    #expect(store.state.ticks == 3)
  }

  @Test func skippedAssertionsCanBeShown() async {
    let captured = await capturedNotes {
      let clock = TestClock()
      let store = TestStore(initialState: Ticker.State()) {
        Ticker()
      } withDependencies: {
        $0.continuousClock = clock
      }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.start)
      await clock.advance(by: .seconds(1))
      await store.receive(.tick)
      await store.send(.stop) { $0.isRunning = false }
    }
    #expect(captured.count >= 2)
    #expect(
      captured.first == """
        "send" changed state that the assertion did not mention (skipped):

              Ticker.State(
                ticks: 0,
            −   isRunning: false
            +   isRunning: true
              )

        (Expected: −, Actual: +)
        """
    )
    #expect(captured[1].hasPrefix(#""receive" changed state that the assertion did not mention"#))
  }

  @Test func withExhaustivityAppliesToAStretchOfTheTest() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.withExhaustivity(.off) {
      await store.send(.view(.incrementTapped))
    }
    #expect(store.exhaustivity == .on)
    await store.send(.view(.incrementTapped)) { $0.count = 2 }
  }

  @Test func assertChecksStateWithoutAnAction() async {
    let store = TestStore(initialState: Counter.State(count: 3)) { Counter() }
    store.assert { $0.count = 3 }
  }

  @Test func dependenciesCanChangeMidTest() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { _ in "first" }
    }
    await store.send(.view(.factTapped)) { $0.isLoadingFact = true }
    await store.receive(\.internal.factResponse.success, "first") {
      $0.isLoadingFact = false
      $0.fact = "first"
    }
    store.dependencies.numberFact.fetch = { _ in "second" }
    await store.send(.view(.factTapped)) { $0.isLoadingFact = true }
    await store.receive(\.internal.factResponse.success, "second") {
      $0.isLoadingFact = false
      $0.fact = "second"
    }
  }

  @Test func cancellingAnEffectBeforeItDelivers() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { _ in
        try await clock.sleep(for: .seconds(1))
        return "late"
      }
    }
    await store.send(.view(.factTapped)) { $0.isLoadingFact = true }
    await store.send(.view(.cancelFactTapped)) { $0.isLoadingFact = false }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func skipInFlightEffectsLetsATestEndWhileEffectsRun() async {
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await store.send(.start) { $0.isRunning = true }
    let notes = await capturedNotes { await store.skipInFlightEffects() }
    #expect(notes.map { $0.hasPrefix("Skipped 1 effect, no longer tracked:") } == [true])
  }

  @Test func sendReturnsATaskThatCanBeCancelledOrFinished() async {
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    let task = await store.send(.start) { $0.isRunning = true }
    #expect(!task.isCancelled)
    await task.cancel()
    #expect(task.isCancelled)
    let counter = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0)" }
    }
    await counter.send(.view(.factTapped)) { $0.isLoadingFact = true }.finish()
    await counter.receive(\.internal.factResponse) {
      $0.isLoadingFact = false
      $0.fact = "0"
    }
  }

  @Test func manyEffectsAndReceivedActionsStayDeterministic() async {
    var orders: Set<[Int]> = []
    for _ in 0..<100 {
      let store = TestStore(initialState: FanOut.State()) { FanOut() }
      await store.send(.start(1_000))
      var expected = FanOut.State()
      for index in 0..<1_000 {
        expected.received.append(index)
        await store.receive(.done(index)) { $0.received.append(index) }
      }
      #expect(store.state == expected)
      orders.insert(store.state.received)
    }
    #expect(orders.count == 1)
  }
}

@MainActor
@Suite struct ParallelTestStoreTests {
  /// Several copies run in parallel: each store sees only its own actions and effects.
  @Test(arguments: 0..<8)
  func parallelStoresAreIsolated(seed: Int) async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start) { $0.isRunning = true }
    for tick in 1...(seed + 1) {
      await clock.advance(by: .seconds(1))
      await store.receive(.tick) { $0.ticks = tick }
    }
    await store.send(.stop) { $0.isRunning = false }
    await store.finish()
  }
}
