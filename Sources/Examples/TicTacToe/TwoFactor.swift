import ReducerKit

/// The second step of signing in: a four-digit code sent with the token of the first step.
/// A refused code shows an alert.
public struct TwoFactor: Reducer {
  public struct State: Equatable, Sendable {
    @Presents public var alert: AlertState<Action.Alert>?
    public var code = ""
    public var isFormValid = false
    public var isTwoFactorRequestInFlight = false
    public let token: String

    public init(token: String) {
      self.token = token
    }
  }

  public enum Action: CasePathable, ViewAction, Sendable {
    case alert(PresentationAction<Alert>)
    case twoFactorResponse(Result<AuthenticationResponse, any Error>)
    case view(View)

    public enum Alert: Equatable, Sendable {}

    public enum View: BindableAction, Sendable {
      case binding(BindingAction<State>)
      case submitButtonTapped
    }
  }

  @Dependency(\.authenticationClient) var authenticationClient

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .alert:
        return .none

      case .twoFactorResponse(.failure(let error)):
        state.alert = AlertState { TextState(error.localizedDescription) }
        state.isTwoFactorRequestInFlight = false
        return .none

      case .twoFactorResponse(.success):
        state.isTwoFactorRequestInFlight = false
        return .none

      case .view(.binding):
        state.isFormValid = state.code.count >= 4
        return .none

      case .view(.submitButtonTapped):
        state.isTwoFactorRequestInFlight = true
        return .run {
          [code = state.code, token = state.token, client = authenticationClient] send in
          await send(.twoFactorResponse(Result { try await client.twoFactor(code, token) }))
        }
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}
