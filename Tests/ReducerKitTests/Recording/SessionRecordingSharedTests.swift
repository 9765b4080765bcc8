import Foundation
import ReducerKit
import Testing

/// A feature whose state holds a shared value: a signature its reducer changes, and one an
/// effect changes between actions.
struct SignatureFeature: Reducer {
  struct State: Equatable, Sendable, Codable {
    @Shared var signature: String
    var drafts = 0

    init(signature: Shared<String>) {
      _signature = signature
    }
  }
  enum Action: Equatable, Sendable, Codable {
    case draft
    case sign(String)
    case signLater(String)
    case signedLater
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .draft:
      state.drafts += 1
      return .none
    case .sign(let signature):
      state.$signature.withLock { $0 = signature }
      return .none
    case .signLater(let signature):
      return .run { [shared = state.$signature] send in
        shared.withLock { $0 = signature }
        await send(.signedLater)
      }
    case .signedLater:
      return .none
    }
  }
}

@MainActor
@Suite struct SessionRecordingSharedTests {
  /// A session that signs at its second step and again, by an effect, before its fifth; the
  /// signature then changes once more after the recording stopped.
  func recordedSession() async -> SessionRecording<SignatureFeature.State, SignatureFeature.Action>
  {
    let signature = Shared(value: "before")
    let store = Store(initialState: SignatureFeature.State(signature: signature)) {
      SignatureFeature()
    }
    let recording = store.startRecording()
    store.send(.draft)
    store.send(.sign("Ada"))
    store.send(.draft)
    await store.send(.signLater("Grace")).finish()
    recording.stop()
    signature.withLock { $0 = "after" }
    return recording
  }

  @Test func eachStepReadsTheSharedValueAsItWasThen() async {
    let recording = await recordedSession()
    let signatures = recording.steps.map { step in
      recording.withSharedValues(at: step) { $0.signature }
    }
    #expect(signatures == ["before", "Ada", "Ada", "Ada", "Grace"])
    #expect(recording.withSharedValues(at: nil) { $0.signature } == "before")
  }

  @Test func theTestSourceExpectsEachSharedChangeAtItsStep() async {
    let recording = await recordedSession()
    let source = recording.testSource(
      feature: "SignatureFeature()", initialState: "SignatureFeature.State()")
    let steps = Array(source.components(separatedBy: "// Step ").dropFirst())
    #expect(steps.count == 5)
    #expect(steps[1].contains(#"#expect(state.signature == "Ada")"#), "\(source)")
    #expect(!steps[3].contains("signature"))
    #expect(steps[4].contains(#"#expect(state.signature == "Grace")"#), "\(source)")
  }

  @Test func aStepsDiffShowsTheSharedChangeItMade() async throws {
    let recording = await recordedSession()
    let diff = try #require(recording.diff(recording.steps[1]))
    #expect(diff.contains(#"−   signature: "before""#))
    #expect(diff.contains(#"+   signature: "Ada""#))
    #expect(recording.diff(recording.steps[2])?.contains("−   signature") == false)
    #expect(recording.diff(recording.steps[4])?.contains(#"+   signature: "Grace""#) == true)
  }

  /// `body`'s file, in a directory of its own removed when `body` returns.
  func withTemporaryFile<Result>(
    named name: String, _ body: (URL) throws -> Result
  ) throws -> Result {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("SessionRecordingSharedTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory.appendingPathComponent(name))
  }

  @Test func theFileHoldsEachStepsSharedValue() async throws {
    let recording = await recordedSession()
    let read = try withTemporaryFile(named: "session.json") { url in
      try recording.write(to: url)
      return try SessionRecording<SignatureFeature.State, SignatureFeature.Action>(
        contentsOf: url)
    }
    #expect(read.initialState.signature == "before")
    #expect(read.steps.map(\.state.signature) == ["before", "Ada", "Ada", "Ada", "Grace"])
  }

  @Test func thePageShowsTheSharedChangeAtItsStep() async throws {
    let recording = await recordedSession()
    let page = try withTemporaryFile(named: "session.html") { url in
      try recording.writeHTML(to: url)
      return try String(contentsOf: url, encoding: .utf8)
    }
    let start = try #require(page.range(of: #"id="session-data">"#))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    let json = Data(page[start.upperBound..<end.lowerBound].utf8)
    let data = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    let steps = try #require(data["steps"] as? [[String: Any]])
    let diffs = steps.map { $0["diff"] as? String ?? "" }
    #expect(diffs[1].contains(#"+   signature: "Ada""#), "\(diffs[1])")
    #expect(!diffs[2].contains("+   signature"))
    #expect(diffs[4].contains(#"+   signature: "Grace""#), "\(diffs[4])")
    #expect(!page.contains(#"\"after\""#))
  }
}
