import ExampleTerminal
import Foundation
import ReducerKit
import ReducerKitTesting
import Testing
import TodosExample

@Suite struct SessionRecordingOptionTests {
  @Test func theOptionTakesAFile() throws {
    #expect(try SessionRecordingOption(arguments: []) == nil)
    let option = try #require(try SessionRecordingOption(arguments: ["--record", "/tmp/s.json"]))
    #expect(option.file.path == "/tmp/s.json")
    #expect(option.page.path == "/tmp/s.html")
  }

  @Test func aMistakeOnTheCommandLineSaysWhatWasExpected() {
    for arguments in [["--record"], ["--record", "--verbose"], ["--rec", "x"], ["x"]] {
      let error = #expect(throws: TerminalUsageError.self) {
        try SessionRecordingOption(arguments: arguments)
      }
      #expect(error?.description.contains("\"--record FILE\"") == true, "\(arguments)")
    }
  }
}

#if os(macOS) || os(Linux)
  @Suite struct TerminalRecordingTests {
    func temporaryDirectory() throws -> URL {
      let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("TerminalRecordingTests-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      return directory
    }

    @Test func todosRecordsItsSessionToAFileThatReplays() async throws {
      let directory = try temporaryDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let file = directory.appendingPathComponent("session.json")
      let output = try runTerminalApp(
        "todos", arguments: ["--record", file.path], input: "add milk\ndone 1\nquit\n",
        environment: ["TODOS_FILE": directory.appendingPathComponent("todos.json").path])
      // The state holds a confirmation dialog's, which is Codable: the file is written too.
      #expect(
        output.contains(
          "Recorded 3 actions: \(file.path), and its page \(file.path.dropLast(4))html."))
      let page = try String(
        contentsOf: directory.appendingPathComponent("session.html"), encoding: .utf8)
      #expect(page.contains(#""name":"view.addTapped""#))
      let recording = try SessionRecording<Todos.State, Todos.Action>(contentsOf: file)
      // NB: the app made the todo's id with the live generator; the replay makes the same one.
      let id = try #require(recording.steps.first?.state.todos.first?.id)
      let replayed = await replay(recording) {
        $0.uuid = .constant(id)
      } _: {
        Todos()
      }
      #expect(replayed)
    }

    @Test func aMistakeOnTheCommandLineStopsTheAppBeforeItStarts() throws {
      let output = try runTerminalApp(
        "toolshed", arguments: ["--record"], input: "", expectedStatus: 2)
      #expect(output.isEmpty)  // the error line goes to standard error
    }
  }
#endif
