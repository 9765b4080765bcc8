import ReducerKit

extension TestStore {
  /// Receives the next action an effect sent, matching it by case, and asserts how the state
  /// changed.
  ///
  /// ```swift
  /// await store.receive(\.internal.factResponse) {
  ///   $0.isLoadingFact = false
  /// }
  /// ```
  ///
  /// Waits up to `timeout` (default ``timeout``) for the action to arrive.
  public func receive(
    _ pattern: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let casePattern = CasePattern(pattern)
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard checkSpelling(of: casePattern, at: site) else { return }
    await receive(
      { "an action matching \(casePattern)" },
      match: { action in
        switch casePattern.match(action) {
        case .matched: .match
        case .mismatch(let mismatch): .mismatch(explain(mismatch, of: casePattern, in: action))
        }
      },
      timeout: timeout, update: updateStateToExpectedResult,
      at: site
    )
  }

  /// Receives the next action, matching it by case and by the innermost payload.
  ///
  /// ```swift
  /// await store.receive(\.internal.factResponse.success, "0 is a good number") {
  ///   $0.fact = "0 is a good number"
  /// }
  /// ```
  public func receive<Value: Equatable>(
    _ pattern: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    _ value: Value,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let casePattern = CasePattern(pattern)
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard checkSpelling(of: casePattern, at: site) else { return }
    await receive(
      { "an action matching \(casePattern) with \(customDump(value))" },
      match: { action in
        switch casePattern.match(action) {
        case .mismatch(let mismatch):
          return .mismatch(explain(mismatch, of: casePattern, in: action))
        case .matched(let payload):
          if let payload = payload as? Value {
            guard payload != value else { return .match }
            return payloadDiffers(casePattern, expected: value, actual: payload)
          }
          // A literal for a payload of another type (`1` for a `TimeInterval` or a stack
          // element id, `[0]` for an `IndexSet`).
          if let payload, let literal = literalValue(value, as: type(of: payload)),
            let expected = literal as? any Equatable
          {
            func isPayload<Literal: Equatable>(_ literal: Literal) -> Bool {
              payload as? Literal == literal
            }
            guard !isPayload(expected) else { return .match }
            return payloadDiffers(casePattern, expected: literal, actual: payload)
          }
          return .mismatch(
            "The payload at \(casePattern) is \(customDump(payload as Any)), not of type \(Value.self)."
          )
        }
      },
      timeout: timeout, update: updateStateToExpectedResult,
      at: site
    )
  }

  /// The mismatch of a payload that is not the expected one, as a diff.
  private func payloadDiffers(
    _ pattern: CasePattern<Action>, expected: Any, actual: Any
  ) -> ReceiveMatch {
    .mismatch(
      TestFailures.difference(
        "The payload at \(pattern) differs:", expected: expected, actual: actual))
  }

