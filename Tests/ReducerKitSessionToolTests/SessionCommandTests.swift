import Foundation
import ReducerKit
import Testing

/// A feature whose sessions are recorded to files for the command to read.
struct Tally: Reducer {
  struct State: Equatable, Codable, Sendable {
    var count = 0
    var label = ""
  }
  enum Action: Equatable, Codable, Sendable {
    case add(Int)
    case rename(String)
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let amount): state.count += amount
    case .rename(let label): state.label = label
    }
    return .none
  }
}

/// `reducerkit-session test FILE`: the test a recording's file keeps, put together without the
/// feature's types, the same as the recording's own `testSource`.
@MainActor
@Suite struct SessionCommandTests {
  #if os(macOS) || os(Linux)
    /// Runs the built `reducerkit-session` with `arguments`; what it printed and its status.
    func run(_ arguments: [String]) throws -> (output: String, errors: String, status: Int32) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        .deletingLastPathComponent().appendingPathComponent("reducerkit-session")
      process.arguments = arguments
      let (output, errors) = (Pipe(), Pipe())
      process.standardOutput = output
      process.standardError = errors
      try process.run()
      let printed = output.fileHandleForReading.readDataToEndOfFile()
      let reported = errors.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (
        String(decoding: printed, as: UTF8.self), String(decoding: reported, as: UTF8.self),
        process.terminationStatus
      )
    }

    func folder() throws -> URL {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("SessionCommandTests-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      return folder
    }

    @Test func writesTheRecordedSessionsTestWholeOrFromAStep() throws {
      let store = Store(initialState: Tally.State()) { Tally() }
      let recording = store.startRecording()
      store.send(.add(2))
      store.send(.rename("apples"))
      store.send(.add(3))
      recording.stop()
      let folder = try folder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let file = folder.appendingPathComponent("session.json")
      try recording.write(to: file)

      let whole = try run(["test", file.path])
      #expect(whole.status == 0)
      #expect(whole.errors == "")
      #expect(
        whole.output
          == recording.testSource(
            feature: "Tally()", initialState: "Tally.State()",
            imports: ["ReducerKitSessionToolTests"]))

      let written = folder.appendingPathComponent("TallyTests.swift")
      let fromStep = try run([
        "test", file.path, "--from-step", "2", "--name", "addingThree", "--output", written.path,
      ])
      #expect(fromStep.status == 0)
      let source = try String(contentsOf: written, encoding: .utf8)
      #expect(
        source
          == recording.testSource(
            named: "addingThree", feature: "Tally()", initialState: "Tally.State()",
            fromStep: 2, imports: ["ReducerKitSessionToolTests"]))
      #expect(
        source.contains(
          """
            var state = Tally.State()

            // The state steps 0…1 left.
            state.count = 2
            state.label = "apples"

            // Step 2, sent from outside the store.
            _ = feature.reduce(into: &state, action: .add(3))
            #expect(state.count == 5)
          }
          """))
    }

    @Test func saysWhatIsWrongWithTheCommandLineOrTheFile() throws {
      let folder = try folder()
      defer { try? FileManager.default.removeItem(at: folder) }
      let notes = folder.appendingPathComponent("notes.json")
      try Data(#"{"title": "not a session"}"#.utf8).write(to: notes)

      let notARecording = try run(["test", notes.path])
      #expect(notARecording.status == 1)
      #expect(
        notARecording.errors
          == "error: \(notes.path) is not a ReducerKit session recording (written by "
          + "\"recording.write(to:)\").\n")

      for (arguments, reason) in [
        (["replay", notes.path], #"unknown command "replay"; the command is "test""#),
        (["test"], "no recording file given"),
        (
          ["test", notes.path, "--from-step", "two"],
          #"--from-step takes a step's index, a whole number; read "two""#
        ),
        (["test", notes.path, "--fast"], #"unknown option "--fast""#),
      ] {
        let result = try run(arguments)
        #expect(result.status == 2)
        #expect(result.errors.hasPrefix("error: \(reason)\nusage: reducerkit-session test FILE"))
      }
    }
  #endif
}
