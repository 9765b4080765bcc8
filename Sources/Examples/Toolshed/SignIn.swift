import ReducerKit

/// Signing in without a password, in two steps: the member gives an email address and the
/// server sends a code; the member types the code and is signed in. Each refusal shows an
/// alert; an expired code's alert offers a new one.
public struct SignIn: Reducer {
  public struct State: Equatable, Sendable {
    public var email = ""
    public var code = ""
    /// The code that was sent, once the first step succeeded: the screen shows the second step.
    public var challenge: CodeChallenge?
    public var isRequestInFlight = false
    @Presents public var alert: AlertState<Action.Alert>?

    public init() {}

    /// Whether the button of the current step can be tapped.
    public var canSubmit: Bool {
      guard !isRequestInFlight else { return false }
      return challenge == nil ? !email.isEmpty : code.count == 4
    }
  }

  public enum Action: CasePathable, Sendable {
    case view(View)
    case `internal`(Internal)
    case delegate(Delegate)
    case alert(PresentationAction<Alert>)

    public enum View: Equatable, Sendable {
      case emailChanged(String)
      case sendCodeTapped
      case codeChanged(String)
      case verifyTapped
      case useAnotherAddressTapped
    }
    public enum Internal: Sendable {
      case codeSent(Result<CodeChallenge, any Error>)
      case verified(Result<Member, any Error>)
    }
    public enum Delegate: Equatable, Sendable {
      case signedIn(Member)
    }
    public enum Alert: Equatable, Sendable {
      case sendNewCodeTapped
    }
  }

  @Dependency(\.signIn) var client

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .view(.emailChanged(let email)):
        state.email = email.trimmingCharacters(in: .whitespaces)
        return .none

      case .view(.sendCodeTapped), .alert(.presented(.sendNewCodeTapped)):
        guard !state.email.isEmpty, !state.isRequestInFlight else { return .none }
        state.isRequestInFlight = true
        state.code = ""
        return .run { [email = state.email, client] send in
          await send(.internal(.codeSent(Result { try await client.sendCode(email) })))
        }

      case .internal(.codeSent(.success(let challenge))):
        state.isRequestInFlight = false
        state.challenge = challenge
        return .none

      case .view(.codeChanged(let code)):
        state.code = String(code.filter(\.isNumber).prefix(4))
        return .none

      case .view(.verifyTapped):
        guard let challenge = state.challenge, state.canSubmit else { return .none }
        state.isRequestInFlight = true
        return .run { [code = state.code, client] send in
          await send(.internal(.verified(Result { try await client.verify(challenge, code) })))
        }

      case .internal(.verified(.success(let member))):
        state.isRequestInFlight = false
        return .send(.delegate(.signedIn(member)))

      case .internal(.codeSent(.failure(let error))), .internal(.verified(.failure(let error))):
        state.isRequestInFlight = false
        state.alert = Self.alert(for: error)
        return .none

      case .view(.useAnotherAddressTapped):
        state.challenge = nil
        state.code = ""
        return .none

      case .alert, .delegate:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }

  /// The alert for a refused step: an expired code offers a new one.
  static func alert(for error: any Error) -> AlertState<Action.Alert> {
    switch error as? ToolshedError {
    case .codeExpired:
      AlertState {
        TextState("That code has expired.")
      } actions: {
        ButtonState(action: .sendNewCodeTapped) { TextState("Send a new code") }
        ButtonState(role: .cancel) { TextState("Not now") }
      }
    case let error?:
      AlertState {
        TextState("Could not sign in")
      } message: {
        TextState(error.message)
      }
    case nil:
      AlertState {
        TextState("Could not sign in")
      } message: {
        TextState(error.localizedDescription)
      }
    }
  }
}
