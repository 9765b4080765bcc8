import ReducerKit
import ReducerKitTesting
import Testing

/// What `skipInFlightEffects` and non-exhaustive mode do to what the test store tracks and shows.
@MainActor
@Suite struct TestStoreExhaustivityTests {
  /// Effects that deliver later (after a second on the clock), or at once.
  struct Loader: Reducer {
    struct State: Equatable, Sendable {
      var value = 0
      var log: [String] = []
    }
    enum Action: Equatable, Sendable {
      case load
      case loadNow
      case tap
      case twice
      case search
      case response(Int)
      case `internal`(String)
    }
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .load:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.response(42))
        }
      case .loadNow:
        return .run { send in await send(.response(7)) }
      case .tap:
        state.log.append("tap")
        return .send(.internal("followed up"))
      case .twice:
        return .concatenate(.send(.response(1)), .send(.response(2)))
      case .search:
        return .run { send in await send(.response(3)) }
          .debounce(id: "search", for: .seconds(1), clock: clock)
      case .response(let value):
        state.value = value
        return .none
      case .internal(let entry):
        state.log.append(entry)
        return .none
      }
    }
  }

  private func makeStore(_ clock: TestClock) -> TestStore<Loader.State, Loader.Action> {
    TestStore(initialState: Loader.State()) {
      Loader()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func skippedEffectsKeepRunningAndWhatTheyDeliverIsReceived() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.load)
    let notes = await capturedNotes { await store.skipInFlightEffects() }
    #expect(notes.map { $0.hasPrefix("Skipped 1 effect, no longer tracked:") } == [true])
    // Not cancelled: the effect still delivers, and an exhaustive test receives it.
    await clock.advance(by: .seconds(1))
    await store.receive(.response(42)) { $0.value = 42 }
    await store.finish()
  }

  @Test func aDebouncedEffectIsOneEffectWrittenWhereItsRunIs() async throws {
    let store = makeStore(TestClock())
    await store.send(.search)
    let notes = await capturedNotes { await store.skipInFlightEffects() }
    #expect(notes.map { $0.hasPrefix("Skipped 1 effect, no longer tracked:") } == [true])
    let note = try #require(notes.first)
    #expect(note.contains("TestStoreExhaustivityTests.swift"), "\(note)")
    #expect(!note.contains("Effect+Timing.swift"), "\(note)")
  }

  @Test func aStoreWithOnlySkippedEffectsFinishesAtOnce() async {
    let store = makeStore(TestClock())
    await store.send(.load)
    let notes = await capturedNotes { await store.skipInFlightEffects() }
    #expect(notes.count == 1)
    await store.finish(timeout: .seconds(5))
    // Releasing the store cancels the skipped effect without a failure.
  }

  @Test func skippingWithNothingRunningFailsWhenStrict() async {
    let store = makeStore(TestClock())
    await expectIssues {
      await store.skipInFlightEffects()
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(#""skipInFlightEffects" found no effects to skip."#)
        ?? false
    }
    await store.skipInFlightEffects(strict: false)
  }

  @Test func nonExhaustiveStateIncludesWhatEffectsDelivered() async {
    let clock = TestClock()
    let store = makeStore(clock)
    store.exhaustivity = .off
    await store.send(.loadNow)
    // No `receive`: the state still shows the response.
    #expect(store.state.value == 7)
    await store.send(.load)
    await clock.advance(by: .seconds(1))
    #expect(store.state.value == 42)
  }

  @Test func nonExhaustiveStateIncludesActionsSentBack() async {
    let store = makeStore(TestClock())
    store.exhaustivity = .off
    await store.send(.tap)
    #expect(store.state.log == ["tap", "followed up"])
    store.assert { $0.log = ["tap", "followed up"] }
  }

  @Test func aNonExhaustiveReceiveSkipsTheActionsBeforeTheOneItMatches() async {
    let captured = await capturedNotes {
      let store = makeStore(TestClock())
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(.twice)
      await store.receive(.response(2)) { $0.value = 2 }
      #expect(store.state.value == 2)
    }
    #expect(captured.contains { $0.hasPrefix("Skipped 1 received action:") && $0.contains("1") })
  }

  @Test func exhaustiveStateIsWhatTheTestAsserted() async {
    let store = makeStore(TestClock())
    await store.send(.loadNow)
    #expect(store.state.value == 0)
    await store.receive(.response(7)) { $0.value = 7 }
    #expect(store.state.value == 7)
  }
}