  /// Receives the next action, which must equal `expectedAction`.
  ///
  /// ```swift
  /// await store.receive(.internal(.timerTicked)) { $0.seconds = 1 }
  /// ```
  public func receive(
    _ expectedAction: Action,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      { customDump(expectedAction) },
      match: { action in
        action == expectedAction
          ? .match
          : .mismatch(TestFailures.difference(nil, expected: expectedAction, actual: action))
      },
      timeout: timeout, update: updateStateToExpectedResult,
      at: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// Receives the next action, which must satisfy `predicate`.
  ///
  /// ```swift
  /// await store.receive(where: { if case .internal(.saved) = $0 { true } else { false } })
  /// ```
  // NB: disfavored, so that a trailing closure (`store.receive { … }`) picks the unlabelled
  // overload, which does the same, rather than being ambiguous between the two.
  @_disfavoredOverload
  public func receive(
    where predicate: (Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      { "an action satisfying the predicate" },
      match: { predicate($0) ? .match : .mismatch("The predicate returned false for it.") },
      timeout: timeout, update: updateStateToExpectedResult,
      at: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// ``receive(where:timeout:assert:fileID:filePath:line:column:)`` without the label, as TCA
  /// spells it: `await store.receive({ $0 == .saved }) { $0.isSaving = false }`.
  public func receive(
    _ isMatching: (Action) -> Bool,
    timeout: Duration? = nil,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      where: isMatching, timeout: timeout, assert: updateStateToExpectedResult, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Fails, and returns `false`, when `pattern` names a case its enum does not have.
  func checkSpelling(of pattern: CasePattern<Action>, at site: SourceSite) -> Bool {
    guard let problem = pattern.problem() else { return true }
    fail(
      TestFailures.patternNamesNoCase(
        "\(pattern)", type: problem.type, name: problem.name, cases: problem.cases),
      at: site)
    return false
  }

  func receive(
    _ describe: () -> String,
    match: (Action) -> ReceiveMatch,
    timeout: Duration?,
    update: ((inout State) throws -> Void)?,
    at site: SourceSite
  ) async {
    let limit = timeout ?? self.timeout
    let deadline = ContinuousClock.now + limit
    var drains = 0
    while true {
      if exhaustivity == .on, recorder.hasReceived { break }
      if exhaustivity != .on, recorder.firstReceivedIndex(where: { match($0) == .match }) != nil {
        break
      }
      guard registry.hasInFlight else {
        let outcome =
          recorder.hasReceived ? "none of the received actions matched" : "none was received"
        fail(TestFailures.nothingToReceive(expected: describe(), outcome: outcome), at: site)
        return
      }
      guard await recorder.changes.wait(until: deadline, draining: executor, drains: &drains)
      else {
        fail(
          TestFailures.receiveTimedOut(
            expected: describe(), after: limit, running: registry.inFlight),
          at: site)
        return
      }
    }
    if exhaustivity != .on, let index = recorder.firstReceivedIndex(where: { match($0) == .match })
    {
      skipReceived(first: index, at: site)
    }
    var after = knownState
    var step = 0
    let action = recorder.takeFirstReceived(state: &after, step: &step)
    if case .mismatch(let explanation) = match(action) {
      fail(
        TestFailures.receivedAnother(expected: describe(), action: action, why: explanation),
        at: site)
      advanceKnownState(to: after, step: step)
      return
    }
    assertStateChange(
      api: "receive", before: knownState, after: after, step: step, update: update, at: site)
    advanceKnownState(to: after, step: step)
    await settleEffects()
  }
}

extension TestStore {
  /// Skips the first `count` received actions (non-exhaustive: they did not match), noting them
  /// when asked to, and moves past them.
  ///
  /// NB: out of line: unspecialized, the received actions' tuple and its optional are looked up
  /// on entry to the function that handles them, which would make every `receive` pay.
  @inline(never)
  func skipReceived(first count: Int, at site: SourceSite) {
    let skipped = recorder.removeReceived(first: count)
    if case .off(true) = exhaustivity, !skipped.isEmpty {
      note(TestFailures.skippedReceived(skipped.map(\.action)), at: site)
    }
    if let last = skipped.last { advanceKnownState(to: last.state, step: last.step) }
  }
}

enum ReceiveMatch: Equatable {
  case match
  case mismatch(String)
}

/// `text` with every line indented by four spaces, as failure messages nest a dump or a diff.
func indent(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }
    .joined(separator: "\n")
}

/// Why an action did not match a case pattern, and which cases it does hold.
private func explain<Action>(
  _ mismatch: CasePatternMismatch, of pattern: CasePattern<Action>, in action: Action
) -> String {
  let held = nestedCaseNames(of: action).map { ".\($0)" }.joined(separator: " → ")
  let step = pattern.steps[mismatch.step]
  let expected: String =
    switch step {
    case .name(let name): ".\(name)"
    case .id(let id): "[id: \(customDump(id.base))]"
    }
  switch mismatch.reason {
  case .noSuchCase(let type, let cases):
    return """
      "\(type)" has no case "\(expected.dropFirst())"; its cases are: \
      \(cases.joined(separator: ", ")). The received action's cases are: \(held).
      """
  case .differentCase(let found):
    return
      "Where the pattern expects \(expected), the action holds .\(found) (its cases are: \(held))."
  case .differentID(let found):
    return "Where the pattern expects \(expected), the action is for id \(found)."
  case .notAnEnum:
    return "The action's cases end before \(expected) (its cases are: \(held))."
  }
}
