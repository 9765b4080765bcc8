import ReducerKit

/// One game between two named players: taps place marks until someone wins or the board
/// fills; "play again" clears the board, "quit" dismisses the game.
public struct Game: Reducer {
  public struct State: Equatable, Sendable {
    public var board: Board = .empty
    public var currentPlayer: Player = .x
    public let oPlayerName: String
    public let xPlayerName: String

    public init(oPlayerName: String, xPlayerName: String) {
      self.oPlayerName = oPlayerName
      self.xPlayerName = xPlayerName
    }

    /// The name of the player whose turn it is.
    public var currentPlayerName: String {
      currentPlayer == .x ? xPlayerName : oPlayerName
    }

    /// Whether no more moves can be made.
    public var isGameOver: Bool { board.hasWinner || board.isFilled }

    /// What the screen says above the board.
    public var title: String {
      if let winner = board.winner {
        "Winner! Congrats \(winner == .x ? xPlayerName : oPlayerName)!"
      } else if board.isFilled {
        "Tied game!"
      } else {
        "\(currentPlayerName), place your \(currentPlayer.label)"
      }
    }
  }

  public enum Action: CasePathable, Equatable, Sendable {
    case cellTapped(row: Int, column: Int)
    case playAgainButtonTapped
    case quitButtonTapped
  }

  @Dependency(\.dismiss) var dismiss

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .cellTapped(let row, let column):
        guard state.board.indices.contains(row), state.board.indices.contains(column),
          state.board[row][column] == nil, !state.board.hasWinner
        else { return .none }
        state.board[row][column] = state.currentPlayer
        if !state.board.hasWinner { state.currentPlayer.toggle() }
        return .none

      case .playAgainButtonTapped:
        state = State(oPlayerName: state.oPlayerName, xPlayerName: state.xPlayerName)
        return .none

      case .quitButtonTapped:
        return .run { [dismiss] _ in await dismiss() }
      }
    }
  }
}
