import ReducerKit

/// How a test store checks state: the expected state the assertion builds against the actual
/// one, with shared values read as of the right action (see `SharedChangeTracker`).
extension TestStore {
  /// Asserts the current state without sending an action: after changing ``dependencies``, to
  /// check a non-exhaustive test's state in full, or to assert changes that effects made to
  /// shared state after the last action.
  ///
  /// ```swift
  /// store.assert { $0.isLoading = false }
  /// store.assert { $0.$count.withLock { $0 = 42 } }   // a shared value an effect changed
  /// ```
  public func assert(
    _ updateStateToExpectedResult: (inout State) throws -> Void,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let actual = state
    let latest = Int.max
    let expectedView = view(step: exhaustivity == .on ? knownStep : latest, asserting: true)
    let actualView = view(step: latest, asserting: false)
    defer { sharedChanges.settle(through: sharedChanges.nextStep) }
    var expected = actual
    do {
      try expectedView.apply {
        try withStoreDependencies { try updateStateToExpectedResult(&expected) }
      }
    } catch {
      fail("\"assert\" threw an error: \(error)", at: site)
      return
    }
    guard !isEqual(expected, in: expectedView, to: actual, in: actualView) else {
      // NB: the assertion may change shared values the state does not hold (held by the test
      // itself): the state's comparison cannot see those, so each is compared on its own.
      let mismatches = sharedChanges.mismatchedAssertions(asOf: latest)
      if !mismatches.isEmpty { fail(TestFailures.sharedValuesMismatch(mismatches), at: site) }
      return
    }
    fail(
      TestFailures.assertMismatch(
        diff: stateDiff(expected: expected, in: expectedView, actual: actual, in: actualView)),
      at: site
    )
  }

  /// Records the state the test now knows, after the action of `step`.
  func advanceKnownState(to newState: State, step: Int) {
    knownState = newState
    knownStep = step
    sharedChanges.settle(through: step)
  }

  /// How shared values read: as of `step`, with the assertion's own changes when `asserting`.
  func view(step: Int, asserting: Bool, comparedWith other: SharedView? = nil) -> SharedView {
    SharedView(
      tracker: sharedChanges, step: step, writesAssertion: asserting, comparedWith: other)
  }

  /// Compares two states, reading the shared values of each through its own view.
  func isEqual(_ lhs: State, in lhsView: SharedView, to rhs: State, in rhsView: SharedView)
    -> Bool
  {
    let isEqual = view(
      step: lhsView.step, asserting: lhsView.writesAssertion, comparedWith: rhsView
    )
    .apply { lhs == rhs }
    guard isEqual, sharedChanges.mayDiffer(lhsView, rhsView) else { return isEqual }
    // NB: `==` of two copies of an array (a presented child, a list's rows) that share their
    // buffer answers without comparing the elements, so a shared value that changed inside one
    // would go unseen. What such copies hold is the same; only how its shared values read
    // differs between the views: one side dumped through both views tells (the dump reads every
    // element), and fields that `==` compared leniently are not compared again.
    return lhsView.apply { expandedDump(lhs) } == rhsView.apply { expandedDump(lhs) }
  }

  /// Compares the state after the action of `step` with the state the assertion builds.
  func assertStateChange(
    api: String,
    before: State,
    after actual: State,
    step: Int,
    update: ((inout State) throws -> Void)?,
    at site: SourceSite
  ) {
    let isExhaustive = exhaustivity == .on
    let beforeView = view(step: knownStep, asserting: false)
    let expectedView = view(step: isExhaustive ? knownStep : step, asserting: true)
    let actualView = view(step: step, asserting: false)
    var expected = isExhaustive ? before : actual
    // NB: without a closure there is nothing to run, so no view or dependencies to put in force.
    if let update {
      do {
        try expectedView.apply { try withStoreDependencies { try update(&expected) } }
      } catch {
        fail("The assertion of \"\(api)\" threw an error: \(error)", at: site)
        return
      }
    }
    let matches = isEqual(expected, in: expectedView, to: actual, in: actualView)
    if !matches {
      let diff = stateDiff(expected: expected, in: expectedView, actual: actual, in: actualView)
      fail(
        isExhaustive && update == nil
          ? TestFailures.unexpectedChange(api: api, diff: diff)
          : TestFailures.mismatch(api: api, diff: diff, exhaustive: isExhaustive),
        at: site
      )
    } else if isExhaustive, update != nil,
      isEqual(expected, in: expectedView, to: before, in: beforeView),
      // NB: an action that wrote a shared value, even an equal one, counts as a change (TCA's
      // rule): its assertion may write that value again.
      !sharedChanges.wasWritten(in: step)
    {
      fail(TestFailures.noChange(api: api), at: site)
    } else if case .off(true) = exhaustivity {
      sharedChanges.dropAssertion()
      var strict = before
      try? beforeView.writingAssertion.apply { try withStoreDependencies { try update?(&strict) } }
      if !isEqual(strict, in: beforeView.writingAssertion, to: actual, in: actualView) {
        note(
          TestFailures.skippedChange(
            api: api,
            diff: stateDiff(
              expected: strict, in: beforeView.writingAssertion, actual: actual, in: actualView)),
          at: site
        )
      }
    }
  }

  /// A diff of two states, each dumped with its shared values read through its view.
  func stateDiff(
    expected: State, in expectedView: SharedView, actual: State, in actualView: SharedView
  ) -> String {
    Self.stateDiff(expected: expected, in: expectedView, actual: actual, in: actualView)
  }

  nonisolated static func stateDiff(
    expected: State, in expectedView: SharedView, actual: State, in actualView: SharedView
  ) -> String {
    formatted(
      lineDiff(
        expected: expectedView.apply { expandedDump(expected) },
        actual: actualView.apply { expandedDump(actual) })
        ?? "(The states are different but dump identically.)")
  }

  /// A line diff as failure messages show it: indented, with its legend.
  nonisolated static func formatted(_ diff: String) -> String {
    let indented = diff.split(separator: "\n", omittingEmptySubsequences: false)
      .map { "    \($0)" }.joined(separator: "\n")
    return indented + "\n\n(Expected: −, Actual: +)"
  }

  /// In exhaustive mode, fails when effects changed shared state after the last assertion and
  /// the test did not assert it.
  func checkSharedChangesAsserted(at site: SourceSite) {
    guard exhaustivity == .on else { return }
    Self.checkSharedChangesAsserted(
      in: knownState, since: knownStep, tracker: sharedChanges, at: site)
  }

  nonisolated static func checkSharedChangesAsserted(
    in state: State, since step: Int, tracker: SharedChangeTracker, at site: SourceSite
  ) {
    guard tracker.hasChanges(after: step) else { return }
    let before = SharedView(tracker: tracker, step: step, writesAssertion: false)
    let after = SharedView(tracker: tracker, step: .max, writesAssertion: false)
    // NB: the state may no longer hold the values that changed (a row removed before its
    // effect changed them): then the state shows no change, and the values are named instead.
    let message =
      lineDiff(
        expected: before.apply { expandedDump(state) },
        actual: after.apply { expandedDump(state) }
      )
      .map { TestFailures.unassertedSharedChanges(diff: formatted($0)) }
      ?? TestFailures.unassertedSharedChangesOutsideState(tracker.changes(after: step))
    recordTestFailure(
      message, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
    tracker.settle(through: .max)
  }
}
