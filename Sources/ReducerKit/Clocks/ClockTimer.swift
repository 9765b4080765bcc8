extension Clock where Duration == Swift.Duration {
  /// A sequence that ticks every `interval` of this clock, forever (until the task iterating it is
  /// cancelled).
  ///
  /// ```swift
  /// case .view(.startTapped):
  ///   return .run { [clock] send in
  ///     for await _ in clock.timer(interval: .seconds(1)) {
  ///       await send(.internal(.tick))
  ///     }
  ///   }
  ///   .cancellable(id: CancelID.timer)
  /// ```
  ///
  /// Tick `n` (counting from 1) is due at `start + n × interval`, where `start` is the clock's time
  /// when iteration begins: a tick late by a few microseconds does not push later ticks back. A
  /// consumer slower than the interval receives the missed ticks at once, in order. It works on
  /// any clock, including the `any Clock<Duration>` of `@Dependency(\.continuousClock)`: with a
  /// ``TestClock`` ticks happen as the test advances it, with an ``ImmediateClock`` at once.
  ///
  /// - Returns: Elements are the tick's number, 1, 2, 3…
  public func timer(interval: Duration) -> ClockTimer {
    ClockTimer(clock: self, interval: interval)
  }
}

/// The ticks of a clock every interval; see `clock.timer(interval:)`.
public struct ClockTimer: AsyncSequence, Sendable {
  public typealias Element = Int

  let clock: any Clock<Duration>
  let interval: Duration

  public func makeAsyncIterator() -> Iterator {
    Iterator(clock: clock, interval: interval)
  }

  /// Sleeps until each tick is due.
  public struct Iterator: AsyncIteratorProtocol {
    let clock: any Clock<Duration>
    let interval: Duration
    var start: (any InstantProtocol<Duration>)?
    var tick = 0

    /// Waits for the next tick; `nil` once the iterating task is cancelled.
    public mutating func next() async -> Int? {
      guard !Task.isCancelled else { return nil }
      let start = self.start ?? clock.now
      self.start = start
      tick += 1
      do {
        try await sleep(on: clock, until: start.advanced(by: interval * tick))
      } catch {
        return nil
      }
      return tick
    }
  }
}

/// Sleeps on `clock` until `deadline` (an instant of that clock).
private func sleep(
  on clock: any Clock<Duration>, until deadline: any InstantProtocol<Duration>
) async throws {
  func sleep<C: Clock<Duration>>(on clock: C) async throws {
    guard let deadline = deadline as? C.Instant else {
      // NB: cannot happen (the deadline came from this clock), but stay correct regardless.
      return try await clock.sleep(for: .zero)
    }
    try await clock.sleep(until: deadline, tolerance: nil)
  }
  try await sleep(on: clock)
}
