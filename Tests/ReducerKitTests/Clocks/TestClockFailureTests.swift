import ReducerKit
import ReducerKitTesting
import Testing

/// A feature whose timer runs on an immediate clock, which never sleeps: work that never becomes
/// quiet, so a test clock waiting for it must give up instead of waiting forever.
struct EndlessTicker: Reducer {
  struct State: Equatable, Sendable { var ticks = 0 }
  enum Action: Sendable { case start, stop, tick }
  enum CancelID: Hashable, Sendable { case timer }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .run { send in
          for await _ in ImmediateClock().timer(interval: .seconds(1)) { await send(.tick) }
        }
        .cancellable(id: CancelID.timer)
      case .stop:
        return .cancel(id: CancelID.timer)
      case .tick:
        state.ticks += 1
        return .none
      }
    }
  }
}

@MainActor
@Suite struct TestClockFailureTests {
  @Test func workThatNeverSettlesIsDescribedWithWhatKeptItBusy() {
    let message = TestClock.unsettled(
      api: "advance(by:)", rounds: 10_000,
      busy: [
        """
            a test store's effects: 0 jobs queued, 1 running, 0 resumed by a test clock and not \
        yet run
              (the test store made at App/FeatureTests.swift:12), effects in flight:
                started by:
                  Feature.Action.start
                  created at App/Feature.swift:30
        """
      ],
      ownJobs: 40_000, otherJobs: 12)
    #expect(
      message == """
        "TestClock.advance(by:)" gave up waiting for the test's work to settle after 10000 \
        main-queue rounds; the clock stopped there.

        Still busy:
            a test store's effects: 0 jobs queued, 1 running, 0 resumed by a test clock and not \
        yet run
              (the test store made at App/FeatureTests.swift:12), effects in flight:
                started by:
                  Feature.Action.start
                  created at App/Feature.swift:30

        Meanwhile this test's work ran 40000 jobs, and other tests 12 on the main queue (those \
        are not waited for).

        Something runs again and again without sleeping on a test clock: a timer on an \
        immediate or a real clock, a loop that only yields, an effect that restarts itself. \
        Give it this test clock, or cancel it before advancing the clock.
        """)
  }

  @Test func anEndlessEffectFailsTheAdvanceInsteadOfHangingIt() async {
    let clock = TestClock()
    let store = TestStore(initialState: EndlessTicker.State()) {
      EndlessTicker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.start)
    let issues = await expectIssues {
      await clock.advance(by: .seconds(1))
    } matching: { issue in
      issue.message.hasPrefix(
        #""TestClock.advance(by:)" gave up waiting for the test's work to settle after 10000 "#)
    }
    let message = issues.first?.message ?? ""
    #expect(
      message.contains("(the test store made at ReducerKitTests/TestClockFailureTests.swift:"))
    #expect(message.contains("EndlessTicker.Action.start"))
    #expect(clock.now == VirtualInstant(), "The clock stopped where it gave up.")
    await store.send(.stop)
    await store.skipReceivedActions(strict: false)
  }
}
