import ReducerKit

extension TestStore {
  /// Sends an action and asserts how the state changed.
  ///
  /// The closure receives the state before the action and must turn it into the state after
  /// it; without a closure, the state must not change.
  ///
  /// ```swift
  /// await store.send(.view(.incrementTapped)) {
  ///   $0.count = 1
  /// }
  /// ```
  ///
  /// The closure runs with the store's dependencies, so `@Dependency` values read in it are the
  /// ones the reducer saw.
  ///
  /// - Returns: The effects the action started, and those started by the actions they send
  ///   back; `await task.finish()` waits for them.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard !isDismissed else {
      fail(TestFailures.sendAfterDismissal(action), at: site)
      return TestStoreTask(storeTask: StoreTask(), timeout: timeout, executor: executor)
    }
    checkNoPendingReceivedActions(before: "send", at: site)
    let before = knownState
    recorder.expectSentAction()
    // NB: as the store's executor, so a `Task { }` a reducer creates runs on it too.
    let storeTask = SerialTestExecutor.withCurrent(executor) {
      TestSendSite.with(site) { store.send(action) }
    }
    var after = before
    var step = 0
    if !recorder.takeSentState(&after, step: &step) {
      after = store.withState { $0 }
      step = sharedChanges.nextStep - 1
    }
    assertStateChange(
      api: "send", before: before, after: after, step: step, update: updateStateToExpectedResult,
      at: site
    )
    advanceKnownState(to: after, step: step)
    await settleEffects()
    return TestStoreTask(storeTask: storeTask, timeout: timeout, executor: executor)
  }

  /// Sends the action a case pattern names, for a case without a payload:
  /// `await store.send(\.view.onAppear)` sends `.view(.onAppear)`.
  ///
  /// A pattern naming no case of the action (a typo), or a case with a payload, fails the test
  /// and sends nothing.
  @discardableResult
  public func send(
    _ pattern: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      CasePattern(pattern), payload: nil, assert: updateStateToExpectedResult,
      at: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Sends the action a case pattern names, with `value` as the payload of its last case:
  /// `await store.send(\.view.queryChanged, "blob")` sends `.view(.queryChanged("blob"))`,
  /// and `await store.send(\.rows[id: 1].toggled, true)` the `forEach` action of row 1.
  ///
  /// `value` must be of the payload's type (a payload of several values is a tuple). A pattern
  /// naming no case of the action, or a value of another type, fails the test and sends
  /// nothing.
  @discardableResult
  public func send<Value: Sendable>(
    _ pattern: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    _ value: Value,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      CasePattern(pattern), payload: value, assert: updateStateToExpectedResult,
      at: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  private func send(
    _ pattern: CasePattern<Action>,
    payload: (any Sendable)?,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at site: SourceSite
  ) async -> TestStoreTask {
    switch pattern.embed(payload) {
    case .success(let action):
      return await send(
        action, assert: updateStateToExpectedResult, fileID: site.fileID,
        filePath: site.filePath, line: site.line, column: site.column)
    case .failure(let failure):
      fail(TestFailures.unbuildablePattern("\(pattern)", reason: failure.reason), at: site)
      return TestStoreTask(storeTask: StoreTask(), timeout: timeout, executor: executor)
    }
  }

  /// Lets the store's effects run as far as they can before the test goes on, so that an
  /// effect that delivered its last action has also finished. Free when none is running.
  ///
  /// NB: bounded, because an effect that never waits (a timer on an immediate clock) never
  /// settles; a thousand main-queue rounds is far more than finite work needs.
  func settleEffects() async {
    guard registry.hasInFlight else { return }
    await executor.settle(limit: 1_000)
  }

  /// In exhaustive mode, received actions must be asserted before the test moves on.
  func checkNoPendingReceivedActions(before api: String, at site: SourceSite) {
    guard recorder.hasReceived else { return }
    settlePendingReceivedActions(before: api, at: site)
  }

  /// Reports (or, non-exhaustively, notes) the received actions the test did not assert, and
  /// moves past them.
  ///
  /// NB: apart from the check above, which runs on every step: unspecialized, a function that
  /// handles the received actions looks up their types' metadata on entry, even when it returns
  /// at once.
  @inline(never)
  func settlePendingReceivedActions(before api: String, at site: SourceSite) {
    let pending = recorder.removeAllReceived()
    switch exhaustivity {
    case .on:
      fail(TestFailures.pendingReceived(api: api, actions: pending.map(\.action)), at: site)
    case .off(let showSkippedAssertions):
      if showSkippedAssertions {
        note(TestFailures.skippedReceived(pending.map(\.action)), at: site)
      }
    }
    advanceKnownState(to: pending.last!.state, step: pending.last!.step)
  }

  func fail(_ message: String, at site: SourceSite) {
    recordTestFailure(
      message, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column
    )
  }

  /// Reports something the test skipped: a known issue, not a failure.
  func note(_ message: String, at site: SourceSite) {
    recordTestNote(
      message, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column
    )
  }
}
