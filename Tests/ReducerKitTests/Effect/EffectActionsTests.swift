import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// `effect.actions`: an effect run on its own, after TCA's EffectTests.
@Suite(.timeLimit(.minutes(1))) struct EffectActionsTests {
  @Test func aConcatenationSendsInTurn() async {
    // Each step starts when the one before it has ended, however long that takes.
    let effect = Effect<Int>.concatenate(
      (1...3).map { count in
        .run { send in
          for _ in 0..<(4 - count) * 10 { await Task.yield() }
          await send(count)
        }
      })
    var received: [Int] = []
    for await action in effect.actions { received.append(action) }
    #expect(received == [1, 2, 3])
  }

  @Test func aMergeSendsAsEachPartDoesAndEndsWithTheLast() async {
    let first = Gate()
    let second = Gate()
    let effect = Effect<Int>.merge(
      .run { send in
        await second.wait()
        await send(2)
      },
      .run { send in
        await send(1)
        second.open()
      },
      .run { send in
        await first.wait()
        await send(3)
      }
    )
    var received: [Int] = []
    for await action in effect.actions {
      received.append(action)
      if action == 2 { first.open() }
    }
    #expect(received == [1, 2, 3])
  }

  @Test func aSendCancellableTwiceInFlightIsSentOnce() async {
    let effect = Effect.send(42)
      .cancellable(id: "id", cancelInFlight: true)
      .cancellable(id: "id", cancelInFlight: true)
    var received: [Int] = []
    for await action in effect.actions { received.append(action) }
    #expect(received == [42])
  }

  @Test func mappedActionsSeeTheDependenciesTheEffectWasBuiltWith() async {
    @Dependency(\.date) var date
    let moment = Date(timeIntervalSince1970: 1_234_567_890)
    let sent = withDependencies {
      $0.date.now = moment
    } operation: {
      Effect.send(()).map { date() }
    }
    var received: [Date] = []
    for await action in sent.actions { received.append(action) }
    #expect(received == [moment])

    let run = withDependencies {
      $0.date.now = moment
    } operation: {
      Effect<Void>.run { send in await send(()) }.map { date() }
    }
    received = []
    for await action in run.actions { received.append(action) }
    #expect(received == [moment])
  }

  @Test(.timeLimit(.minutes(1)))
  func endingTheIterationCancelsWhatStillRuns() async {
    let (ended, end) = AsyncStream.makeStream(of: Void.self)
    let effect = Effect<Int>.run { send in
      await send(1)
      do { try await Task.never() } catch { end.yield() }
    }
    for await action in effect.actions {
      #expect(action == 1)
      break
    }
    // Only cancellation ends the effect's wait; if it did not come, the time limit fails the test.
    var iterator = ended.makeAsyncIterator()
    #expect(await iterator.next() != nil)
  }

  @Test func anUnhandledErrorNamesTheIterationNotTheRelay() async {
    struct Failure: Error {}
    let effect = Effect<Int>.run { _ in throw Failure() }
    let issues = await expectIssues {
      for await _ in effect.actions {}
      // NB: the stream ends as the effect does; its warning comes as the effect's task ends.
      #expect(await eventually { !(IssueCapture.current?.issues.isEmpty ?? true) })
    }
    #expect(issues.first?.message.contains("(the iteration of effect.actions)") == true)
    #expect(issues.first?.message.contains("EffectRelay") == false)
  }

  @Test func cancelIDsBelongToTheRun() async {
    // A `.cancel(id:)` in the effect cancels its own part with that ID, not another run's.
    let gate = Gate()
    let other = Effect<String>.run { send in
      await gate.wait()
      await send("other finished")
    }
    .cancellable(id: "shared")
    let otherRun = Task {
      var received: [String] = []
      for await action in other.actions { received.append(action) }
      return received
    }
    while !gate.hasWaiters { await Task.yield() }
    let cancelling = Effect<String>.concatenate(
      .send("start"),
      .cancel(id: "shared"),
      .send("end")
    )
    var received: [String] = []
    for await action in cancelling.actions { received.append(action) }
    #expect(received == ["start", "end"])
    gate.open()
    #expect(await otherRun.value == ["other finished"])
  }
}
