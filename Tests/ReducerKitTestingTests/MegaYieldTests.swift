import ReducerKit
import ReducerKitTesting
import Testing

/// `Task.megaYield()`, as swift-concurrency-extras has it (TCA exports it).
@Suite struct MegaYieldTests {
  @Test func letsWorkThatTakesSeveralTurnsRunFirst() async {
    // NB: on one serial executor, so that the turns are counted, not timed: each of the
    // yields lets the other task take one more step.
    await withMainSerialExecutor {
      let steps = LockIsolated(0)
      let work = Task {
        for _ in 0..<10 {
          steps.withValue { $0 += 1 }
          await Task.yield()
        }
      }
      #expect(steps.value == 0)
      await Task.megaYield(count: 4)
      // At least one step a yield (the first may run as the yielding begins), not all ten.
      #expect((4...5).contains(steps.value))
      await Task.megaYield()
      #expect(steps.value == 10)
      await work.value
    }
  }

  @Test func yieldsTwentyTimesUnlessTheEnvironmentSaysOtherwise() {
    #expect(defaultMegaYieldCount == 20)
    #expect(megaYieldCount(environment: [:]) == 20)
    #expect(megaYieldCount(environment: ["TASK_MEGA_YIELD_COUNT": "50"]) == 50)
    #expect(megaYieldCount(environment: ["TASK_MEGA_YIELD_COUNT": "-3"]) == 0)
    #expect(megaYieldCount(environment: ["TASK_MEGA_YIELD_COUNT": "99999"]) == 10_000)
    #expect(megaYieldCount(environment: ["TASK_MEGA_YIELD_COUNT": "many"]) == 20)
  }
}
