import Foundation
import ReducerKit
import Testing

@MainActor
@Suite struct SessionRecordingFileTests {
  /// A file in a directory of its own, removed when `body` returns.
  func withTemporaryFile(_ body: (URL) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("SessionRecordingFileTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(directory.appendingPathComponent("session.json"))
  }

  @Test func aRecordingReadsBackAsItWasWritten() async throws {
    let store = Store(initialState: RecordedCounter.State()) { RecordedCounter(gate: Gate()) }
    let recording = store.startRecording()
    store.send(.view(.incrementTwice))
    await store.send(.view(.load)).finish()
    recording.stop()
    try withTemporaryFile { url in
      try recording.write(to: url)
      let read = try SessionRecording<RecordedCounter.State, RecordedCounter.Action>(
        contentsOf: url)
      #expect(read.steps.map(\.action) == recording.steps.map(\.action))
      #expect(read.steps.map(\.state) == recording.steps.map(\.state))
      #expect(read.steps.map(\.origin) == recording.steps.map(\.origin))
      #expect(read.steps.map(\.index) == recording.steps.map(\.index))
      #expect(read.steps.map(\.time) == recording.steps.map(\.time))
      #expect(read.effects == recording.effects)
      #expect(read.initialState == recording.initialState)
      #expect(read.duration == recording.duration)
      #expect(!read.isRecording)
      #expect(read.diff(read.steps[1]) == recording.diff(recording.steps[1]))
    }
  }

  struct Opaque: Equatable, Sendable { var value = 0 }
  struct Plain: Reducer {
    struct State: Equatable, Sendable, Codable { var value = 0 }
    enum Action: Equatable, Sendable { case set(Opaque) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .set(let opaque) = action { state.value = opaque.value }
      return .none
    }
  }

  @Test func aRecordingOfValuesThatAreNotCodableNamesTheType() throws {
    let store = Store(initialState: Plain.State()) { Plain() }
    let recording = store.startRecording()
    store.send(.set(Opaque(value: 1)))
    recording.stop()
    try withTemporaryFile { url in
      let error = #expect(throws: SessionRecordingError.self) { try recording.write(to: url) }
      #expect(error == .notCodable(String(reflecting: Plain.Action.self)))
      #expect(error?.description.contains("SessionRecordingFileTests.Plain.Action") == true)
      #expect(!FileManager.default.fileExists(atPath: url.path))
    }
  }

  @Test func aFileThatIsNotARecordingSaysSo() throws {
    try withTemporaryFile { url in
      try Data(#"{"name": "not a recording"}"#.utf8).write(to: url)
      let error = #expect(throws: SessionRecordingError.self) {
        try SessionRecording<RecordedCounter.State, RecordedCounter.Action>(contentsOf: url)
      }
      #expect(error == .notARecording(url.path))
    }
  }

  @Test func aRecordingReadAsAnotherFeatureNamesBoth() async throws {
    let store = Store(initialState: RecordedCounter.State()) { RecordedCounter(gate: Gate()) }
    let recording = store.startRecording()
    store.send(.view(.incrementTwice))
    recording.stop()
    try withTemporaryFile { url in
      try recording.write(to: url)
      let error = #expect(throws: SessionRecordingError.self) {
        try SessionRecording<Plain.State, Int>(contentsOf: url)
      }
      #expect(error?.description.contains("RecordedCounter.Action") == true)
      #expect(error?.description.contains("Swift.Int") == true)
    }
  }
}
