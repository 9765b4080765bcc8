import ReducerKit
import ReducerKitTesting
import Testing
import TicTacToeExample

/// The game and the new-game screen that presents it, as TCA's GameCore and NewGameCore tests
/// play them.
@MainActor
@Suite struct TicTacToeGameTests {
  private func makeGame() -> TestStoreOf<Game> {
    TestStore(initialState: Game.State(oPlayerName: "Blob Jr.", xPlayerName: "Blob Sr.")) {
      Game()
    }
  }

  @Test func aWinEndsTheGameWithTheWinnerToMove() async {
    let store = makeGame()
    #expect(store.state.title == "Blob Sr., place your ❌")
    await store.send(.cellTapped(row: 0, column: 0)) {
      $0.board[0][0] = .x
      $0.currentPlayer = .o
    }
    #expect(store.state.title == "Blob Jr., place your ⭕️")
    await store.send(.cellTapped(row: 2, column: 1)) {
      $0.board[2][1] = .o
      $0.currentPlayer = .x
    }
    await store.send(.cellTapped(row: 1, column: 0)) {
      $0.board[1][0] = .x
      $0.currentPlayer = .o
    }
    await store.send(.cellTapped(row: 1, column: 1)) {
      $0.board[1][1] = .o
      $0.currentPlayer = .x
    }
    // The winning move keeps the winner as the current player.
    await store.send(.cellTapped(row: 2, column: 0)) {
      $0.board[2][0] = .x
    }
    #expect(store.state.board.winner == .x)
    #expect(store.state.isGameOver)
    #expect(store.state.title == "Winner! Congrats Blob Sr.!")
    // Once won, the board takes no more marks.
    await store.send(.cellTapped(row: 2, column: 2))
  }

  @Test func aFullBoardWithoutALineIsATieAndPlayingAgainClearsIt() async {
    let store = makeGame()
    let moves = [(0, 0), (2, 2), (1, 0), (2, 0), (2, 1), (1, 2), (0, 2), (0, 1), (1, 1)]
    for (index, (row, column)) in moves.enumerated() {
      let player: Player = index.isMultiple(of: 2) ? .x : .o
      await store.send(.cellTapped(row: row, column: column)) {
        $0.board[row][column] = player
        $0.currentPlayer.toggle()
      }
    }
    #expect(store.state.board.isFilled)
    #expect(store.state.board.winner == nil)
    #expect(store.state.title == "Tied game!")
    await store.send(.playAgainButtonTapped) {
      $0 = Game.State(oPlayerName: "Blob Jr.", xPlayerName: "Blob Sr.")
    }
  }

  @Test func tapsOnAMarkedCellOrOffTheBoardChangeNothing() async {
    let store = makeGame()
    await store.send(.cellTapped(row: 1, column: 1)) {
      $0.board[1][1] = .x
      $0.currentPlayer = .o
    }
    await store.send(.cellTapped(row: 1, column: 1))
    await store.send(.cellTapped(row: 3, column: 0))
    await store.send(.cellTapped(row: 0, column: -1))
  }

  @Test func everyLineWins() {
    let lines: [[(Int, Int)]] = [
      [(0, 0), (0, 1), (0, 2)], [(1, 0), (1, 1), (1, 2)], [(2, 0), (2, 1), (2, 2)],
      [(0, 0), (1, 0), (2, 0)], [(0, 1), (1, 1), (2, 1)], [(0, 2), (1, 2), (2, 2)],
      [(0, 0), (1, 1), (2, 2)], [(0, 2), (1, 1), (2, 0)],
    ]
    for line in lines {
      var board = Board.empty
      for (row, column) in line { board[row][column] = .o }
      #expect(board.winner == .o, "\(line)")
      board[line[1].0][line[1].1] = .x
      #expect(board.winner == nil, "\(line) broken by an x")
    }
  }

  @Test func theNewGameScreenPresentsAGameUntilItIsQuitOrDismissed() async {
    let store = TestStore(initialState: NewGame.State()) { NewGame() }
    await store.send(\.binding.oPlayerName, "Blob Sr.") { $0.oPlayerName = "Blob Sr." }
    #expect(!store.state.isLetsPlayEnabled)
    await store.send(\.binding.xPlayerName, "Blob Jr.") { $0.xPlayerName = "Blob Jr." }
    #expect(store.state.isLetsPlayEnabled)
    await store.send(.letsPlayButtonTapped) {
      $0.game = Game.State(oPlayerName: "Blob Sr.", xPlayerName: "Blob Jr.")
    }
    await store.send(\.game.presented.cellTapped, (row: 0, column: 0)) {
      $0.game?.board[0][0] = .x
      $0.game?.currentPlayer = .o
    }
    // "Quit" dismisses the game from inside it.
    await store.send(\.game.presented.quitButtonTapped)
    await store.receive(\.game.dismiss) { $0.game = nil }
    await store.send(.letsPlayButtonTapped) {
      $0.game = Game.State(oPlayerName: "Blob Sr.", xPlayerName: "Blob Jr.")
    }
    await store.send(\.game.dismiss) { $0.game = nil }
    await store.send(.logoutButtonTapped)
  }
}
