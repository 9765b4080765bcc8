import ReducerKit
import ReducerKitTesting
import Testing

/// Receiving non-exhaustively: by value, case pattern or predicate, skipping what came before,
/// waiting for a later action, and failing when nothing matches.
extension TestStoreNonExhaustiveTests {
  struct Identity: Reducer {
    struct State: Equatable, Sendable {
      var name = "Krzysztof"
      var surname = "Zabłocki"
      var age = 33
      var mood = 0
    }
    enum Action: Equatable, Sendable {
      case changeIdentity(name: String, surname: String)
      case changeAge(Int)
      case changeMood(Int)
      case advanceAgeAndMoodAfterDelay
    }
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .changeIdentity(let name, let surname):
        state.name = name
        state.surname = surname
      case .advanceAgeAndMoodAfterDelay:
        return .run { [state, clock] send in
          try await clock.sleep(for: .seconds(1))
          async let age: Void = send(.changeAge(state.age + 1))
          async let mood: Void = send(.changeMood(state.mood + 1))
          _ = await (age, mood)
        }
      case .changeAge(let age): state.age = age
      case .changeMood(let mood): state.mood = mood
      }
      return .none
    }
  }

  /// Sends `first` and then `second`, each some rounds of the store's executor after the last
  /// (so after the test began waiting for them).
  static func delayed(_ first: Int, _ second: Int) -> Reduce<Int, Int> {
    Reduce { _, action in
      guard action == 0 else { return .none }
      return .run { send in
        for _ in 0..<10 { await Task.yield() }
        await send(first)
        for _ in 0..<10 { await Task.yield() }
        await send(second)
      }
    }
  }

  nonisolated static let noMatch =
    "none of the received actions matched and no effects are running."

  @Test(arguments: modes)
  func receivesByCasePattern(mode: Exhaustivity) async {
    let store = TestStore(initialState: Responses.State()) { Responses() }
    store.exhaustivity = mode
    let notes = await capturedNotes {
      await store.send(.onAppear)
      await store.receive(\.response1) {
        if mode == .on { $0.count = 1 }
        $0.int = 42
      }
      await store.receive(\.response2) {
        if mode == .on { $0.count = 2 }
        $0.string = "Hello"
      }
    }
    #expect(notes.count == (mode == .off(showSkippedAssertions: true) ? 2 : 0), "\(notes)")
  }

  @Test func receivesActionsThatAreNotEquatable() async {
    struct Opaque: Sendable {}
    enum Action: Sendable {
      case tap
      case response(Opaque)
    }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        if case .tap = action { return .send(.response(Opaque())) }
        return .none
      }
    }
    await store.send(.tap)
    await store.receive(\.response)
    await store.send(.tap)
    await store.receive(where: { if case .response = $0 { true } else { false } })
  }

  @Test func receiveAssertsPartOfEachReceivedAction() async {
    let store = TestStore(initialState: Responses.State()) { Responses() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let notes = await capturedNotes {
      await store.send(.onAppear)
      await store.receive(.response1(42)) { $0.int = 42 }
      #expect(store.state == Responses.State(count: 2, int: 42, string: "Hello"))
      await store.receive(.response2("Hello")) { $0.string = "Hello" }
      #expect(store.state == Responses.State(count: 2, int: 42, string: "Hello"))
    }
    #expect(notes.count == 2, "\(notes)")
  }

  @Test func receiveSkipsTheActionsBeforeTheOneItMatches() async {
    let store = TestStore(initialState: Responses.State()) { Responses() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let shown = await capturedNotes {
      await store.send(.onAppear)
      await store.receive(\.response2) {
        $0.count = 2
        $0.string = "Hello"
      }
    }
    #expect(
      shown == [
        "Skipped 1 received action:\n    TestStoreNonExhaustiveTests.Responses.Action.response1(42)"
      ])
    let later = await capturedNotes {
      await store.send(.onAppear)
      await store.send(.onAppear)
      #expect(store.state == Responses.State(count: 2, int: 42, string: "Hello"))
      await store.skipReceivedActions()
    }
    // Two sends whose changes the test did not assert, and twice two responses not received.
    let changed = #""send" changed state that the assertion did not mention (skipped)"#
    let skipped = "Skipped 2 received actions:"
    #expect(
      zip(later, [changed, skipped, changed, skipped]).map { $0.hasPrefix($1) } == [
        true, true, true, true,
      ])
  }

  @Test func aReceiveThatMatchesNothingFailsAndKeepsTheActions() async {
    let store = TestStore(initialState: Responses.State()) { Responses() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let notes = await capturedNotes {
      await store.send(.onAppear)
      await expectIssues {
        await store.receive(\.onAppear)
      } matching: { issue in
        issue.comments.first?.rawValue.hasPrefix(
          #""receive" expected an action matching \.onAppear, but \#(Self.noMatch)"#) ?? false
      }
      // The failed receive consumed nothing.
      await store.receive(\.response1)
      await store.receive(\.response2)
    }
    #expect(notes.count == 2, "\(notes)")
  }

  @Test func receivingTheSameActionTwiceFails() async {
    let store = TestStore(initialState: Responses.State()) { Responses() }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let notes = await capturedNotes {
      await store.send(.onAppear)
      await store.receive(\.response2)
      await expectIssues {
        await store.receive(\.response2)
      } matching: { issue in
        issue.comments.first?.rawValue.hasPrefix(
          #""receive" expected an action matching \.response2, but none was received and no"#)
          ?? false
      }
    }
    #expect(notes.count == 2, "\(notes)")
  }

  @Test func receiveWaitsForALaterMatchingAction() async {
    let store = TestStore(initialState: 0) { Self.delayed(1, 2) }
    store.exhaustivity = .off
    await store.send(0)
    await store.receive(2, timeout: .seconds(5))
  }

  @Test func receiveWaitingForAnActionNeverSentFails() async {
    let store = TestStore(initialState: 0) { Self.delayed(1, 1) }
    store.exhaustivity = .off
    await store.send(0)
    await expectIssues {
      await store.receive(2, timeout: .seconds(5))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(#""receive" expected 2, but \#(Self.noMatch)"#)
        ?? false
    }
  }

  @Test func receiveWaitsForEachOfSeveralMatchingActions() async {
    let store = TestStore(initialState: 0) { Self.delayed(2, 2) }
    store.exhaustivity = .off
    await store.send(0)
    await store.receive(2, timeout: .seconds(5))
    await store.receive(2, timeout: .seconds(5))
  }

  @Test func skippingEffectsAndActionsPartWayThrough() async {
    enum Action: Sendable {
      case buttonTapped
      case response(Int)
    }
    let clock = TestClock()
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .buttonTapped:
          state += 1
          return .run { send in
            await send(.response(42))
            try await clock.sleep(for: .seconds(1))
            await send(.response(1729))
          }
        case .response(let number):
          state = number
          return .none
        }
      }
    }
    store.exhaustivity = .off(showSkippedAssertions: true)
    let notes = await capturedNotes {
      await store.send(.buttonTapped)
      await clock.advance(by: .milliseconds(500))
      await store.send(.buttonTapped) { $0 = 43 }
      await clock.advance(by: .milliseconds(500))
      await store.skipInFlightEffects()
      await store.skipReceivedActions()
    }
    #expect(notes.count == 4, "\(notes)")
    // The second effect's 42, then the first effect's 1729.
    #expect(store.state == 1729)
  }

  @Test func aClosureThatChangesNothingIsFineWhenNotExhaustive() async {
    let store = TestStore(initialState: 0) { Reduce<Int, Int> { _, _ in .none } }
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(0) { $0 = 0 }
    store.assert { $0 = 0 }
  }

  @Test func assertingOneFieldOfSeveralChanged() async {
    let store = TestStore(initialState: Identity.State()) { Identity() }
    store.exhaustivity = .off
    await store.send(.changeIdentity(name: "Marek", surname: "Ignored")) { $0.name = "Marek" }
  }

  @Test func assertingOnlyTheLastOfSeveralChanges() async {
    let store = TestStore(initialState: Identity.State()) { Identity() }
    store.exhaustivity = .off
    await store.send(.changeIdentity(name: "Adam", surname: "Stern"))
    await store.send(.changeIdentity(name: "Piotr", surname: "Galiszewski"))
    await store.send(.changeIdentity(name: "Merowing", surname: "Info")) {
      $0.name = "Merowing"
      $0.surname = "Info"
    }
  }

  @Test func receivingOneOfTwoActionsSentConcurrently() async {
    let clock = TestClock()
    let store = TestStore(initialState: Identity.State()) {
      Identity()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.advanceAgeAndMoodAfterDelay)
    await clock.advance(by: .seconds(1))
    await store.receive(.changeAge(34)) { $0.age = 34 }
    #expect(store.state.age == 34)
  }
}
