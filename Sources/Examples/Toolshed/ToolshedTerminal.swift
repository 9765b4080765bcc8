import ExampleTerminal
import Foundation
import ReducerKit

/// The Toolshed app driven from a terminal: each command becomes the actions a view would send
/// to a real `Store`, and what changed is printed, with what to type next.
///
/// Signed out: `email <address>`, then `code <digits>` (or `resend`). Signed in: `tools`,
/// `borrow <n>`, then `days <n>`, `confirm` or `cancel`; `loans`, `return <n>`, `signout`.
/// Always: `help`, `quit`. Blank lines are ignored.
@MainActor
public final class ToolshedTerminal {
  let store: StoreOf<Toolshed>
  private let write: (String) -> Void

  /// A terminal over a new, signed-out app, writing its output with `write` a line at a time.
  /// `dependencies` replaces clients (the demo server by default).
  public init(
    write: @escaping (String) -> Void,
    dependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) {
    self.write = write
    store = Store(initialState: Toolshed.State()) {
      Toolshed()
    } withDependencies: {
      dependencies(&$0)
    }
  }

  /// Greets the user and says how to sign in.
  public func start() {
    write("Toolshed: borrow tools from your neighbourhood's shed.")
    write("Sign in with \"email <your address>\". Type \"help\" for the commands.")
  }

  /// Runs one line typed by the user; `ask` reads the answer to a question an alert asks.
  /// Returns false when the user quit.
  public func handle(_ line: String, ask: () -> String?) async -> Bool {
    guard let input = TerminalInput(line) else { return true }
    switch input.command {
    case "quit", "exit":
      write("Bye.")
      return false
    case "help":
      write(help)
    default:
      let typed = await run(input, ask: ask)
      if let typed { return await handle(typed, ask: ask) }
    }
    return true
  }

  /// The commands of the screen showing.
  var help: String {
    switch store.state {
    case .signIn(let signIn) where signIn.challenge != nil:
      return """
        Commands: code <digits> (the demo's code is \(SignInClient.demoCode)), resend, \
        email <another address>, help, quit.
        """
    case .signIn:
      return "Commands: email <your address>, help, quit."
    case .shed(let shed) where shed.borrow != nil:
      return
        "Commands: days <\(Borrow.days.lowerBound)-\(Borrow.days.upperBound)>, confirm, cancel, help, quit."
    case .shed:
      return "Commands: tools, borrow <n>, loans, return <n>, signout, help, quit."
    }
  }

  /// Runs a command of the screen showing; returns a command typed at a question, to run next.
  private func run(_ input: TerminalInput, ask: () -> String?) async -> String? {
    switch store.state {
    case .signIn(let signIn):
      return await runSignIn(input, signIn, ask: ask)
    case .shed(let shed) where shed.borrow != nil:
      return await runBorrow(input, ask: ask)
    case .shed(let shed):
      return await runShed(input, shed, ask: ask)
    }
  }

  // MARK: Signing in

  private func runSignIn(
    _ input: TerminalInput, _ signIn: SignIn.State, ask: () -> String?
  ) async -> String? {
    switch input.command {
    case "email":
      guard !input.rest.isEmpty else {
        return fail("\"email\" needs your address, as in \"email ada@example.com\".")
      }
      if signIn.challenge != nil { store.send(.signIn(.view(.useAnotherAddressTapped))) }
      store.send(.signIn(.view(.emailChanged(input.rest))))
      await store.send(.signIn(.view(.sendCodeTapped))).finish()
    case "resend":
      guard signIn.challenge != nil else {
        return fail("No code was sent yet: type \"email <your address>\" first.")
      }
      await store.send(.signIn(.view(.sendCodeTapped))).finish()
    case "code":
      guard signIn.challenge != nil else {
        return fail("Ask for a code first: type \"email <your address>\".")
      }
      guard input.arguments.count == 1, input.rest.allSatisfy(\.isNumber), input.rest.count == 4
      else { return fail("\"code\" takes the four digits we sent, as in \"code 1234\".") }
      store.send(.signIn(.view(.codeChanged(input.rest))))
      await store.send(.signIn(.view(.verifyTapped))).finish()
    case "tools", "borrow", "loans", "return", "signout", "days", "confirm", "cancel":
      return fail("Sign in first: type \"email <your address>\".")
    default:
      return unknown(input)
    }
    return await reportSignIn(ask: ask)
  }

