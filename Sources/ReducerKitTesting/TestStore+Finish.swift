import ReducerKit

extension TestStore {
  /// Waits until every effect has finished, then checks that every received action was asserted
  /// (in exhaustive mode).
  ///
  /// ```swift
  /// await store.send(.view(.saveTapped)) { $0.isSaving = true }
  /// await store.receive(\.internal.saved) { $0.isSaving = false }
  /// await store.finish()
  /// ```
  public func finish(
    timeout: Duration? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let limit = timeout ?? self.timeout
    let deadline = ContinuousClock.now + limit
    var drains = 0
    while !tracking.tracked(in: registry).isEmpty {
      guard await recorder.changes.wait(until: deadline, draining: executor, drains: &drains)
      else {
        Self.report(
          TestFailures.finishTimedOut(after: limit, running: tracking.tracked(in: registry)),
          as: exhaustivity, at: site)
        break
      }
    }
    checkEndOfTest(releasing: false, at: site)
  }

  /// Skips the received actions not yet asserted.
  ///
  /// - Parameter strict: Fail if there is nothing to skip.
  public func skipReceivedActions(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await executor.settle()
    guard recorder.hasReceived else {
      return reportNothingToSkip(
        "skipReceivedActions", "received actions", strict: strict, at: site)
    }
    let skipped = recorder.removeAllReceived()
    if case .off(true) = exhaustivity {
      note(TestFailures.skippedReceived(skipped.map(\.action)), at: site)
    }
    advanceKnownState(to: skipped.last!.state, step: skipped.last!.step)
  }

  /// Stops tracking the effects still running, so the test can end without waiting for them.
  ///
  /// As in TCA, the effects are not cancelled: they keep running, and the actions they still
  /// send are received (so an exhaustive test must still assert them); only the checks that
  /// every effect finished (``finish(timeout:fileID:filePath:line:column:)``, and the store's
  /// release) no longer wait for or report them. What was skipped is reported as a known issue
  /// in exhaustive mode and with `.off(showSkippedAssertions: true)`. Releasing the store cancels
  /// them. To stop them, cancel them instead (`await task.cancel()` on the task `send` returned).
  ///
  /// ```swift
  /// await store.send(.view(.onAppear))      // starts a long-lived subscription
  /// await store.receive(\.internal.loaded) { … }
  /// await store.skipInFlightEffects()       // the subscription is not this test's concern
  /// ```
  ///
  /// - Parameter strict: Fail if there is nothing to skip.
  public func skipInFlightEffects(
    strict: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await settleEffects()
    let inFlight = tracking.tracked(in: registry)
    guard !inFlight.isEmpty else {
      return reportNothingToSkip("skipInFlightEffects", "effects", strict: strict, at: site)
    }
    if exhaustivity != .off(showSkippedAssertions: false) {
      note(
        "Skipped \(TestFailures.count(inFlight.count, "effect")), no longer tracked:\n"
          + TestFailures.effects(inFlight), at: site)
    }
    tracking.skip(inFlight)
  }

  /// Fails (when `strict`) because `call` found no `what` to skip.
  private func reportNothingToSkip(
    _ call: String, _ what: String, strict: Bool, at site: SourceSite
  ) {
    guard strict else { return }
    fail(TestFailures.nothingToSkip(call: call, what: what), at: site)
  }

  /// The checks a test must pass at its end: no effect running, no received action unasserted.
  func checkEndOfTest(releasing: Bool, at site: SourceSite) {
    guard exhaustivity != .off(showSkippedAssertions: false) else { return }
    if let last = Self.checkEndOfTest(
      registry: registry, tracking: tracking, recorder: recorder, releasing: releasing,
      exhaustivity: exhaustivity, at: site
    ) {
      advanceKnownState(to: last.state, step: last.step)
    }
    checkSharedChangesAsserted(at: site)
  }

  /// Reports effects still running (when `releasing`) and received actions not asserted, as
  /// failures when exhaustive and as skipped assertions with `.off(showSkippedAssertions: true)`
  /// (as TCA does); returns the state after the last of those actions.
  @discardableResult
  nonisolated static func checkEndOfTest(
    registry: EffectRegistry,
    tracking: EffectTracking,
    recorder: TestRecorder<State, Action>,
    releasing: Bool,
    exhaustivity: Exhaustivity,
    at site: SourceSite
  ) -> Reduced<State, Action>? {
    let report = { (message: String) in Self.report(message, as: exhaustivity, at: site) }
    let inFlight = tracking.tracked(in: registry)
    if releasing, !inFlight.isEmpty {
      report(TestFailures.releasedWithEffects(inFlight))
    }
    guard recorder.hasReceived else { return nil }
    let received = recorder.removeAllReceived()
    report(TestFailures.unassertedReceived(received.map(\.action)))
    return received.last
  }
}

extension TestStore {
  /// Reports what a test left undone at its end: a failure when exhaustive, a skipped
  /// assertion with `.off(showSkippedAssertions: true)` (as TCA does), nothing otherwise.
  nonisolated static func report(
    _ message: String, as exhaustivity: Exhaustivity, at site: SourceSite
  ) {
    switch exhaustivity {
    case .on:
      recordTestFailure(
        message, fileID: site.fileID, filePath: site.filePath, line: site.line,
        column: site.column)
    case .off(showSkippedAssertions: true):
      recordTestNote(
        message, fileID: site.fileID, filePath: site.filePath, line: site.line,
        column: site.column)
    case .off(showSkippedAssertions: false):
      break
    }
  }
}
