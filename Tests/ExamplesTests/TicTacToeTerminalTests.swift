import Foundation
import ReducerKit
import Testing
import TicTacToeExample

/// `swift run tictactoe`: the terminal in process, with the demo server's waits on an immediate
/// clock, and the built executable once, end to end.
@MainActor
@Suite struct TicTacToeTerminalTests {
  private func play(_ lines: [String]) async -> [String] {
    let output = LockIsolated<[String]>([])
    let terminal = TicTacToeTerminal(
      write: { line in output.withValue { $0.append(line) } },
      dependencies: {
        $0.authenticationClient = .liveValue
        $0.continuousClock = ImmediateClock()
      })
    terminal.start()
    for line in lines {
      guard await terminal.handle(line) else { break }
    }
    return output.value
  }

  @Test func logsInWithASecondFactorAndPlaysAGameToAWin() async {
    let output = await play([
      "login blob@example.com wrong",
      "login 2fa@example.com password",
      "code 1111",
      "code 1234",
      "play Blob Blobby",
      "1 1", "2 1", "1 2", "2 2", "1 3",
      "2 3",
    ])
    #expect(
      output.prefix(9) == [
        #"Tic-tac-toe. Type "help" for the commands of each screen."#,
        "[log in] login <email> <password>",
        "! Unknown user or wrong password.",
        "[log in] login <email> <password>",
        "[second factor] code <digits> | cancel",
        "! Wrong two-factor code.",
        "[second factor] code <digits> | cancel",
        "[new game] play <X's name> <O's name> | logout",
        ". . .\n. . .\n. . .",
      ])
    #expect(output.contains("[game] Blob to play (X) | <row> <column> | again | quit"))
    #expect(output.contains("[game] Blobby to play (O) | <row> <column> | again | quit"))
    // The fifth move wins the top row; the board then takes no more marks.
    #expect(
      output.suffix(4) == [
        "X X X\nO O .\n. . .", "[game] Winner! Congrats Blob! | <row> <column> | again | quit",
        "X X X\nO O .\n. . .", "[game] Winner! Congrats Blob! | <row> <column> | again | quit",
      ])
  }

  @Test func quittingAGameAndLoggingOutGoBackAScreenEach() async {
    let output = await play([
      "login blob@example.com password", "play A B", "2 2", "again", "quit", "logout",
    ])
    #expect(
      output.suffix(6) == [
        ". . .\n. X .\n. . .", "[game] B to play (O) | <row> <column> | again | quit",
        ". . .\n. . .\n. . .", "[game] A to play (X) | <row> <column> | again | quit",
        "[new game] play <X's name> <O's name> | logout",
        "[log in] login <email> <password>",
      ])
  }

  @Test func explainsWhatEachScreenTakes() async {
    let output = await play([
      "play A B", "login 2fa@example.com password", "login x y", "cancel", "login a@b.c password",
      "logout now", "play A B", "4 1", "x", "exit", "help",
    ])
    #expect(output.contains(#"error: To log in, type "login <email> <password>"."#))
    #expect(output.contains(#"error: On the second factor, type "code <digits>" or "cancel"."#))
    #expect(output.contains(#"error: Type "play <X's name> <O's name>" or "logout"."#))
    #expect(
      output.filter {
        $0 == #"error: Type a row and a column, each 1 to 3 ("2 3"), "again" or "quit"."#
      }.count == 2)
    // "exit" ends the session: "help" after it is never read.
    #expect(!output.contains { $0.hasPrefix("Logging in:") })
  }

  @Test func theExecutableReadsCommandsFromStandardInput() throws {
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("tictactoe")
    #expect(FileManager.default.fileExists(atPath: executable.path), "build the tictactoe target")
    let process = Process()
    process.executableURL = executable
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    stdin.fileHandleForWriting.write(Data("help\nplay A B\nexit\n".utf8))
    try stdin.fileHandleForWriting.close()
    let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(output.contains("Logging in: login <email> <password>"))
    #expect(output.contains(#"error: To log in, type "login <email> <password>"."#))
  }
}
