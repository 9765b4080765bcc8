import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// A feature of the shape that made parallel tests livelock: a clock timer, a stream fed by a
/// task of its own (a speech recognizer's, say) and a cancellation, tested with the process-wide
/// main serial executor on, as TCA users turn it on in a suite's `init`.
struct Dictation: Reducer {
  struct State: Equatable, Sendable {
    var seconds = 0
    var words: [String] = []
    var isRecording = false
  }
  enum Action: Equatable, Sendable {
    case startTapped, stopTapped, tick
    case heard(String)
    case transcriptEnded
  }
  enum CancelID: Hashable, Sendable { case timer, transcript }

  /// Seconds between ticks of the timer.
  let tickInterval: Int
  /// The words the recognizer hears, one every `wordInterval`.
  let words: [String]
  let wordInterval: Duration

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startTapped:
        state.isRecording = true
        return .merge(
          .run { [clock, tickInterval] send in
            for await _ in clock.timer(interval: .seconds(tickInterval)) { await send(.tick) }
          }
          .cancellable(id: CancelID.timer),
          .run { [clock, words, wordInterval] send in
            for await word in Self.transcript(words, every: wordInterval, clock: clock) {
              await send(.heard(word))
            }
            await send(.transcriptEnded)
          }
          .cancellable(id: CancelID.transcript)
        )
      case .stopTapped:
        state.isRecording = false
        return .merge(.cancel(id: CancelID.timer), .cancel(id: CancelID.transcript))
      case .tick:
        state.seconds += tickInterval
        return .none
      case .heard(let word):
        state.words.append(word)
        return .none
      case .transcriptEnded:
        return .none
      }
    }
  }

  /// A stream fed by an unstructured task, as a recognizer's callback-based API is wrapped.
  static func transcript(
    _ words: [String], every interval: Duration, clock: any Clock<Duration>
  ) -> AsyncStream<String> {
    AsyncStream { continuation in
      let task = Task {
        for word in words {
          try await clock.sleep(for: interval)
          continuation.yield(word)
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in task.cancel() }
    }
  }
}

#if os(macOS) || os(Linux)
  /// Eight tests that each advance a clock, run in parallel with the process-wide switch on, in a
  /// process of their own (the switch changes the executor of every task of the process).
  ///
  /// Before tests settled only their own work, they kept each other's clocks busy: the suite
  /// livelocked now and then. The child process has a real-time backstop only a hang reaches.
  @Suite struct ParallelClockStressTests {
    static let fixtureVariable = "REDUCERKIT_RUN_PARALLEL_CLOCK_FIXTURE"

    @Test func eightTestsAdvancingClocksInParallelNeverKeepEachOtherBusy() async throws {
      guard ProcessInfo.processInfo.environment[Self.fixtureVariable] == nil else { return }
      let outcome = try await runTestProcess(
        filter: "ParallelClockStressFixture", setting: Self.fixtureVariable,
        backstop: .seconds(600))
      #expect(!outcome.timedOut, "The suite hung:\n\(outcome.output)")
      #expect(outcome.status == 0, "\(outcome.output)")
      #expect(outcome.output.contains("Test run with 8 tests"), "\(outcome.output)")
    }
  }

  /// The fixture the test above runs: each test drives the feature 50 times.
  @MainActor
  @Suite struct ParallelClockStressFixture {
    static let iterations = 50

    init() {
      guard ProcessInfo.processInfo.environment[ParallelClockStressTests.fixtureVariable] != nil
      else { return }
      uncheckedUseMainSerialExecutor = true
    }

    private var isFixtureRun: Bool {
      ProcessInfo.processInfo.environment[ParallelClockStressTests.fixtureVariable] != nil
    }

    @Test func oneSecondTicksAndFastWords() async { await run(tick: 1, words: 3, every: 300) }
    @Test func oneSecondTicksAndSlowWords() async { await run(tick: 1, words: 2, every: 700) }
    @Test func twoSecondTicks() async { await run(tick: 2, words: 3, every: 600) }
    @Test func threeSecondTicks() async { await run(tick: 3, words: 4, every: 900) }
    @Test func manyWords() async { await run(tick: 1, words: 6, every: 150) }
    @Test func oneWord() async { await run(tick: 1, words: 1, every: 1_500) }
    @Test func wordsBetweenTicks() async { await run(tick: 2, words: 5, every: 350) }
    @Test func longRecording() async { await run(tick: 1, words: 4, every: 1_100) }

    /// Starts recording, advances the clock through every word and past several ticks, checks
    /// each action, stops, and checks the effects were cancelled, `iterations` times.
    private func run(tick: Int, words count: Int, every milliseconds: Int) async {
      guard isFixtureRun else { return }
      let words = (0..<count).map { "w\($0)" }
      let interval = Duration.milliseconds(milliseconds)
      for _ in 0..<Self.iterations {
        let clock = TestClock()
        let store = TestStore(initialState: Dictation.State()) {
          Dictation(tickInterval: tick, words: words, wordInterval: interval)
        } withDependencies: {
          $0.continuousClock = clock
        }
        await store.send(.startTapped) { $0.isRecording = true }
        var elapsed = Duration.zero
        var seconds = 0
        var heard: [String] = []
        let end = interval * count + .seconds(tick)
        // To each instant at which the feature sends something, and its actions received there.
        for event in Self.events(tick: tick, words: words, every: interval, until: end) {
          await clock.advance(by: event.at - elapsed)
          elapsed = event.at
          switch event.kind {
          case .tick:
            seconds += tick
            await store.receive(.tick) { [seconds] in $0.seconds = seconds }
          case .word(let word):
            heard.append(word)
            await store.receive(.heard(word)) { [heard] in $0.words = heard }
          case .end:
            await store.receive(.transcriptEnded)
          }
        }
        await store.send(.stopTapped) { $0.isRecording = false }
        await store.finish()
      }
    }

    private struct Event {
      enum Kind {
        case tick
        case word(String)
        case end
      }
      let at: Duration
      let kind: Kind
    }

    /// The feature's actions in the order the clock delivers them, up to `end`. The tests' figures
    /// never put a tick on a word's instant, whose order would depend on which slept first.
    private static func events(
      tick: Int, words: [String], every interval: Duration, until end: Duration
    ) -> [Event] {
      var events: [Event] = []
      var tickAt = Duration.seconds(tick)
      while tickAt <= end {
        events.append(Event(at: tickAt, kind: .tick))
        tickAt += .seconds(tick)
      }
      for (index, word) in words.enumerated() {
        events.append(Event(at: interval * (index + 1), kind: .word(word)))
      }
      events.append(Event(at: interval * words.count, kind: .end))
      // Stable: a word and the end of the transcript at one instant stay in that order.
      return events.enumerated().sorted { lhs, rhs in
        lhs.element.at != rhs.element.at ? lhs.element.at < rhs.element.at : lhs.offset < rhs.offset
      }.map(\.element)
    }
  }
