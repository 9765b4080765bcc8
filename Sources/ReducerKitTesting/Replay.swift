import ReducerKit

/// Replays a recorded session as a test: feeds the recorded actions, in order, to the reducer
/// `reducer` builds, starting from the recording's initial state, and fails at the first step
/// whose state differs from the one recorded, naming the step and showing the diff.
///
/// ```swift
/// @Test func theRecordedSessionStillBehaves() async throws {
///   let recording = try SessionRecording<Feature.State, Feature.Action>(contentsOf: fixture)
///   await replay(recording) { Feature() }
/// }
/// ```
///
/// Effects are not run: the actions they sent were recorded as steps of their own and are fed
/// in the order they were reduced. The reducer runs with the test's dependencies, as in a
/// `TestStore`; a reducer that reads a dependency to decide its state (a UUID, a date) needs
/// the values it had when recording, set in `prepareDependencies`.
///
/// - Parameters:
///   - recording: A session recorded with ``Store/startRecording(limit:)``, often read from a
///     file with `SessionRecording(contentsOf:)`.
///   - prepareDependencies: Changes to the test's dependencies.
///   - reducer: The feature to replay the session on.
/// - Returns: Whether every step left the recorded state.
@MainActor
@discardableResult
public func replay<State: Equatable, Action, R: Reducer<State, Action>>(
  _ recording: SessionRecording<State, Action>,
  withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  @ReducerBuilder<State, Action> _ reducer: () -> R
) async -> Bool {
  replaySteps(
    recording, prepareDependencies: prepareDependencies,
    site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), reducer)
}

/// Replays a recorded session of `Codable` states and actions as a test, as the other
/// `replay(_:withDependencies:_:)` does, from a copy holding the states' `@Shared` values by
/// value (as a recording read from a file does): the replay changes none of the recorded
/// session's shared values, and each step's shared values compare as they were right after it.
@MainActor
@discardableResult
public func replay<State: Equatable & Codable, Action: Codable, R: Reducer<State, Action>>(
  _ recording: SessionRecording<State, Action>,
  withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  @ReducerBuilder<State, Action> _ reducer: () -> R
) async -> Bool {
  // NB: a value that throws while it encodes leaves the recording as it is.
  replaySteps(
    (try? recording.byValue()) ?? recording, prepareDependencies: prepareDependencies,
    site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column), reducer)
}

@MainActor
private func replaySteps<State: Equatable, Action, R: Reducer<State, Action>>(
  _ recording: SessionRecording<State, Action>,
  prepareDependencies: (inout DependencyValues) -> Void,
  site: CallSite,
  _ reducer: () -> R
) -> Bool {
  let steps = recording.steps
  guard !steps.isEmpty else {
    recordTestFailure(
      """
      "replay" was given a recording without steps: it has nothing to check.

      Record a session first: "store.startRecording()", then the actions, then \
      "recording.stop()".
      """, at: site)
    return false
  }
  var dependencies = DependencyValues.current
  dependencies.context = .test
  dependencies = dependencies.forNewStore()
  DependencySetting.run { prepareDependencies(&dependencies) }
  let reducer = withDependencies {
    $0 = dependencies
  } operation: {
    reducer()
  }
  var state = recording.initialState
  let divergence: (SessionStep<State, Action>, State)? = withUnsafePointer(
    to: &dependencies
  ) { pointer in
    DependencyValues.withFrame(pointer) {
      for step in steps {
        // NB: the effect is dropped unstarted: what it sent is among the recorded steps.
        _ = reducer.reduce(into: &state, action: step.action)
        if state != step.state { return (step, state) }
      }
      return nil
    }
  }
  guard let (step, replayed) = divergence else { return true }
  let stateDiff = diff(step.state, replayed) ?? "(the dumps are identical; == tells them apart)"
  recordTestFailure(
    """
    "replay" found step \(step.index) of the recording different: the reducer left another \
    state than the one recorded.

      Step \(step.index) (\(step.origin)):
    \(customDump(step.action, indent: 4))

      State (− recorded, + replayed):
    \(indent(stateDiff))

    The reducer no longer does what it did when the session was recorded. If the change is \
    intended, record the session again; if not, the diff shows what it broke. The steps after \
    this one were not replayed.
    """, at: site)
  return false
}
