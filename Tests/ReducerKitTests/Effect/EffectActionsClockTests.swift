import ReducerKit
import ReducerKitTesting
import Testing

/// `effect.actions` iterated by an unstructured task inside `withMainSerialExecutor` while a test
/// clock moves, as TCA's own effect tests drive it: each `advance` returns only once the actions
/// whose time has come reached the iterating task.
///
/// Two causes once broke it: a store made inside the call ran its effects on the pool, where the
/// clock never saw their sleeps (nothing was delivered), and the iterating task's hops off the
/// main actor ran on the pool, so an `advance` now and then returned one action early (2 to 17
/// in 1,000 iterations). Repeated so that an ordering that holds only by chance fails.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct EffectActionsClockTests {
  static let iterations = 300

  /// A `.run` that sleeps `seconds` on `clock`, then sends `seconds`.
  nonisolated static func delayedSend(_ seconds: Int, on clock: TestClock) -> Effect<Int> {
    .run { send in
      try await clock.sleep(for: .seconds(seconds))
      await send(seconds)
    }
  }

  /// What the iterating task had received before the first advance and after each of
  /// `advances`, the first run in which that differs from `expected` (or the last run).
  func receivedSteps(
    of makeEffect: (TestClock) -> Effect<Int>, advancing advances: [Duration],
    expected: [[Int]]
  ) async -> [[Int]] {
    var steps: [[Int]] = []
    for _ in 0..<Self.iterations {
      steps = await withMainSerialExecutor {
        let clock = TestClock()
        let received = LockedState<[Int]>([])
        let effect = makeEffect(clock)
        let task = Task {
          for await value in effect.actions { received.withLock { $0.append(value) } }
        }
        var steps = [received.withLock { $0 }]
        for duration in advances {
          await clock.advance(by: duration)
          steps.append(received.withLock { $0 })
        }
        await task.value
        return steps
      }
      guard steps == expected else { break }
    }
    return steps
  }

  @Test func aConcatenationOfDelayedSendsIsDeliveredStepByStep() async {
    let expected = [[], [1], [1, 2], [1, 2, 3]]
    let steps = await receivedSteps(
      of: { clock in .concatenate((1...3).map { Self.delayedSend($0, on: clock) }) },
      advancing: [.seconds(1), .seconds(2), .seconds(3)], expected: expected)
    #expect(steps == expected)
  }

  @Test func aMergeOfDelayedSendsIsDeliveredAsEachIsDue() async {
    let expected = [[], [1], [1, 2], [1, 2, 3]]
    let steps = await receivedSteps(
      of: { clock in .merge((1...3).reversed().map { Self.delayedSend($0, on: clock) }) },
      advancing: [.seconds(1), .seconds(1), .seconds(1)], expected: expected)
    #expect(steps == expected)
  }
}
