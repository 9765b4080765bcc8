import ReducerKit

/// The tic-tac-toe app: logged out, it shows ``Login``; signed in, ``NewGame``. Signing in
/// (with or without a second factor) replaces the login screen, and all it had in flight, with
/// a new game; logging out replaces the game with a fresh login.
///
/// ```swift
/// let store = Store(initialState: TicTacToe.State()) { TicTacToe() }
/// store.send(.login(.view(.binding(.set(\.email, "blob@example.com")))))
/// ```
public struct TicTacToe: Reducer {
  public enum State: CasePathable, Equatable, Sendable {
    case login(Login.State)
    case newGame(NewGame.State)

    public init() { self = .login(Login.State()) }
  }

  public enum Action: CasePathable, Sendable {
    case login(Login.Action)
    case newGame(NewGame.Action)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .login(.twoFactor(.presented(.twoFactorResponse(.success)))):
        state = .newGame(NewGame.State())
        return .none

      case .login(.loginResponse(.success(let response))) where !response.twoFactorRequired:
        state = .newGame(NewGame.State())
        return .none

      case .newGame(.logoutButtonTapped):
        state = .login(Login.State())
        return .none

      case .login, .newGame:
        return .none
      }
    }
    .ifCaseLet(\.login, action: \.login) { Login() }
    .ifCaseLet(\.newGame, action: \.newGame) { NewGame() }
  }
}
