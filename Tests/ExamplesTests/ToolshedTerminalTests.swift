#if os(macOS) || os(Linux)
  import Foundation
  import Testing

  /// `swift run toolshed`, end to end: the built executable, commands piped to its standard
  /// input, with the demo server.
  @Suite struct ToolshedTerminalTests {
    private func run(_ input: String) throws -> [String] {
      try runTerminalApp("toolshed", input: input).split(separator: "\n").map(String.init)
    }

    @Test func signsInBorrowsGivesBackAndSignsOut() throws {
      let lines = try run(
        """
        email ada@example.com
        code 2468
        borrow 2
        days 3
        confirm
        loans
        return 1
        signout
        quit

        """)
      // Due dates depend on today: the lines that hold one are compared up to the date.
      let shown = lines.map { line -> String in
        for marker in ["due back ", ", due "] {
          if let range = line.range(of: marker) {
            return String(line[..<range.upperBound]) + "<date>"
          }
        }
        return line
      }
      let expected: [String] = [
        "Toolshed: borrow tools from your neighbourhood's shed.",
        #"Sign in with "email <your address>". Type "help" for the commands."#,
        #"We sent a code to ada@example.com. Type "code <digits>" (the demo's code is 2468)."#,
        "Signed in as Ada. Welcome to the shed.",
        "Tools:",
        "1. cordless drill",
        "2. ladder",
        "3. hedge trimmer",
        "4. pressure washer",
        #"Type "borrow <n>" to borrow tool n."#,
        #"Borrow the ladder for 7 days? Type "confirm", "days <n>" to change how long, or "cancel"."#,
        #"For 3 days. Type "confirm" to borrow it, or "cancel"."#,
        "You borrowed the ladder. It is due back <date>",
        #"Type "loans" to see what you have, or "tools" to borrow more."#,
        "Your loans:",
        "1. ladder, due <date>",
        #"Type "return <n>" to give loan n back."#,
        "You gave the ladder back. Thank you!",
        #"Signed out. Type "email <your address>" to sign in again."#,
        "Bye.",
      ]
      #expect(shown == expected)
    }
    /// Every input gets an answer: a refusal says why and what to type instead.
    @Test func explainsEveryRefusal() throws {
      let lines = try run(
        """
        tools
        code 2468
        email nobody
        email
        email ada@example.com
        code 12
        code 1111
        code 2468
        borrow
        borrow 9
        return 1
        borrow 1
        loans
        cancel
        confirm
        borrow 1
        confirm
        borrow 1
        signout
        zap\u{1B}[2J

        """)
      let expected = [
        #"error: Sign in first: type "email <your address>"."#,
        #"error: Ask for a code first: type "email <your address>"."#,
        "Could not sign in",
        "“nobody” is not an email address. Check it and try again.",
        #"error: "email" needs your address, as in "email ada@example.com"."#,
        #"error: "code" takes the four digits we sent, as in "code 1234"."#,
        "That code is not the one we sent. Check the message and type it again.",
        #"error: Give the tool's number, as in "borrow 1"."#,
        #"error: There is no tool 9: there are 4. Type "tools" to see them."#,
        #"error: There is no loan 1: you have borrowed nothing. "borrow <n>" borrows tool n."#,
        #"error: You are borrowing the cordless drill: type "confirm", "days <n>" or "cancel" first (you typed "loans")."#,
        "Nothing borrowed.",
        #"error: You are not borrowing anything. Type "borrow <n>" to borrow tool n."#,
        #"error: You already have the cordless drill. Type "loans" to see what you have."#,
        #"error: Unknown command "zap\u{1B}[2J". Commands: email <your address>, help, quit."#,
      ]
      for line in expected {
        #expect(lines.contains(line), "missing: \(line)\nin:\n\(lines.joined(separator: "\n"))")
      }
      #expect(!lines.joined().contains("\u{1B}"))
    }

    /// Blank lines are ignored, as in the todos app: no output at all.
    @Test func ignoresBlankLines() throws {
      let lines = try run("\n  \n\t\nquit\n")
      #expect(lines.count == 3)
      #expect(lines.last == "Bye.")
    }
  }
#endif
