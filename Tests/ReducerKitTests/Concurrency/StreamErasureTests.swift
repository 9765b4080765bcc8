import ReducerKit
import ReducerKitTesting
import Testing

/// `AsyncStream(_:)`, `eraseToStream()`, `eraseToThrowingStream()`, `.never` and `.finished`,
/// as swift-concurrency-extras has them (TCA exports them): what a dependency client returns.
@Suite struct StreamErasureTests {
  struct Failure: Error, Equatable {}

  @Test func anErasedSequenceProducesItsElementsInOrderThenEnds() async {
    let base = AsyncStream<Int> { continuation in
      for number in 1...3 { continuation.yield(number) }
      continuation.finish()
    }
    var received: [Int] = []
    for await number in base.map({ $0 * 10 }).eraseToStream() { received.append(number) }
    #expect(received == [10, 20, 30])
  }

  @Test func aFailureEndsAPlainStreamAndIsThrownByAThrowingOne() async {
    let failing = AsyncThrowingStream<Int, any Error> { continuation in
      continuation.yield(1)
      continuation.finish(throwing: Failure())
    }
    var plain: [Int] = []
    for await number in AsyncStream(failing) { plain.append(number) }
    #expect(plain == [1])

    let rethrowing = AsyncThrowingStream<Int, any Error> { continuation in
      continuation.yield(1)
      continuation.finish(throwing: Failure())
    }
    var thrown: [Int] = []
    await #expect(throws: Failure.self) {
      for try await number in rethrowing.eraseToThrowingStream() { thrown.append(number) }
    }
    #expect(thrown == [1])
  }

  @Test func cancellingTheConsumerEndsTheIterationOfTheBase() async {
    await withMainSerialExecutor {
      let base = ObservedBase()
      let consumer = Task {
        for await _ in base.stream.eraseToStream() {}
      }
      await settle()
      #expect(!base.isTerminated)
      consumer.cancel()
      await settle()
      #expect(base.isTerminated)
    }
  }

  @Test func droppingAStreamNeverIteratedEndsTheIterationOfTheBase() async {
    await withMainSerialExecutor {
      let base = ObservedBase()
      do {
        let erased = AsyncThrowingStream(base.stream)
        _ = erased
      }
      await settle()
      #expect(base.isTerminated)
    }
  }

  @Test func elementsMadeBeforeTheFirstNextAreKept() async {
    await withMainSerialExecutor {
      let base = ObservedBase()
      let erased = base.stream.eraseToStream()
      await settle()
      base.continuation.yield(7)
      base.continuation.finish()
      var received: [Int] = []
      for await number in erased { received.append(number) }
      #expect(received == [7])
    }
  }

  @Test func aSequenceThatIsNotSendableIsErasedToo() async {
    // Foundation's notification sequences are not `Sendable`; TCA's eraser takes them.
    var received: [Int] = []
    for await number in Countdown(from: 3).map({ $0 * 10 }).eraseToStream() {
      received.append(number)
    }
    #expect(received == [30, 20, 10])

    var thrown: [Int] = []
    await #expect(throws: Failure.self) {
      for try await number in Countdown(from: 2, failingAtEnd: true).eraseToThrowingStream() {
        thrown.append(number)
      }
    }
    #expect(thrown == [2, 1])
    var plain: [Int] = []
    for await number in Countdown(from: 2, failingAtEnd: true).eraseToStream() {
      plain.append(number)
    }
    #expect(plain == [2, 1])
  }

  @Test func cancellingTheConsumerStopsAnErasedSequenceThatIsNotSendable() async {
    await withMainSerialExecutor {
      let (stopped, stop) = AsyncStream.makeStream(of: Void.self)
      let consumer = Task {
        for await _ in Countdown(from: .max, onCancel: { stop.yield() }).eraseToStream() {}
      }
      await settle()
      consumer.cancel()
      var iterator = stopped.makeAsyncIterator()
      #expect(await iterator.next() != nil)
    }
  }

  @Test func neverStaysSilentUntilItsConsumerIsCancelled() async {
    await withMainSerialExecutor {
      let ended = LockIsolated(false)
      let consumer = Task {
        for await _ in AsyncStream<Int>.never {}
        ended.setValue(true)
      }
      await settle()
      #expect(!ended.value)
      consumer.cancel()
      await settle()
      #expect(ended.value)
    }
  }

  @Test func finishedEndsAtOnceAndFinishedThrowingThrows() async {
    var plain = 0
    for await _ in AsyncStream<Int>.finished { plain += 1 }
    #expect(plain == 0)
    var thrown = 0
    await #expect(throws: Failure.self) {
      for try await _ in AsyncThrowingStream<Int, any Error>.finished(throwing: Failure()) {
        thrown += 1
      }
    }
    #expect(thrown == 0)
    do {
      for try await _ in AsyncThrowingStream<Int, any Error>.finished() { thrown += 1 }
    } catch {
      Issue.record("finished() threw \(error)")
    }
    #expect(thrown == 0)
  }

  // MARK: - In a feature

  struct Ticks: Reducer {
    struct State: Equatable, Sendable { var ticks = 0 }
    enum Action: Equatable, Sendable { case start, tick, stop }
    enum CancelID: Hashable, Sendable { case ticks }
    let ticks: @Sendable () -> AsyncStream<Void>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run { send in
          for await _ in ticks() { await send(.tick) }
        }
        .cancellable(id: CancelID.ticks)
      case .tick:
        state.ticks += 1
        return .none
      case .stop:
        return .cancel(id: CancelID.ticks)
      }
    }
  }

  @MainActor
  @Test func aClientStreamErasedFromATimerDrivesAnEffectUntilItIsCancelled() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticks.State()) {
      Ticks(ticks: { clock.timer(interval: .seconds(1)).map { _ in }.eraseToStream() })
    }
    await store.send(.start)
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.send(.stop)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  /// A controllable base sequence that records when its iteration ends.
  final class ObservedBase: Sendable {
    let stream: AsyncStream<Int>
    let continuation: AsyncStream<Int>.Continuation
    private let terminated = LockIsolated(false)

    init() {
      (stream, continuation) = AsyncStream.makeStream(of: Int.self)
      continuation.onTermination = { [terminated] _ in terminated.setValue(true) }
    }

    var isTerminated: Bool { terminated.value }
  }

  /// A sequence that is not `Sendable` (a class with mutable state, like Foundation's
  /// notification sequences): counts down to 1, then ends or throws; when its task is
  /// cancelled, it calls `onCancel` and ends.
  final class Countdown: AsyncSequence, AsyncIteratorProtocol {
    private var remaining: Int
    private let failingAtEnd: Bool
    private let onCancel: () -> Void

    init(from start: Int, failingAtEnd: Bool = false, onCancel: @escaping () -> Void = {}) {
      remaining = start
      self.failingAtEnd = failingAtEnd
      self.onCancel = onCancel
    }

    func makeAsyncIterator() -> Countdown { self }

    func next() async throws -> Int? {
      await Task.yield()
      if Task.isCancelled {
        onCancel()
        return nil
      }
      guard remaining > 0 else {
        if failingAtEnd { throw StreamErasureTests.Failure() }
        return nil
      }
      defer { remaining -= 1 }
      return remaining
    }
  }

  /// Lets every task on the serial executor run until it suspends.
  private func settle() async {
    for _ in 0..<50 { await Task.yield() }
  }
}
