import ReducerKit
import ReducerKitTesting
import Testing

/// `Task.cancellableValue`, as swift-concurrency-extras has it (TCA exports it): cancelling the
/// waiter cancels the task it waits for, which `value` does not.
@Suite struct CancellableValueTests {
  @Test func cancellingTheWaiterCancelsTheTaskItWaitsFor() async {
    await withMainSerialExecutor {
      let work = Task { () -> Bool in
        try? await Task.never()
        return Task.isCancelled
      }
      let waiter = Task { await work.cancellableValue }
      await settle()
      waiter.cancel()
      await settle()
      #expect(work.isCancelled)
      // NB: cancelled here in case the helper did not, so that a failure ends the test.
      work.cancel()
      #expect(await waiter.value == true)
    }
  }

  @Test func theThrowingFormThrowsWhatTheTaskThrows() async {
    await withMainSerialExecutor {
      let work = Task { () throws -> Int in try await Task.never() }
      let waiter = Task { try await work.cancellableValue }
      await settle()
      waiter.cancel()
      await settle()
      #expect(work.isCancelled)
      work.cancel()
      await #expect(throws: CancellationError.self) { try await waiter.value }
    }
  }

  @Test func plainValueLeavesTheTaskRunning() async {
    // The difference the helper makes: with `value`, the work outlives its cancelled waiter.
    await withMainSerialExecutor {
      let work = Task { () -> Bool in
        try? await Task.never()
        return Task.isCancelled
      }
      let waiter = Task { await work.value }
      await settle()
      waiter.cancel()
      await settle()
      #expect(!work.isCancelled)
      work.cancel()
      #expect(await waiter.value == true)
    }
  }

  @Test func returnsTheResultOfATaskThatFinishes() async throws {
    #expect(await Task { 42 }.cancellableValue == 42)
    #expect(try await Task { () throws -> String in "done" }.cancellableValue == "done")
  }

  private func settle() async {
    for _ in 0..<20 { await Task.yield() }
  }
}