#endif

#if os(macOS) || os(Linux)
  /// Work that never stops, with the process-wide switch on: the clock's wait fails the test
  /// within its bound of rounds and returns, instead of hanging the suite.
  @Suite struct EndlessWorkUnderTheSwitchTests {
    static let fixtureVariable = "REDUCERKIT_RUN_ENDLESS_WORK_FIXTURE"

    @Test func anEndlessTimerFailsWithAReasonInsteadOfHanging() async throws {
      guard ProcessInfo.processInfo.environment[Self.fixtureVariable] == nil else { return }
      let outcome = try await runTestProcess(
        filter: "EndlessWorkFixture", setting: Self.fixtureVariable, backstop: .seconds(600))
      #expect(!outcome.timedOut, "The test hung:\n\(outcome.output)")
      #expect(outcome.status == 0, "\(outcome.output)")
      #expect(outcome.output.contains("Test run with 1 test"), "\(outcome.output)")
    }
  }

  @MainActor
  @Suite struct EndlessWorkFixture {
    init() {
      guard
        ProcessInfo.processInfo.environment[EndlessWorkUnderTheSwitchTests.fixtureVariable] != nil
      else { return }
      uncheckedUseMainSerialExecutor = true
    }

    @Test func aTimerNobodyCancelsFailsTheAdvance() async {
      guard
        ProcessInfo.processInfo.environment[EndlessWorkUnderTheSwitchTests.fixtureVariable] != nil
      else { return }
      let clock = TestClock()
      let ticks = LockIsolated(0)
      // An unstructured task, routed to this test's executor by the switch, whose timer never
      // sleeps on the test clock.
      let timer = Task {
        for await _ in ImmediateClock().timer(interval: .seconds(1)) { ticks.withValue { $0 += 1 } }
      }
      await expectIssues {
        await clock.advance(by: .seconds(1))
      } matching: { issue in
        issue.message.hasPrefix(
          #""TestClock.advance(by:)" gave up waiting for the test's work to settle after 10000 "#)
          && issue.message.contains("Still busy:\n    tasks")
      }
      #expect(ticks.value > 0)
      timer.cancel()
      await timer.value
    }
  }
#endif
