import ReducerKit

/// A community tool library's app. Its state is one of two screens: signed out, ``SignIn``;
/// signed in, the ``Shed``. Each screen tells the app when to switch (a delegate action), and
/// switching drops the screen that was showing with everything it had in flight. The shed's
/// view sends `.view(.appeared)` when it shows, as a SwiftUI view's `.task` would.
///
/// ```swift
/// let store = Store(initialState: Toolshed.State()) { Toolshed() }
/// store.send(.signIn(.view(.emailChanged("ada@example.com"))))
/// store.send(.signIn(.view(.sendCodeTapped)))
/// ```
public struct Toolshed: Reducer {
  @dynamicMemberLookup
  public enum State: CasePathable, Equatable, Sendable {
    case signIn(SignIn.State)
    case shed(Shed.State)

    /// The app as it starts: signed out.
    public init() { self = .signIn(SignIn.State()) }
  }

  public enum Action: CasePathable, Sendable {
    case signIn(SignIn.Action)
    case shed(Shed.Action)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .signIn(.delegate(.signedIn(let member))):
        state = .shed(Shed.State(member: member))
        return .none

      case .shed(.delegate(.signedOut)):
        state = .signIn(SignIn.State())
        return .none

      case .signIn, .shed:
        return .none
      }
    }
    .ifCaseLet(\.signIn, action: \.signIn) { SignIn() }
    .ifCaseLet(\.shed, action: \.shed) { Shed() }
  }
}
