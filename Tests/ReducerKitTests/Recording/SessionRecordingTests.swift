import ReducerKit
import Testing

/// A feature whose actions come from everywhere a recording tells apart: the outside, a
/// reducer's `.send`, and effects.
struct RecordedCounter: Reducer {
  struct State: Equatable, Sendable, Codable {
    var count = 0
    var loaded: Int?
  }
  enum Action: Equatable, Sendable, Codable {
    case view(View)
    case `internal`(Internal)
    case delegate(Delegate)

    enum View: Equatable, Sendable, Codable {
      case incrementTwice
      case load
      case startWaiting
      case stopWaiting
    }
    enum Internal: Equatable, Sendable, Codable {
      case increment
      case loaded(Int)
    }
    enum Delegate: Equatable, Sendable, Codable {
      case reachedTwo
    }
  }
  enum CancelID: Hashable, Sendable { case wait }

  let gate: Gate

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .view(.incrementTwice):
      return .merge(.send(.internal(.increment)), .send(.internal(.increment)))
    case .view(.load):
      return .run { send in await send(.internal(.loaded(42))) }
    case .view(.startWaiting):
      return .run { [gate] _ in await gate.wait() }.cancellable(id: CancelID.wait)
    case .view(.stopWaiting):
      return .cancel(id: CancelID.wait)
    case .internal(.increment):
      state.count += 1
      return state.count == 2 ? .send(.delegate(.reachedTwo)) : .none
    case .internal(.loaded(let value)):
      state.loaded = value
      return .none
    case .delegate:
      return .none
    }
  }
}

