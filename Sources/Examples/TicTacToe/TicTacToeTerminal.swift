import ReducerKit

/// The tic-tac-toe app played in a terminal: each line of input becomes actions sent to the
/// app's own `Store`, with the demo server (``AuthenticationClient/liveValue``) signing in;
/// after each line the current screen is printed with what can be typed there.
///
/// Screens and their commands: logging in, `login <email> <password>`; the second factor,
/// `code <digits>` or `cancel`; a new game, `play <X's name> <O's name>` or `logout`; a game,
/// `<row> <column>` (1 to 3), `again` or `quit`. Anywhere: `help`, `exit`.
@MainActor
public final class TicTacToeTerminal {
  let store: StoreOf<TicTacToe>
  private let write: (String) -> Void

  /// A terminal that writes to `write`, a line at a time; `dependencies` changes the app's
  /// (its server's wait runs on `\.continuousClock`).
  public init(
    write: @escaping (String) -> Void,
    dependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) {
    self.write = write
    store = Store(initialState: TicTacToe.State()) {
      TicTacToe()
    } withDependencies: {
      dependencies(&$0)
    }
  }

  /// Prints the first screen.
  public func start() {
    write("Tic-tac-toe. Type \"help\" for the commands of each screen.")
    printScreen()
  }

  /// Runs one line; returns false when the user typed `exit`.
  public func handle(_ line: String) async -> Bool {
    let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    guard let command = words.first?.lowercased() else { return true }
    let arguments = Array(words.dropFirst())
    switch command {
    case "exit":
      return false
    case "help":
      write(Self.help)
      return true
    default:
      guard let actions = actions(for: command, arguments) else { return true }
      for action in actions { await store.send(action).finish() }
      reportAlerts()
      printScreen()
      return true
    }
  }

  static let help = """
    Logging in: login <email> <password> (the demo server takes the password "password"; an \
    email containing "2fa" then asks for the code 1234).
    Second factor: code <digits>, cancel.
    New game: play <X's name> <O's name>, logout.
    Game: <row> <column> (each 1 to 3), again, quit.
    Anywhere: help, exit.
    """

  /// The actions a command sends on the current screen; `nil`, after saying why, for a command
  /// the screen does not take.
  private func actions(for command: String, _ arguments: [String]) -> [TicTacToe.Action]? {
    switch store.state {
    case .login(let login) where login.twoFactor != nil:
      switch (command, arguments.count) {
      case ("code", 1):
        return [
          .login(.twoFactor(.presented(.view(.binding(.set(\.code, arguments[0])))))),
          .login(.twoFactor(.presented(.view(.submitButtonTapped)))),
        ]
      case ("cancel", 0):
        return [.login(.twoFactor(.dismiss))]
      default:
        return refuse("On the second factor, type \"code <digits>\" or \"cancel\".")
      }
    case .login:
      guard command == "login", arguments.count == 2 else {
        return refuse("To log in, type \"login <email> <password>\".")
      }
      return [
        .login(.view(.binding(.set(\.email, arguments[0])))),
        .login(.view(.binding(.set(\.password, arguments[1])))),
        .login(.view(.loginButtonTapped)),
      ]
    case .newGame(let newGame) where newGame.game != nil:
      return gameActions(command, arguments)?.map { .newGame(.game(.presented($0))) }
    case .newGame:
      switch (command, arguments.count) {
      case ("play", 2):
        return [
          .newGame(.binding(.set(\.xPlayerName, arguments[0]))),
          .newGame(.binding(.set(\.oPlayerName, arguments[1]))),
          .newGame(.letsPlayButtonTapped),
        ]
      case ("logout", 0):
        return [.newGame(.logoutButtonTapped)]
      default:
        return refuse("Type \"play <X's name> <O's name>\" or \"logout\".")
      }
    }
  }

  private func gameActions(_ command: String, _ arguments: [String]) -> [Game.Action]? {
    switch command {
    case "again": return [.playAgainButtonTapped]
    case "quit": return [.quitButtonTapped]
    default:
      guard arguments.count == 1, let row = Int(command), let column = Int(arguments[0]),
        (1...3).contains(row), (1...3).contains(column)
      else {
        return refuse("Type a row and a column, each 1 to 3 (\"2 3\"), \"again\" or \"quit\".")
      }
      return [.cellTapped(row: row - 1, column: column - 1)]
    }
  }

  private func refuse<Value>(_ message: String) -> Value? {
    write("error: \(message)")
    return nil
  }

  /// Prints an alert a request raised, and dismisses it, as tapping its button would.
  private func reportAlerts() {
    guard case .login(let login) = store.state else { return }
    if let alert = login.alert {
      write("! \(alert.title.string)")
      store.send(.login(.alert(.dismiss)))
    }
    if let alert = login.twoFactor?.alert {
      write("! \(alert.title.string)")
      store.send(.login(.twoFactor(.presented(.alert(.dismiss)))))
    }
  }

  private func printScreen() {
    switch store.state {
    case .login(let login) where login.twoFactor != nil:
      write("[second factor] code <digits> | cancel")
    case .login:
      write("[log in] login <email> <password>")
    case .newGame(let newGame):
      guard let game = newGame.game else {
        write("[new game] play <X's name> <O's name> | logout")
        return
      }
      write(Self.render(game.board))
      let status =
        game.isGameOver
        ? game.title : "\(game.currentPlayerName) to play (\(game.currentPlayer == .x ? "X" : "O"))"
      write("[game] \(status) | <row> <column> | again | quit")
    }
  }

  /// The board as three lines of X, O and dots.
  static func render(_ board: Board) -> String {
    board.map { row in
      row.map { cell in cell.map { $0 == .x ? "X" : "O" } ?? "." }.joined(separator: " ")
    }.joined(separator: "\n")
  }
}
