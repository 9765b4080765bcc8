import ReducerKit

/// The texts of test store failures: a headline naming the API, the values involved, what to do.
enum TestFailures {
  static let exhaustivityHint =
    #"To assert only some of it, set "store.exhaustivity = .off"."#

  static func mismatch(api: String, diff: String, exhaustive: Bool = true) -> String {
    exhaustive
      ? """
      "\(api)" changed state differently than the assertion expected.

      \(diff)

      The assertion builds the expected state from the state before the action. Change it to \
      match what the reducer did, or fix the reducer. \(exhaustivityHint)
      """
      : """
      "\(api)" changed state differently than the assertion expected.

      \(diff)

      Non-exhaustively, the assertion is applied to the state the reducer produced, and only \
      what it sets is checked: a value it sets differs. Change it to match what the reducer \
      did, or fix the reducer.
      """
  }

  static func unexpectedChange(api: String, diff: String) -> String {
    """
    "\(api)" changed state, but the test expected no change.

    \(diff)

    Pass a trailing closure that makes these changes, for example \
    "await store.send(.incrementTapped) { $0.count = 1 }". \(exhaustivityHint)
    """
  }

  static func noChange(api: String) -> String {
    """
    "\(api)" was expected to change state, but no change occurred.

    The trailing closure did not change the state, and neither did the reducer. If no change \
    is expected, drop the trailing closure.
    """
  }

  static func unassertedSharedChanges(diff: String) -> String {
    """
    The test ended with shared state changed after the last assertion.

    \(diff)

    An effect changed shared state without sending an action afterwards. Assert the change at \
    the end of the test with "store.assert { $0.$value.withLock { … } }".
    """
  }

  static func unassertedSharedChangesOutsideState(
    _ changes: [(name: String, before: String, after: String)]
  ) -> String {
    let list = changes.map { "  \(describe($0.name)): \($0.before) → \($0.after)" }
      .joined(separator: "\n")
    return """
      The test ended with shared state changed after the last assertion, in values the state no \
      longer holds:

      \(list)

      An effect changed them without sending an action afterwards. Assert the change at the end \
      of the test through a holder of your own, for example "store.assert { _ in \
      $count.withLock { $0 = 1 } }", or set "store.exhaustivity = .off".
      """
  }

  /// A shared value's name in a message: its key, or what it is when it has none.
  private static func describe(_ name: String) -> String {
    name == "value" ? "a value shared without a key" : name
  }

  static func sharedValuesMismatch(
    _ mismatches: [(name: String, expected: String, actual: String)]
  ) -> String {
    let list = mismatches.map {
      "  \(describe($0.name)): expected \($0.expected), is \($0.actual)"
    }
    .joined(separator: "\n")
    return """
      "assert" expected other values of shared values the state does not hold:

      \(list)

      Change the assertion to match them, or fix the code that changed them.
      """
  }

  static func sendAfterDismissal(_ action: Any) -> String {
    """
    "send" was called on a test store whose feature had dismissed itself; the action was not \
    sent.

      Action:
    \(customDump(action, indent: 4))

    The root feature called "dismiss()", which ends the store: its effects were cancelled and it \
    takes no more actions. Check "store.isDismissed" and end the test there, or override \
    "dismiss" in the store's dependencies to observe it instead.
    """
  }

  static func pendingReceived(api: String, actions: [Any]) -> String {
    """
    "\(api)" was called with \(count(actions.count, "received action")) not yet asserted.

      Unasserted:
    \(list(actions))

    Assert them first with "await store.receive(…)", or skip them with \
    "await store.skipReceivedActions()". To skip actions a test does not care about, set \
    "store.exhaustivity = .off".
    """
  }

  static func skippedReceived(_ actions: [Any]) -> String {
    """
    Skipped \(count(actions.count, "received action")):
    \(list(actions))
    """
  }

  static func list(_ values: [Any]) -> String {
    values.map { customDump($0, indent: 4) }.joined(separator: "\n")
  }

  static func count(_ number: Int, _ noun: String) -> String {
    number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
  }

  /// Effects in flight, with the action that started each and where it was created.
  static func effects(_ entries: [EffectEntry]) -> String {
    entries.map { entry in
      let origin = entry.origin.map { customDump($0, indent: 6) } ?? "      (unknown)"
      let site = entry.site.map { "\n      created at \($0.fileID):\($0.line)" } ?? ""
      return "    started by:\n\(origin)\(site)"
    }.joined(separator: "\n")
  }

