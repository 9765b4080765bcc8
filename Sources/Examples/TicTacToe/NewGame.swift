import ReducerKit

/// The signed-in screen: two player names, "let's play" to present a game, and logging out
/// (which the app handles).
public struct NewGame: Reducer {
  public struct State: Equatable, Sendable {
    @Presents public var game: Game.State?
    public var oPlayerName = ""
    public var xPlayerName = ""

    public init() {}

    /// Whether both players have a name.
    public var isLetsPlayEnabled: Bool { !oPlayerName.isEmpty && !xPlayerName.isEmpty }
  }

  public enum Action: BindableAction, CasePathable, Sendable {
    case binding(BindingAction<State>)
    case game(PresentationAction<Game.Action>)
    case letsPlayButtonTapped
    case logoutButtonTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .letsPlayButtonTapped:
        state.game = Game.State(oPlayerName: state.oPlayerName, xPlayerName: state.xPlayerName)
        return .none
      case .binding, .game, .logoutButtonTapped:
        return .none
      }
    }
    .ifLet(\.$game, action: \.game) { Game() }
  }
}
