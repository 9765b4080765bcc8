/// A clock of any type as one concrete type, for an API that needs a `Clock` type where only an
/// `any Clock<Duration>` is at hand (a generic function with more than the clock to infer):
/// swift-clocks' type, which TCA exports.
///
/// ```swift
/// @Dependency(\.continuousClock) var clock   // any Clock<Duration>
/// let deadline = AnyClock(clock).now.advanced(by: .seconds(5))
/// for await value in stream.debounce(for: .seconds(1), clock: AnyClock(clock)) { … }
/// ```
///
/// Its instants count time from the moment it was made: `now` is `.zero` advanced by what the
/// wrapped clock measured since, and a sleep until an instant sleeps on the wrapped clock until
/// the matching instant of its own. Time moves as the wrapped clock's does, so an `AnyClock` of
/// a ``TestClock`` moves only when the test clock is advanced.
public struct AnyClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  /// A point in the erased clock's time: how far it lies from the moment the clock was made.
  public struct Instant: InstantProtocol, Sendable {
    /// The time from the clock's creation to this instant.
    public let offset: Duration

    /// The instant `offset` after the clock was made.
    public init(offset: Duration) {
      self.offset = offset
    }

    public func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    public func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private let readNow: @Sendable () -> Instant
  private let readResolution: @Sendable () -> Duration
  private let sleepUntil: @Sendable (Instant, Duration?) async throws -> Void

  /// Erases `clock`; instants count from its time now.
  public init<Wrapped: Clock>(_ clock: Wrapped) where Wrapped.Instant.Duration == Duration {
    let start = clock.now
    readNow = { Instant(offset: start.duration(to: clock.now)) }
    readResolution = { clock.minimumResolution }
    sleepUntil = { deadline, tolerance in
      try await clock.sleep(until: start.advanced(by: deadline.offset), tolerance: tolerance)
    }
  }

  public var now: Instant { readNow() }

  public var minimumResolution: Duration { readResolution() }

  /// Sleeps on the wrapped clock until its instant matching `deadline`.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await sleepUntil(deadline, tolerance)
  }
}