  /// Says where signing in stands after a step: a code sent, signed in, or an alert.
  private func reportSignIn(ask: () -> String?) async -> String? {
    switch store.state {
    case .shed(let shed):
      write("Signed in as \(shed.member.name). Welcome to the shed.")
      await store.send(.shed(.view(.appeared))).finish()
      return await reportShed(ask: ask) ?? listTools()
    case .signIn(let signIn):
      if let alert = signIn.alert {
        let question = TerminalQuestion(alert, write: write, ask: ask)
        await store.send(.signIn(.alert(question.choice))).finish()
        if case .presented = question.choice { return await reportSignIn(ask: ask) }
        return question.typedCommand
      }
      if let challenge = signIn.challenge {
        write(
          """
          We sent a code to \(challenge.email). Type "code <digits>" \
          (the demo's code is \(SignInClient.demoCode)).
          """)
      }
      return nil
    }
  }

  // MARK: The shed

  private func runShed(
    _ input: TerminalInput, _ shed: Shed.State, ask: () -> String?
  ) async -> String? {
    switch input.command {
    case "tools":
      return listTools()
    case "loans":
      return listLoans()
    case "borrow":
      guard
        let tool = item(
          input, of: Array(shed.tools), noun: "tool", list: "tools",
          empty: "the shed's list is empty.")
      else {
        return nil
      }
      guard !shed.hasBorrowed(tool) else {
        return fail("You already have the \(tool.name). Type \"loans\" to see what you have.")
      }
      await store.send(.shed(.view(.borrowTapped(tool.id)))).finish()
      write(
        """
        Borrow the \(tool.name) for \(Borrow.State(tool: tool, member: shed.member).days) days? \
        Type "confirm", "days <n>" to change how long, or "cancel".
        """)
    case "return":
      guard
        let loan = item(
          input, of: Array(shed.loans), noun: "loan", list: "loans",
          empty: "you have borrowed nothing. \"borrow <n>\" borrows tool n.")
      else {
        return nil
      }
      await store.send(.shed(.view(.giveBackTapped(loan.id)))).finish()
      if let typed = await reportShed(ask: ask) { return typed }
      if store.state[case: Toolshed.State.shed]?.loans[id: loan.id] == nil {
        write("You gave the \(loan.tool.name) back. Thank you!")
      }
    case "signout":
      await store.send(.shed(.view(.signOutTapped))).finish()
      write("Signed out. Type \"email <your address>\" to sign in again.")
    case "email", "code", "resend":
      return fail("You are signed in already. Type \"signout\" first to use another address.")
    case "days", "confirm", "cancel":
      return fail("You are not borrowing anything. Type \"borrow <n>\" to borrow tool n.")
    default:
      return unknown(input)
    }
    return nil
  }

  /// Shows the shed's alert, if one is up.
  private func reportShed(ask: () -> String?) async -> String? {
    guard let alert = store.state[case: Toolshed.State.shed]?.alert else { return nil }
    let question = TerminalQuestion(alert, write: write, ask: ask)
    await store.send(.shed(.alert(question.choice))).finish()
    if case .presented = question.choice { return await reportShed(ask: ask) ?? listTools() }
    return question.typedCommand
  }