@MainActor
@Suite struct SessionRecordingTests {
  @Test func recordsEachActionWithItsOriginCategoryAndState() async {
    let store = Store(initialState: RecordedCounter.State()) { RecordedCounter(gate: Gate()) }
    let recording = store.startRecording()
    store.send(.view(.incrementTwice))
    await store.send(.view(.load)).finish()
    recording.stop()

    let steps = recording.steps
    #expect(steps.map(\.index) == [0, 1, 2, 3, 4, 5])
    #expect(
      steps.map(\.action) == [
        .view(.incrementTwice), .internal(.increment), .internal(.increment),
        .delegate(.reachedTwo), .view(.load), .internal(.loaded(42)),
      ])
    #expect(steps.map(\.category) == [.view, .internal, .internal, .delegate, .view, .internal])
    #expect(steps.map(\.caseName)[0] == "view.incrementTwice")
    #expect(steps.map(\.caseName)[5] == "internal.loaded")
    #expect(steps[0].origin == .outside)
    #expect(steps[1].origin == .reducer(step: 0))
    #expect(steps[2].origin == .reducer(step: 0))
    #expect(steps[3].origin == .reducer(step: 2))
    #expect(steps[4].origin == .outside)
    guard case .effect(let id, let fileID, let line) = steps[5].origin else {
      Issue.record("step 5 came from \(steps[5].origin), not from an effect")
      return
    }
    #expect(fileID.hasSuffix("SessionRecordingTests.swift"))
    #expect(line > 0)
    #expect(id == recording.effects.first?.id)
    #expect(steps.map(\.state.count) == [0, 1, 2, 2, 2, 2])
    #expect(steps[5].state.loaded == 42)
    #expect(recording.initialState == RecordedCounter.State())
    #expect(steps.allSatisfy { $0.time >= .zero && $0.time <= recording.duration })
  }

  @Test func aStepsDiffShowsWhatItChanged() {
    let store = Store(initialState: RecordedCounter.State()) { RecordedCounter(gate: Gate()) }
    let recording = store.startRecording()
    store.send(.view(.incrementTwice))
    recording.stop()
    let steps = recording.steps
    #expect(recording.diff(steps[0]) == nil)
    let diff = recording.diff(steps[1]) ?? ""
    #expect(diff.contains("-   count: 0") || diff.contains("−   count: 0"), "\(diff)")
    #expect(diff.contains("+   count: 1"), "\(diff)")
  }

  @Test func recordsEffectsStartEndAndCancellation() async {
    let gate = Gate()
    let store = Store(initialState: RecordedCounter.State()) { RecordedCounter(gate: gate) }
    let recording = store.startRecording()
    await store.send(.view(.load)).finish()
    let waiting = store.send(.view(.startWaiting))
    store.send(.view(.stopWaiting))
    await waiting.finish()
    recording.stop()

    let effects = recording.effects
    #expect(effects.count == 2)
    #expect(effects.map(\.startedBy) == [0, 2])
    #expect(effects.map(\.ending) == [.finished, .cancelled])
    #expect(effects.allSatisfy { $0.fileID.hasSuffix("SessionRecordingTests.swift") })
    #expect(effects.allSatisfy { ($0.ended ?? .zero) >= $0.started })
  }

  @Test func anEffectStillRunningWhenTheRecordingStopsIsMarkedRunning() async {
    let gate = Gate()
    let store = Store(initialState: RecordedCounter.State()) { RecordedCounter(gate: gate) }
    let recording = store.startRecording()
    let waiting = store.send(.view(.startWaiting))
    recording.stop()
    gate.open()
    await waiting.finish()
    #expect(recording.effects.map(\.ending) == [.running])
    #expect(recording.effects.first?.ended == nil)
  }

  @Test func keepsTheLastStepsAndTheStateBeforeThem() {
    let store = Store(initialState: RecordedCounter.State()) { RecordedCounter(gate: Gate()) }
    let recording = store.startRecording(limit: 3)
    // 4 steps (the second increment sends the delegate action), then 3, then 3.
    for _ in 0..<3 { store.send(.view(.incrementTwice)) }
    recording.stop()
    let steps = recording.steps
    #expect(steps.map(\.index) == [7, 8, 9])
    #expect(
      steps.map(\.action) == [
        .view(.incrementTwice), .internal(.increment), .internal(.increment),
      ])
    #expect(recording.initialState.count == 4)
    #expect(steps.last?.state.count == 6)
    #expect(recording.diff(steps[0]) == nil)
    #expect(recording.diff(steps[1]) != nil)
  }

  @Test func stopsRecordingAndANewRecordingStopsTheOld() {
    let store = Store(initialState: RecordedCounter.State()) { RecordedCounter(gate: Gate()) }
    store.checksActionCategories = false
    let first = store.startRecording()
    store.send(.internal(.increment))
    let second = store.startRecording()
    #expect(!first.isRecording)
    store.send(.internal(.increment))
    first.stop()  // stopping the old one again leaves the new one recording
    store.send(.internal(.increment))
    second.stop()
    store.send(.internal(.increment))
    #expect(first.steps.map(\.state.count) == [1])
    // The second increment also sends the delegate action (count 2).
    #expect(second.steps.map(\.state.count) == [2, 2, 3])
    #expect(second.initialState.count == 1)
    #expect(!second.isRecording)
  }

  struct Rows: Reducer {
    struct Row: Reducer {
      struct State: Equatable, Identifiable, Sendable {
        let id: Int
        var taps = 0
      }
      enum Action: Equatable, Sendable {
        case view(View)
        enum View: Equatable, Sendable { case tapped }
      }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.taps += 1
        return .none
      }
    }
    struct State: Equatable, Sendable { var rows: IdentifiedArrayOf<Row.State> = [.init(id: 1)] }
    enum Action: Equatable, Sendable { case rows(IdentifiedActionOf<Row>) }
    var body: some ReducerOf<Self> {
      EmptyReducer().forEach(\.rows, action: \.rows) { Row() }
    }
  }

  @Test func aRowsActionIsNamedAndCategorizedThroughTheElement() {
    let store = Store(initialState: Rows.State()) { Rows() }
    let recording = store.startRecording()
    store.send(.rows(.element(id: 1, action: .view(.tapped))))
    recording.stop()
    #expect(recording.steps.map(\.caseName) == ["rows.element.view.tapped"])
    #expect(recording.steps.map(\.category) == [.view])
  }

  @Test func recordingAScopedStoreWarnsAndRecordsNothing() {
    let store = Store(initialState: RecordedCounter.State()) { RecordedCounter(gate: Gate()) }
    let scoped: Store<Int, RecordedCounter.Action.Internal> = store.scope(
      state: \.count, action: \.internal)
    let warnings = LockedState<[String]>([])
    let capture: @Sendable (RuntimeWarning) -> Void = { warning in
      warnings.withLock { $0.append(warning.message) }
    }
    let recording = RuntimeWarnings.$capture.withValue(capture) { scoped.startRecording() }
    store.checksActionCategories = false
    scoped.send(.increment)
    #expect(recording.steps.isEmpty)
    #expect(!recording.isRecording)
    #expect(warnings.withLock { $0 }.count == 1)
    #expect(warnings.withLock { $0 }.first?.contains("root store") == true)
  }
}