  static let effectsHint = """
    An effect may be waiting for time to pass: advance the clock it sleeps on \
    ("await clock.advance(by: …)"). If it needs longer, raise the timeout. If it should not \
    run at all, cancel it, or skip it with "await store.skipInFlightEffects()".
    """

  static func assertMismatch(diff: String) -> String {
    """
    "assert" expected a different state.

    \(diff)

    Change the assertion to match the state, or fix the code that produced it.
    """
  }

  static func skippedChange(api: String, diff: String) -> String {
    """
    "\(api)" changed state that the assertion did not mention (skipped):

    \(diff)
    """
  }

  static func finishTimedOut(after limit: Duration, running: [EffectEntry]) -> String {
    """
    "finish" timed out after \(limit) with effects still running.

      Effects still running (\(running.count)):
    \(effects(running))

    Every effect must finish before a test ends. \(effectsHint)
    """
  }

  static func nothingToSkip(call: String, what: String) -> String {
    """
    "\(call)" found no \(what) to skip.

    Drop the call, or pass "strict: false" if there may be none.
    """
  }

  static func releasedWithEffects(_ running: [EffectEntry]) -> String {
    """
    The test store was released with \(count(running.count, "effect")) still running.

      Effects still running:
    \(effects(running))

    Every effect must finish before a test ends: await it with "await store.finish()" (or \
    "await task.finish()" on the task "send" returned), or cancel it. To let effects run \
    past the end of a test, skip them with "await store.skipInFlightEffects()".
    """
  }

  static func unassertedReceived(_ actions: [Any]) -> String {
    """
    The test ended with \(count(actions.count, "received action")) not asserted.

      Unasserted:
    \(list(actions))

    Assert them with "await store.receive(…)", or skip them with \
    "await store.skipReceivedActions()".
    """
  }

  /// `heading`, then the difference of two values (or, without a heading, the difference alone).
  static func difference(_ heading: String?, expected: Any, actual: Any) -> String {
    guard let heading else {
      return """
        \(indent(diff(expected, actual) ?? ""))

        (Expected: −, Actual: +)
        """
    }
    return """
      \(heading)

      \(indent(diff(expected, actual) ?? "(dumps identically)"))

      (Expected: −, Actual: +)
      """
  }

  static func patternNamesNoCase(
    _ pattern: String, type: String, name: String, cases: [String]
  ) -> String {
    """
    "receive" was given the case pattern \(pattern), which names no case of \(type): \
    there is no ".\(name)".

      Cases of \(type):
    \(cases.map { "    .\($0)" }.joined(separator: "\n"))

    Check the spelling against the cases above: each step of a pattern names a case of the \
    enum reached so far, outermost first.
    """
  }

  static func nothingToReceive(expected: String, outcome: String) -> String {
    """
    "receive" expected \(expected), but \(outcome) and no effects are running.

    Check that the action expected to produce it returns an effect that sends it.
    """
  }

  static func receiveTimedOut(
    expected: String, after limit: Duration, running: [EffectEntry]
  ) -> String {
    """
    "receive" expected \(expected), but none arrived within \(limit).

      Effects still running (\(running.count)):
    \(effects(running))

    \(effectsHint)
    """
  }

  static func receivedAnother(expected: String, action: Any, why explanation: String) -> String {
    """
    "receive" expected \(expected), but received:

    \(customDump(action, indent: 4))

    \(explanation)

    Received actions are asserted in the order they arrive: assert this one first, or skip \
    it with "await store.skipReceivedActions()". To skip actions a test does not care \
    about, set "store.exhaustivity = .off".
    """
  }

  static func unbuildablePattern(_ pattern: String, reason: String) -> String {
    """
    "send" could not build an action from \(pattern): nothing was sent.

    \(reason)
    """
  }

  static let parallelExecutorRequested = """
    "useMainSerialExecutor = false" has no effect: a test store always runs its effects \
    serially, on an executor of its own.

    To test code that races on the global executor, drive it outside a test store.
    """

  static func taskFinishTimedOut(after limit: Duration) -> String {
    """
    "TestStoreTask.finish" timed out after \(limit) with effects still running.

    \(effectsHint)
    """
  }
}
