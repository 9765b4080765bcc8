import ReducerKit
import ReducerKitTesting
import Testing

/// Non-exhaustive test stores, scenario by scenario as TCA's own tests of them: what may be left
/// unasserted (state, received actions, effects), what still fails (a wrong value in an
/// assertion, a receive that matches nothing), and what `.off(showSkippedAssertions: true)`
/// reports.
@MainActor
@Suite struct TestStoreNonExhaustiveTests {
  /// `true` sends `false` back; both add one.
  static func echo() -> Reduce<Int, Bool> {
    Reduce { state, action in
      state += 1
      return action ? .send(false) : .none
    }
  }

  /// An effect that outlives the test unless skipped.
  static func sleeper() -> Reduce<Int, Bool> {
    Reduce { _, _ in .run { _ in try await Task.never() } }
  }

  struct Counter: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var isEven = true
    }
    enum Action: Sendable { case increment }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      state.isEven.toggle()
      return .none
    }
  }

  struct Responses: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var int = 0
      var string = ""
    }
    enum Action: Equatable, Sendable {
      case onAppear
      case response1(Int)
      case response2(String)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .onAppear:
        state = State()
        return .merge(.send(.response1(42)), .send(.response2("Hello")))
      case .response1(let int):
        state.count += 1
        state.int = int
        return .none
      case .response2(let string):
        state.count += 1
        state.string = string
        return .none
      }
    }
  }

  nonisolated static let modes: [Exhaustivity] = [.on, .off, .off(showSkippedAssertions: true)]

  @Test(arguments: modes)
  func skippingReceivedActionsAdvancesTheState(mode: Exhaustivity) async {
    let store = TestStore(initialState: 0) { Self.echo() }
    store.exhaustivity = mode
    let notes = await capturedNotes {
      await store.send(true) { $0 = 1 }
      #expect(store.state == (mode == .on ? 1 : 2))
      await store.skipReceivedActions(strict: false)
      #expect(store.state == 2)
      await store.skipReceivedActions(strict: false)
    }
    #expect(notes.count == (mode == .off(showSkippedAssertions: true) ? 1 : 0), "\(notes)")
  }

  @Test func strictSkippingWithNothingReceivedFails() async {
    let store = TestStore(initialState: 0) { Self.echo() }
    await store.send(true) { $0 = 1 }
    await store.receive(false) { $0 = 2 }
    await expectIssues {
      await store.skipReceivedActions()
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""skipReceivedActions" found no received actions to skip."#) ?? false
    }
  }

  @Test(arguments: modes)
  func skippingInFlightEffectsLetsTheTestEnd(mode: Exhaustivity) async {
    let store = TestStore(initialState: 0) { Self.sleeper() }
    store.exhaustivity = mode
    let shown = await capturedNotes {
      await store.send(true)
      await store.skipInFlightEffects(strict: false)
    }
    // Exhaustive tests and those that show skipped assertions say what was skipped.
    #expect(shown.count == (mode == .off ? 0 : 1))
    #expect(shown.allSatisfy { $0.hasPrefix("Skipped 1 effect, no longer tracked:") })
  }

  @Test(arguments: [Exhaustivity.off, .off(showSkippedAssertions: true)])
  func aTestMayEndWithActionsNotReceived(mode: Exhaustivity) async {
    let shown = await capturedNotes {
      let store = TestStore(initialState: 0) { Self.echo() }
      store.exhaustivity = mode
      await store.send(true)
    }
    #expect(
      shown.contains { $0.hasPrefix("The test ended with 1 received action not asserted.") }
        == (mode != .off))
  }

  @Test(arguments: [Exhaustivity.off, .off(showSkippedAssertions: true)])
  func aTestMayEndWithEffectsRunning(mode: Exhaustivity) async {
    let shown = await capturedNotes {
      let store = TestStore(initialState: 0) { Self.sleeper() }
      store.exhaustivity = mode
      await store.send(true)
    }
    #expect(
      shown.contains { $0.hasPrefix("The test store was released with 1 effect still running.") }
        == (mode != .off))
  }

  @Test func finishTimingOutIsShownAsSkipped() async {
    let shown = await capturedNotes {
      let store = TestStore(initialState: 0) { Self.sleeper() }
      store.exhaustivity = .off(showSkippedAssertions: true)
      await store.send(true)
      await store.finish(timeout: .milliseconds(20))
    }
    #expect(shown.first?.hasPrefix(#""finish" timed out after 0.02 seconds"#) == true)
    #expect(shown.count == 2)  // and, at the release, the effect still running
  }

  @Test func sendAssertsOnlyWhatTheClosureSetsAndShowsTheRest() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let shown = await capturedNotes {
      await store.send(.increment) { $0.count = 1 }
      await store.send(.increment) { $0.isEven = true }
      await store.send(.increment) {
        $0.count = 3
        $0.isEven = false
      }
    }
    #expect(shown.count == 2)
    #expect(shown.first?.contains("−   isEven: true\n    +   isEven: false") == true)
    #expect(shown.last?.contains("−   count: 1,\n    +   count: 2,") == true)
  }

  @Test(arguments: [Exhaustivity.off, .off(showSkippedAssertions: true)])
  func aWrongValueInAPartialAssertionStillFails(mode: Exhaustivity) async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = mode
    await expectIssues {
      await store.send(.increment) { $0.count = 0 }
    } matching: { issue in
      issue.comments.first?.rawValue == """
        "send" changed state differently than the assertion expected.

              TestStoreNonExhaustiveTests.Counter.State(
            −   count: 0,
            +   count: 1,
                isEven: false
              )

        (Expected: −, Actual: +)

        Non-exhaustively, the assertion is applied to the state the reducer produced, and only \
        what it sets is checked: a value it sets differs. Change it to match what the reducer \
        did, or fix the reducer.
        """
    }
  }

  @Test func sendingSkipsTheActionsNotReceived() async {
    struct Login: Reducer {
      struct State: Equatable, Sendable {
        var count = 0
        var isLoggedIn = false
      }
      enum Action: Equatable, Sendable {
        case decrement, increment
        case loggedIn(Bool)
      }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .decrement: state.count -= 1
        case .increment:
          state.count += 1
          return .send(.loggedIn(true))
        case .loggedIn(let value): state.isLoggedIn = value
        }
        return .none
      }
    }
    let store = TestStore(initialState: Login.State()) { Login() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let notes = await capturedNotes {
      await store.send(.increment) { $0.count = 1 }
      await store.send(.decrement) { $0.count = 0 }
      #expect(store.state == Login.State(count: 0, isLoggedIn: true))

      await store.send(.increment) { $0.count = 1 }
      // A receive's partial assertion is applied to the state after the action it received.
      await expectIssues {
        await store.receive(.loggedIn(true)) { $0.count = 2 }
      } matching: { issue in
        issue.comments.first?.rawValue.contains("−   count: 2,\n    +   count: 1,") ?? false
      }
    }
    #expect(notes.count == 1, "\(notes)")
  }

  @Test func onlyTheLastOfSeveralSendsNeedsAnAssertion() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let notes = await capturedNotes {
      await store.send(.increment)
      #expect(store.state == Counter.State(count: 1, isEven: false))
      await store.send(.increment)
      #expect(store.state == Counter.State(count: 2, isEven: true))
      await store.send(.increment) { $0.count = 3 }
      #expect(store.state == Counter.State(count: 3, isEven: false))
    }
    #expect(notes.count == 3, "\(notes)")
  }

  @Test func effectsSeeTheStateOfTheActionsNotReceived() async {
    enum Action: Equatable, Sendable {
      case tap
      case response(Int)
    }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .tap:
          state += 1
          return .run { [state] send in await send(.response(state + 42)) }
        case .response(let number):
          state = number
          return .none
        }
      }
    }
    store.exhaustivity = .off
    await store.send(.tap)
    #expect(store.state == 43)
    await store.send(.tap) { $0 = 44 }
    await store.skipReceivedActions()
    #expect(store.state == 86)
  }
}
