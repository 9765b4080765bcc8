/// A clock whose sleeps end at once: time jumps to each deadline.
///
/// Use it when a test does not care about time, only about what happens after it:
///
/// ```swift
/// let store = TestStore(initialState: Feature.State()) { Feature() } withDependencies: {
///   $0.continuousClock = ImmediateClock()
/// }
/// ```
public final class ImmediateClock: Clock, Sendable {
  public typealias Instant = VirtualInstant

  private let current: LockedState<Instant>

  /// A clock that starts at `now`.
  public init(now: Instant = Instant()) {
    current = LockedState(now)
  }

  /// The current time: the latest deadline slept until.
  public var now: Instant { current.withLock { $0 } }

  public var minimumResolution: Duration { .zero }

  /// Moves time to `deadline` and returns (throws if the task is cancelled).
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline) }
    TestExecution.current?.record()
    await Task.yield()
  }
}

/// A clock that fails the test when it is asked for the time or to sleep.
///
/// It is the test value of the clock dependencies, so a test that reaches a delay it did not
/// plan for fails, naming the dependency:
///
/// ```swift
/// withDependencies: { $0.continuousClock = TestClock() }  // control time instead
/// ```
///
/// After failing, it behaves like an ``ImmediateClock``. Reading ``now`` does not fail: it is a
/// virtual instant, not the real time (and `sleep(for:)` reads it to compute its deadline).
public struct UnimplementedClock: Clock, Sendable {
  public typealias Instant = VirtualInstant

  private let name: String
  private let site: SourceSite
  private let base = ImmediateClock()

  /// A clock that reports `name` in its failures.
  public init(
    name: String = "Clock",
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.name = name
    site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
  }

  init(name: String, site: SourceSite) {
    self.name = name
    self.site = site
  }

  public var now: Instant { base.now }

  public var minimumResolution: Duration { .zero }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    report("asked to sleep")
    try await base.sleep(until: deadline, tolerance: tolerance)
  }

  private func report(_ what: String) {
    reportRuntimeWarning(
      """
      Unimplemented: the clock "\(name)" was \(what).

      A clock in a test must be controlled. Override it where the test creates its store, with \
      "TestClock()" to move time yourself or "ImmediateClock()" to skip waiting: \
      "withDependencies: { $0.\(name) = TestClock() }".
      """,
      at: site
    )
  }
}
