import ReducerKit
import ReducerKitTesting
import Testing

/// A feature whose effect waits for a clock, created at a known line for the messages below.
struct Sleeper: Reducer {
  struct State: Equatable, Sendable { var woke = false }
  enum Action: Equatable, Sendable { case sleep, woke }
  static let runLine: UInt = #line + 6
  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .sleep:
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.woke)
      }
    case .woke:
      state.woke = true
      return .none
    }
  }
}

/// The text of a recorded issue.
func message(_ issue: CapturedIssue) -> String {
  issue.comments.first?.rawValue ?? ""
}

@MainActor
@Suite struct TestStoreFailureTests {

  @Test func stateChangedWithoutAnAssertion() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await expectIssues {
      await store.send(.view(.incrementTapped))
    } matching: { issue in
      message(issue) == """
        "send" changed state, but the test expected no change.

              Counter.State(
            −   count: 0,
            +   count: 1,
                fact: nil,
                isLoadingFact: false
              )

        (Expected: −, Actual: +)

        Pass a trailing closure that makes these changes, for example "await \
        store.send(.incrementTapped) { $0.count = 1 }". To assert only some of it, set \
        "store.exhaustivity = .off".
        """
    }
  }

  @Test func stateChangedDifferentlyThanAsserted() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await expectIssues {
      await store.send(.view(.incrementTapped)) { $0.count = 2 }
    } matching: { issue in
      message(issue) == """
        "send" changed state differently than the assertion expected.

              Counter.State(
            −   count: 2,
            +   count: 1,
                fact: nil,
                isLoadingFact: false
              )

        (Expected: −, Actual: +)

        The assertion builds the expected state from the state before the action. Change it \
        to match what the reducer did, or fix the reducer. To assert only some of it, set \
        "store.exhaustivity = .off".
        """
    }
  }

  @Test func anAssertionThatChangesNothing() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await expectIssues {
      await store.send(.view(.cancelFactTapped)) { $0.isLoadingFact = false }
    } matching: { issue in
      message(issue) == """
        "send" was expected to change state, but no change occurred.

        The trailing closure did not change the state, and neither did the reducer. If no \
        change is expected, drop the trailing closure.
        """
    }
  }

  @Test func sendingWithReceivedActionsPending() async {
    let store = TestStore(initialState: FanOut.State()) { FanOut() }
    await store.send(.start(1))
    await expectIssues {
      await store.send(.start(0))
    } matching: { issue in
      message(issue) == """
        "send" was called with 1 received action not yet asserted.

          Unasserted:
            FanOut.Action.done(0)

        Assert them first with "await store.receive(…)", or skip them with "await \
        store.skipReceivedActions()". To skip actions a test does not care about, set \
        "store.exhaustivity = .off".
        """
    }
  }

  @Test func receivingWhenNothingCanArrive() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await expectIssues {
      await store.receive(\.internal.factResponse)
    } matching: { issue in
      message(issue) == """
        "receive" expected an action matching \\.internal.factResponse, but none was received \
        and no effects are running.

        Check that the action expected to produce it returns an effect that sends it.
        """
    }
  }

  @Test func receivingTimesOutWhileEffectsRun() async {
    let clock = TestClock()
    let store = TestStore(initialState: Sleeper.State()) { Sleeper(clock: clock) }
    await store.send(.sleep)
    await expectIssues {
      await store.receive(.woke, timeout: .milliseconds(50))
    } matching: { issue in
      message(issue) == """
        "receive" expected Sleeper.Action.woke, but none arrived within 0.05 seconds.

          Effects still running (1):
            started by:
              Sleeper.Action.sleep
              created at ReducerKitTestingTests/TestStoreFailureTests.swift:\(Sleeper.runLine)

        An effect may be waiting for time to pass: advance the clock it sleeps on ("await \
        clock.advance(by: …)"). If it needs longer, raise the timeout. If it should not run at \
        all, cancel it, or skip it with "await store.skipInFlightEffects()".
        """
    }
    _ = await capturedNotes { await store.skipInFlightEffects() }
  }

  @Test func receivingACaseThatDoesNotExist() async {
    let store = TestStore(initialState: Counter.State(count: 9)) { Counter() }
    await store.send(.view(.incrementTapped)) { $0.count = 10 }
    await expectIssues {
      await store.receive(\.delegate.countReachedEleven)
    } matching: { issue in
      message(issue) == """
        "receive" was given the case pattern \\.delegate.countReachedEleven, which names no case \
        of Counter.Action.Delegate: there is no ".countReachedEleven".

          Cases of Counter.Action.Delegate:
            .countReachedTen

        Check the spelling against the cases above: each step of a pattern names a case of the \
        enum reached so far, outermost first.
        """
    }
    await store.receive(\.delegate.countReachedTen)
  }

  @Test func receivingAnotherCase() async {
    let store = TestStore(initialState: Counter.State(count: 9)) { Counter() }
    await store.send(.view(.incrementTapped)) { $0.count = 10 }
    await expectIssues {
      await store.receive(\.internal.factResponse)
    } matching: { issue in
      message(issue).contains(
        """
        Where the pattern expects .internal, the action holds .delegate (its cases are: \
        .delegate → .countReachedTen).
        """
      )
    }
  }

  @Test func receivingADifferentPayload() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a good number" }
    }
    await store.send(.view(.factTapped)) { $0.isLoadingFact = true }
    await expectIssues {
      await store.receive(\.internal.factResponse.success, "0 is a great number")
    } matching: { issue in
      message(issue).contains(
        """
        The payload at \\.internal.factResponse.success differs:

            − "0 is a great number"
            + "0 is a good number"

        (Expected: −, Actual: +)
        """
      )
    }
  }

  @Test func receivingADifferentEquatableAction() async {
    let store = TestStore(initialState: FanOut.State()) { FanOut() }
    await store.send(.start(1))
    await expectIssues {
      await store.receive(.done(1))
    } matching: { issue in
      message(issue) == """
        "receive" expected FanOut.Action.done(1), but received:

            FanOut.Action.done(0)

            − FanOut.Action.done(1)
            + FanOut.Action.done(0)

        (Expected: −, Actual: +)

        Received actions are asserted in the order they arrive: assert this one first, or skip \
        it with "await store.skipReceivedActions()". To skip actions a test does not care \
        about, set "store.exhaustivity = .off".
        """
    }
  }

  @Test func finishingWithEffectsStillRunning() async {
    let clock = TestClock()
    let store = TestStore(initialState: Sleeper.State()) { Sleeper(clock: clock) }
    await store.send(.sleep)
    await expectIssues {
      await store.finish(timeout: .milliseconds(50))
    } matching: { issue in
      message(issue).hasPrefix(
        """
        "finish" timed out after 0.05 seconds with effects still running.

          Effects still running (1):
            started by:
              Sleeper.Action.sleep
        """
      )
    }
    _ = await capturedNotes { await store.skipInFlightEffects() }
  }

  @Test func finishingWithReceivedActionsNotAsserted() async {
    let store = TestStore(initialState: FanOut.State()) { FanOut() }
    await store.send(.start(2))
    await expectIssues {
      await store.finish()
    } matching: { issue in
      message(issue) == """
        The test ended with 2 received actions not asserted.

          Unasserted:
            FanOut.Action.done(0)
            FanOut.Action.done(1)

        Assert them with "await store.receive(…)", or skip them with "await \
        store.skipReceivedActions()".
        """
    }
  }

  @Test func releasingTheStoreWithEffectsRunning() async {
    let clock = TestClock()
    await expectIssues {
      let store = TestStore(initialState: Sleeper.State()) { Sleeper(clock: clock) }
      await store.send(.sleep)
    } matching: { issue in
      message(issue).hasPrefix(
        """
        The test store was released with 1 effect still running.

          Effects still running:
            started by:
              Sleeper.Action.sleep
        """
      )
    }
  }

  @Test func skippingWhenThereIsNothingToSkip() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await expectIssues {
      await store.skipReceivedActions()
      await store.skipInFlightEffects()
    } matching: { issue in
      message(issue) == """
        "skipReceivedActions" found no received actions to skip.

        Drop the call, or pass "strict: false" if there may be none.
        """
        || message(issue) == """
          "skipInFlightEffects" found no effects to skip.

          Drop the call, or pass "strict: false" if there may be none.
          """
    }
  }

  @Test func assertingTheWrongState() async {
    let store = TestStore(initialState: Counter.State(count: 1)) { Counter() }
    expectIssues {
      store.assert { $0.count = 2 }
    } matching: { issue in
      message(issue).hasPrefix(
        """
        "assert" expected a different state.

              Counter.State(
            −   count: 2,
            +   count: 1,
        """
      )
    }
  }

  @Test func anAssertionThatThrows() async {
    struct Oops: Error {}
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await expectIssues {
      await store.send(.view(.incrementTapped)) { _ in throw Oops() }
    } matching: { issue in
      message(issue) == #"The assertion of "send" threw an error: Oops()"#
    }
  }

  @Test func taskFinishTimesOut() async {
    let clock = TestClock()
    let store = TestStore(initialState: Sleeper.State()) { Sleeper(clock: clock) }
    let task = await store.send(.sleep)
    await expectIssues {
      await task.finish(timeout: .milliseconds(50))
    } matching: { issue in
      message(issue).hasPrefix(
        #""TestStoreTask.finish" timed out after 0.05 seconds with effects still running."#
      )
    }
    await task.cancel()
  }

  @Test func runtimeWarningsFailTheTest() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await expectIssues {
      await store.send(.view(.factTapped)) { $0.isLoadingFact = true }
      await store.receive(\.internal.factResponse.failure) { $0.isLoadingFact = false }
    } matching: { issue in
      message(issue).hasPrefix(#"Unimplemented: "NumberFactClient.fetch" was called."#)
    }
  }
}
