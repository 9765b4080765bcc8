import ExampleTerminal
import Foundation
import ReducerKit
import Testing
import ToolshedExample

/// The toolshed terminal in process, with clients a test controls: alerts asked as questions.
@MainActor
@Suite struct ToolshedTerminalQuestionTests {
  private final class Screen {
    var lines: [String] = []
    var answers: [String] = []
    func ask() -> String? { answers.isEmpty ? nil : answers.removeFirst() }
  }

  private func terminal(_ screen: Screen, verify: @escaping @Sendable () throws -> Member)
    -> ToolshedTerminal
  {
    let sent = LockIsolated(0)
    return ToolshedTerminal(
      write: { screen.lines.append($0) },
      dependencies: {
        $0.signIn.sendCode = { email in
          sent.withValue { $0 += 1 }
          return CodeChallenge(email: email, token: "\(sent.value)")
        }
        $0.signIn.verify = { _, _ in try verify() }
        $0.lending.tools = { [] }
      })
  }

  @Test func anExpiredCodeAsksWhetherToSendANewOne() async {
    let screen = Screen()
    let app = terminal(screen) { throw ToolshedError.codeExpired }
    _ = await app.handle("email ada@example.com", ask: screen.ask)
    screen.lines = []
    screen.answers = ["y"]
    _ = await app.handle("code 1234", ask: screen.ask)
    #expect(
      screen.lines == [
        "That code has expired.",
        "Send a new code? [y/N]",
        #"We sent a code to ada@example.com. Type "code <digits>" (the demo's code is 2468)."#,
      ])
  }

  @Test func aCommandTypedAtTheQuestionDismissesTheAlertAndRuns() async {
    let screen = Screen()
    let app = terminal(screen) { throw ToolshedError.codeExpired }
    _ = await app.handle("email ada@example.com", ask: screen.ask)
    screen.lines = []
    screen.answers = ["help"]
    _ = await app.handle("code 1234", ask: screen.ask)
    #expect(
      screen.lines == [
        "That code has expired.",
        "Send a new code? [y/N]",
        #""help" is not y or n: taken as no, and run as a command."#,
        "Commands: code <digits> (the demo's code is 2468), resend, email <another address>, help, quit.",
      ])
  }

  @Test func signingInSaysWhatComesNext() async {
    let screen = Screen()
    let app = terminal(screen) { Member(email: "ada@example.com", name: "Ada") }
    _ = await app.handle("email ada@example.com", ask: screen.ask)
    screen.lines = []
    _ = await app.handle("code 2468", ask: screen.ask)
    #expect(
      screen.lines == ["Signed in as Ada. Welcome to the shed.", "The shed's list is empty."])
    #expect(await app.handle("quit", ask: screen.ask) == false)
  }
}

@Suite struct TerminalInputTests {
  @Test func splitsACommandFromItsWords() {
    let input = TerminalInput("  Borrow\t2   3 ")
    #expect(input?.word == "Borrow")
    #expect(input?.command == "borrow")
    #expect(input?.arguments == ["2", "3"])
    #expect(input?.rest == "2 3")
    #expect(TerminalInput(" \t ") == nil)
  }

  @Test func readsAnswers() {
    #expect(TerminalAnswer("Y") == .yes)
    #expect(TerminalAnswer(" yes ") == .yes)
    #expect(TerminalAnswer("") == .no)
    #expect(TerminalAnswer("N") == .no)
    #expect(TerminalAnswer(nil) == .no)
    #expect(TerminalAnswer("list") == .command("list"))
  }

  @Test func escapesControlCharacters() {
    #expect(printable("a\u{1B}[2J\tb\u{7}\u{7F}é") == "a\\u{1B}[2J\\tb\\u{7}\\u{7F}é")
  }
}