  private func listTools() -> String? {
    guard let shed = store.state[case: Toolshed.State.shed] else { return nil }
    guard !shed.tools.isEmpty else {
      write("The shed's list is empty.")
      return nil
    }
    write("Tools:")
    for (offset, tool) in shed.tools.enumerated() {
      write("\(offset + 1). \(tool.name)\(shed.hasBorrowed(tool) ? " (you have it)" : "")")
    }
    write("Type \"borrow <n>\" to borrow tool n.")
    return nil
  }

  private func listLoans() -> String? {
    guard let shed = store.state[case: Toolshed.State.shed] else { return nil }
    guard !shed.loans.isEmpty else {
      write("You have borrowed nothing. Type \"tools\" to see what the shed has.")
      return nil
    }
    write("Your loans:")
    for (offset, loan) in shed.loans.enumerated() {
      write("\(offset + 1). \(loan.tool.name), due \(Self.format(loan.due))")
    }
    write("Type \"return <n>\" to give loan n back.")
    return nil
  }

  // MARK: The borrow sheet

  private func runBorrow(_ input: TerminalInput, ask: () -> String?) async -> String? {
    switch input.command {
    case "days":
      guard input.arguments.count == 1, let days = Int(input.rest), Borrow.days.contains(days)
      else {
        return fail(
          "\"days\" takes a number from \(Borrow.days.lowerBound) to \(Borrow.days.upperBound), as in \"days 3\"."
        )
      }
      store.send(.shed(.borrow(.presented(.view(.daysChanged(days))))))
      write("For \(days) day\(days == 1 ? "" : "s"). Type \"confirm\" to borrow it, or \"cancel\".")
    case "confirm":
      await store.send(.shed(.borrow(.presented(.view(.confirmTapped))))).finish()
      guard let shed = store.state[case: Toolshed.State.shed] else { return nil }
      if let borrow = shed.borrow, let alert = borrow.alert {
        let question = TerminalQuestion(alert, write: write, ask: ask)
        store.send(.shed(.borrow(.presented(.alert(question.choice)))))
        write("Type \"cancel\" to close, or \"confirm\" to try again.")
        return question.typedCommand
      }
      if let loan = shed.loans.last {
        write("You borrowed the \(loan.tool.name). It is due back \(Self.format(loan.due)).")
        write("Type \"loans\" to see what you have, or \"tools\" to borrow more.")
      }
    case "cancel":
      await store.send(.shed(.borrow(.presented(.view(.cancelTapped))))).finish()
      write("Nothing borrowed.")
      return listTools()
    default:
      guard let tool = store.state[case: Toolshed.State.shed]?.borrow?.tool else { return nil }
      return fail(
        """
        You are borrowing the \(tool.name): type "confirm", "days <n>" or "cancel" first \
        (you typed "\(printable(input.word))").
        """)
    }
    return nil
  }

  // MARK: Helpers

  /// The element numbered by the command's argument (1-based), or nil after saying why.
  private func item<Element>(
    _ input: TerminalInput, of elements: [Element], noun: String, list: String, empty: String
  ) -> Element? {
    guard input.arguments.count == 1, let number = Int(input.rest) else {
      _ = fail("Give the \(noun)'s number, as in \"\(input.command) 1\".")
      return nil
    }
    guard elements.indices.contains(number - 1) else {
      _ = fail(
        elements.isEmpty
          ? "There is no \(noun) \(number): \(empty)"
          : "There is no \(noun) \(number): there are \(elements.count). Type \"\(list)\" to see them."
      )
      return nil
    }
    return elements[number - 1]
  }

  private func unknown(_ input: TerminalInput) -> String? {
    fail("Unknown command \"\(printable(input.word))\". \(help)")
  }

  private func fail(_ message: String) -> String? {
    write("error: \(message)")
    return nil
  }

  private static func format(_ date: Date) -> String {
    date.formatted(.dateTime.year().month(.abbreviated).day())
  }

  /// Starts recording the session (see `swift run toolshed --record FILE`).
  public func startRecording() -> SessionRecording<Toolshed.State, Toolshed.Action> {
    store.startRecording()
  }
}
