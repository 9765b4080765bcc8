import Foundation
import Testing
import TodosExample

/// `swift run todos`, end to end: the built executable, commands piped to its standard input.
@Suite struct TodosTerminalTests {
  /// The `todos` executable, built next to this test binary.
  private var executable: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("todos")
  }

  private func run(_ input: String, file: URL) throws -> String {
    let process = Process()
    process.executableURL = executable
    var environment = ProcessInfo.processInfo.environment
    environment["TODOS_FILE"] = file.path
    process.environment = environment
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: output, as: UTF8.self)
  }

  private func temporaryFile() -> URL {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("todos-\(UUID().uuidString)/todos.json")
  }

  @Test func addsCompletesAndPersists() throws {
    #expect(FileManager.default.fileExists(atPath: executable.path), "build the todos target")
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let output = try run("add milk\nadd eggs\ndone 1\nquit\n", file: file)
    #expect(
      output == """
        Todos (\(file.path)). Type "help" for the commands.
        No todos.
        Todos:
        1. [ ] milk
        Todos:
        1. [ ] milk
        2. [ ] eggs
        Todos:
        1. [ ] eggs
        2. [x] milk

        """)

    // A second run starts from what the first one saved.
    let again = try run("list\n", file: file)
    #expect(again.contains("Todos:\n1. [ ] eggs\n2. [x] milk\n"))
  }

  @Test func explainsBadCommandsAndConfirmsDeletion() throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let output = try run(
      "frobnicate\ndone 3\nadd\nadd bread\nmove 1 9\nmove 1\ndelete 1\nn\ndelete 1\nyes\nundo\nundo\nundo\n",
      file: file)
    let lines = output.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix(#"error: Unknown command "frobnicate". Commands: add"#) })
    #expect(lines.contains("error: There is no todo 3: the list is empty."))
    #expect(lines.contains(#"error: "add" needs a title, as in "add milk"."#))
    #expect(lines.contains("error: There is no row 9 to move to: the list has 1."))
    #expect(lines.contains(#"error: "move" needs two row numbers, as in "move 3 1"."#))
    #expect(lines.filter { $0 == "Delete “bread”? [y/N]" }.count == 2)
    // Undo brings "bread" back, then removes it again, then has nothing left.
    #expect(lines.suffix(4) == ["Todos:", "1. [ ] bread", "No todos.", "error: Nothing to undo."])
  }

  /// Under a filter, both numbers of "move" are rows of the filtered list.
  @Test func movesRowsOfTheFilteredList() throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    // After the two toggles: c, b (done), a (done); the completed filter shows b, a, and moving
    // its row 2 to its row 1 puts a before b (not at the top of the whole list).
    let output = try run(
      "add a\nadd b\nadd c\ndone 1\ndone 1\nfilter completed\nmove 2 1\nfilter all\n",
      file: file)
    #expect(output.hasSuffix("1. [ ] c\n2. [x] a\n3. [x] b\n"), "\(output)")
  }

  @Test func aCorruptFileIsKeptAndTheListStartsEmpty() throws {
    let file = temporaryFile()
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("not json".utf8).write(to: file)
    let output = try run("quit\n", file: file)
    #expect(output.hasPrefix("error: could not read \(file.path)"))
    #expect(output.contains("It was copied to \(file.path).corrupt."))
    #expect(FileManager.default.fileExists(atPath: file.path + ".corrupt"))
  }
}
