#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  /// `swift run todos`, end to end: the built executable, commands piped to its standard input.
  @Suite struct TodosTerminalTests {
    private func run(_ input: String, file: URL) throws -> String {
      try runTerminalApp("todos", input: input, environment: ["TODOS_FILE": file.path])
    }

    private func temporaryFile() -> URL {
      FileManager.default.temporaryDirectory
        .appendingPathComponent("todos-\(UUID().uuidString)/todos.json")
    }

    @Test func addsCompletesAndPersists() throws {
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
      #expect(
        lines.contains { $0.hasPrefix(#"error: Unknown command "frobnicate". Commands: add"#) })
      #expect(
        lines.contains(#"error: There is no todo 3: the list is empty. "add <title>" adds one."#))
      #expect(lines.contains(#"error: "add" needs a title, as in "add milk"."#))
      #expect(lines.contains("error: There is no row 9 to move to: the list has 1."))
      #expect(lines.contains(#"error: "move" needs two row numbers, as in "move 3 1"."#))
      #expect(lines.filter { $0 == "Delete “bread”? [y/N]" }.count == 2)
      // Undo brings "bread" back, then removes it again, then has nothing left.
      #expect(
        lines.suffix(4) == ["Todos:", "1. [ ] bread", "No todos.", "error: Nothing to undo."])
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

    /// A command typed at a `[y/N]` question answers it "no", says so, and runs.
    @Test func aCommandTypedAtAQuestionKeepsTheTodoAndRuns() throws {
      let file = temporaryFile()
      defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
      let output = try run("add bread\ndelete 1\nundo\nlist\n", file: file)
      #expect(
        output.hasSuffix(
          """
          Delete “bread”? [y/N]
          "undo" is not y or n: taken as no, and run as a command.
          No todos.
          No todos.

          """), "\(output)")
      // "bread" was not deleted: the typed "undo" took back its adding, then "list" ran.
    }

    @Test func clearWithNothingDoneSaysSo() throws {
      let file = temporaryFile()
      defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
      let output = try run("add tea\nclear\n", file: file)
      #expect(
        output.hasSuffix(
          """
          error: Nothing to clear: no todo is done. "done <n>" marks todo n done.

          """), "\(output)")
    }

    /// Undo after an edit takes back the edit alone, not the change before it.
    @Test func undoAfterAnEditRevertsOnlyTheEdit() throws {
      let file = temporaryFile()
      defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
      let output = try run("add tea\nadd jam\nedit 1 green tea\nundo\n", file: file)
      #expect(output.hasSuffix("Todos:\n1. [ ] tea\n2. [ ] jam\n"), "\(output)")
    }

    /// Under a filter, a missing row number names the filter instead of calling the list empty.
    @Test func aRowMissingUnderAFilterNamesTheFilter() throws {
      let file = temporaryFile()
      defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
      let output = try run("add tea\nadd jam\nfilter completed\ndone 1\n", file: file)
      #expect(
        output.hasSuffix(
          """
          error: There is no todo 1 under the completed filter: it shows 0 of 2. "filter all" \
          shows them all.

          """), "\(output)")
    }

    /// What a user typed is echoed with its control characters escaped, and blank lines are
    /// ignored (no output at all), as in the toolshed app.
    @Test func controlCharactersAreEscapedAndBlankLinesIgnored() throws {
      let file = temporaryFile()
      defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
      let output = try run("\n   \n\u{1B}[2Jwipe\u{7}\n", file: file)
      let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count == 4, "\(output)")  // the greeting, the list, the error, the end
      #expect(lines[2].hasPrefix(#"error: Unknown command "\u{1B}[2Jwipe\u{7}". Commands: add"#))
      #expect(!output.contains("\u{1B}"))
    }
  }
#endif
