/// A clock whose time moves only when a test advances it.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: Timer.State()) { Timer() } withDependencies: {
///   $0.continuousClock = clock
/// }
/// await store.send(.view(.startTapped))
/// await clock.advance(by: .seconds(1))
/// await store.receive(\.internal.tick) { $0.seconds = 1 }
/// ```
///
/// Sleepers resume in deadline order (equal deadlines in the order they started sleeping). A
/// sleep until the current time, or for zero, suspends until the clock is next advanced (even by
/// zero) or run, as TCA's test clock does: code that sleeps zero to yield stays put until the
/// test moves time, and can be cancelled meanwhile. A cancelled sleeper throws
/// `CancellationError` at once.
///
/// `advance(by:)` returns once every sleeper due by then has resumed and the work it caused
/// has run as far as it can, one deadline at a time, so a timer that ticks five times in the
/// interval is observed ticking five times. This is deterministic for effects of a test store,
/// and for work inside `withMainSerialExecutor`, which run on a serial test executor the clock
/// waits for. Work on the global concurrent executor (a task started elsewhere that sleeps on
/// this clock) is resumed in order, but the clock cannot know when it has finished its next
/// step.
public final class TestClock: Clock, Sendable {
  public typealias Instant = VirtualInstant

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    /// Resumed with `true` when the clock advances to the deadline.
    let continuation: CheckedContinuation<Bool, any Error>
    /// The test executor the sleeping task runs on, if any.
    let executor: (any TestExecutionHooks)?
  }

  private struct State {
    var now: Instant
    var sleepers: [Sleeper] = []
    var nextID: UInt64 = 0
    /// The test executors of tasks that slept on this clock: the work ``advance(to:)`` waits
    /// for.
    var executors: [ObjectIdentifier: WeakExecutor] = [:]
  }

  private struct WeakExecutor {
    weak var executor: (any TestExecutionHooks)?
  }

  private let state: LockedState<State>

  /// The smallest interval the clock distinguishes.
  public let minimumResolution: Duration

  /// A clock that starts at `now`.
  public init(now: Instant = Instant(), minimumResolution: Duration = .zero) {
    state = LockedState(State(now: now))
    self.minimumResolution = minimumResolution
  }

  /// The current time.
  public var now: Instant { state.withLock { $0.now } }

  /// Suspends until the clock is advanced to `deadline` (returns at once if it is past; a
  /// deadline equal to the current time waits for the next advance).
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let executor = TestExecution.current
    let id = state.withLock { state in
      defer { state.nextID += 1 }
      if let executor {
        state.executors[ObjectIdentifier(executor)] = WeakExecutor(executor: executor)
      }
      return state.nextID
    }
    let resumedByAdvance = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        enum Outcome { case wait, resume, cancel }
        let outcome = state.withLock { state -> Outcome in
          if Task.isCancelled { return .cancel }
          if deadline < state.now { return .resume }
          state.sleepers.append(
            Sleeper(id: id, deadline: deadline, continuation: continuation, executor: executor))
          return .wait
        }
        executor?.record()
        switch outcome {
        case .wait: break
        case .resume: continuation.resume(returning: false)
        case .cancel: continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
    if resumedByAdvance { executor?.endTransit() }
  }

  /// Moves time forward by `duration`, resuming every sleeper due by then, in deadline order.
  ///
  /// Each deadline's work is waited for as far as it goes, within a bound counted in main-queue
  /// rounds (10,000 for each deadline): work that never becomes quiet fails the test with
  /// what kept it busy, and `advance` returns, instead of the test hanging.
  public func advance(
    by duration: Duration = .zero,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard duration >= .zero else {
      reportRuntimeWarning(
        """
        "TestClock.advance(by:)" was given a negative duration (\(duration)); time did not move.

        A test clock only moves forward. Advance by zero to let due sleepers run.
        """,
        at: site
      )
      return
    }
    _ = await advance(to: now.advanced(by: duration), api: "advance(by:)", at: site)
  }

  /// Moves time forward to `deadline`, resuming every sleeper due by then, in deadline order.
  ///
  /// Bounded as ``advance(by:fileID:filePath:line:column:)`` is.
  public func advance(
    to deadline: Instant,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    _ = await advance(to: deadline, api: "advance(to:)", at: site)
  }

  /// Moves time to `deadline`; returns `false` when it gave up waiting for the work of a
  /// deadline (reported at `site`, naming `api`).
  private func advance(to deadline: Instant, api: String, at site: SourceSite) async -> Bool {
    // Work already started may be about to sleep: let it register first.
    guard await settleExecutors(api: api, at: site) else { return false }
    while let due = popEarliestSleepers(dueBy: deadline) {
      for sleeper in due {
        sleeper.executor?.beginTransit()
        // NB: resumed as the sleeper's executor, so a task without an executor preference of
        // its own (one routed there) is enqueued back onto it.
        TestExecution.withCurrent(sleeper.executor) {
          sleeper.continuation.resume(returning: true)
        }
      }
      guard await settleExecutors(api: api, at: site) else { return false }
    }
    state.withLock { $0.now = max($0.now, deadline) }
    return true
  }

  /// Makes ``advance(by:)`` and ``run(timeout:fileID:filePath:line:column:)`` wait for the work
  /// on `executor` (a test store whose dependencies hold this clock registers its own).
  package func waits(for executor: any TestExecutionHooks) {
    state.withLock { $0.executors[ObjectIdentifier(executor)] = WeakExecutor(executor: executor) }
  }

  /// Waits until the work on the test executors this clock knows of (and the caller's own) is
  /// quiet; returns `false`, having reported why, when it gave up.
  private func settleExecutors(api: String, at site: SourceSite) async -> Bool {
    if let current = TestExecution.current { waits(for: current) }
    let executors = state.withLock { state in
      state.executors = state.executors.filter { $0.value.executor != nil }
      return state.executors.values.compactMap(\.executor)
    }
    // NB: even with no executor to wait for, `settle` is entered: it runs on the main actor, so
    // the hop lets main-actor work queued before the advance (a `Task { }` the test made that is
    // about to sleep) start first.
    let jobsBefore = TestExecution.jobsRun
    let ownJobsBefore = executors.reduce(0) { $0 + $1.jobsRun }
    guard case .gaveUp(let rounds) = await TestExecution.settle(executors) else { return true }
    let ownJobs = executors.reduce(0) { $0 + $1.jobsRun } - ownJobsBefore
    let otherJobs = (TestExecution.jobsRun - jobsBefore) - ownJobs
    var busy: [String] = []
    for executor in executors { busy.append(await executor.busyDescription) }
    reportRuntimeWarning(
      TestClock.unsettled(
        api: api, rounds: rounds, busy: busy.filter { !$0.isEmpty }, ownJobs: ownJobs,
        otherJobs: otherJobs),
      at: site)
    return false
  }

  /// The failure of a wait that gave up: what kept the test's work busy, and what to do.
  package static func unsettled(
    api: String, rounds: Int, busy: [String], ownJobs: UInt64, otherJobs: UInt64
  ) -> String {
    let still =
      busy.isEmpty
      ? "    (nothing the test's executors can name: tasks they run without an effect)"
      : busy.joined(separator: "\n")
    return """
      "TestClock.\(api)" gave up waiting for the test's work to settle after \(rounds) \
      main-queue rounds; the clock stopped there.

      Still busy:
      \(still)

      Meanwhile this test's work ran \(ownJobs) jobs, and other tests \(otherJobs) on the main \
      queue (those are not waited for).

      Something runs again and again without sleeping on a test clock: a timer on an immediate \
      or a real clock, a loop that only yields, an effect that restarts itself. Give it this \
      test clock, or cancel it before advancing the clock.
      """
  }

  /// Advances to each pending deadline until nothing sleeps on the clock any more.
  ///
  /// Work that keeps sleeping forever (a timer nobody stops) would never let it return, so it
  /// stops, and fails the test, after `maximumDeadlines` deadlines: a count, so the outcome is
  /// the same on a busy machine as on an idle one. `timeout` is TCA's real-time limit, kept as a
  /// backstop (TCA's default is half a second; here it is five minutes, which only a hang takes,
  /// so that a loaded machine never fails a test that would pass).
  ///
  /// - Parameters:
  ///   - timeout: Real time after which it stops and fails the test.
  ///   - maximumDeadlines: How many deadlines it advances to before it stops and fails the test.
  ///   - fileID: Where the failure is reported.
  ///   - filePath: The same place, as a path.
  ///   - line: The line of that place.
  ///   - column: The column of that place.
  public func run(
    timeout: Duration = .seconds(300),
    maximumDeadlines: Int = 10_000,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let start = ContinuousClock.now
    var deadlines = 0
    guard await settleExecutors(api: "run()", at: site) else { return }
    while let next = state.withLock({ $0.sleepers.map(\.deadline).min() }) {
      let limit: String? =
        if deadlines >= maximumDeadlines {
          "stopped after \(maximumDeadlines) deadlines"
        } else if ContinuousClock.now - start >= timeout {
          "timed out after \(timeout)"
        } else {
          nil
        }
      if let limit {
        reportRuntimeWarning(
          """
          "TestClock.run()" \(limit) with work still sleeping on the clock.

          Something keeps sleeping again, such as a timer that is never cancelled. Advance the \
          clock by a fixed amount instead ("advance(by:)"), or cancel the timer before running \
          the clock.
          """,
          at: site
        )
        return
      }
      deadlines += 1
      guard await advance(to: next, api: "run()", at: site) else { return }
    }
  }

  /// Removes and returns the sleepers with the earliest deadline, if it is at or before `limit`,
  /// and moves the clock to that deadline.
  private func popEarliestSleepers(dueBy limit: Instant) -> [Sleeper]? {
    state.withLock { state in
      guard let earliest = state.sleepers.map(\.deadline).min(), earliest <= limit else {
        return nil
      }
      state.now = max(state.now, earliest)
      let now = state.now
      let due = state.sleepers.filter { $0.deadline <= now }
      state.sleepers.removeAll { $0.deadline <= now }
      return due
    }
  }
}
