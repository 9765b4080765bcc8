import ReducerKit

/// The signed-in screen: the shed's tools, the member's loans, borrowing through a presented
/// ``Borrow`` sheet, giving a tool back, and signing out (which the app handles).
public struct Shed: Reducer {
  public struct State: Equatable, Sendable {
    public var member: Member
    public var tools: IdentifiedArrayOf<Tool> = []
    public var loans: IdentifiedArrayOf<Loan> = []
    public var isLoadingTools = false
    @Presents public var borrow: Borrow.State?
    @Presents public var alert: AlertState<Action.Alert>?

    public init(member: Member) {
      self.member = member
    }

    /// Whether the member has `tool` at home.
    public func hasBorrowed(_ tool: Tool) -> Bool { loans[id: tool.id] != nil }
  }

  public enum Action: CasePathable, Sendable {
    case view(View)
    case `internal`(Internal)
    case delegate(Delegate)
    case borrow(PresentationAction<Borrow.Action>)
    case alert(PresentationAction<Alert>)

    public enum View: Equatable, Sendable {
      case appeared
      case borrowTapped(Tool.ID)
      case giveBackTapped(Loan.ID)
      case signOutTapped
    }
    public enum Internal: Sendable {
      case toolsLoaded(Result<[Tool], any Error>)
      case givenBack(Loan.ID, Result<Void, any Error>)
    }
    public enum Delegate: Equatable, Sendable {
      case signedOut
    }
    public enum Alert: Equatable, Sendable {
      case retryTapped
    }
  }

  @Dependency(\.lending) var lending

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .view(.appeared), .alert(.presented(.retryTapped)):
        state.isLoadingTools = true
        return .run { [lending] send in
          await send(.internal(.toolsLoaded(Result { try await lending.tools() })))
        }

      case .internal(.toolsLoaded(.success(let tools))):
        state.isLoadingTools = false
        state.tools = IdentifiedArray(uniqueElements: tools)
        return .none

      case .internal(.toolsLoaded(.failure(let error))):
        state.isLoadingTools = false
        state.alert = AlertState {
          TextState("The shed's list did not load")
        } actions: {
          ButtonState(action: .retryTapped) { TextState("Try again") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        } message: {
          TextState((error as? ToolshedError)?.message ?? error.localizedDescription)
        }
        return .none

      case .view(.borrowTapped(let id)):
        guard let tool = state.tools[id: id], !state.hasBorrowed(tool) else { return .none }
        state.borrow = Borrow.State(tool: tool, member: state.member)
        return .none

      case .borrow(.presented(.delegate(.lent(let loan)))):
        state.loans.append(loan)
        return .none

      case .view(.giveBackTapped(let id)):
        guard let loan = state.loans[id: id] else { return .none }
        return .run { [member = state.member, lending] send in
          await send(
            .internal(.givenBack(id, Result { try await lending.giveBack(loan.tool, member) })))
        }

      case .internal(.givenBack(let id, .success)):
        state.loans.remove(id: id)
        return .none

      case .internal(.givenBack(_, .failure(let error))):
        state.alert = AlertState {
          TextState("The tool was not taken back")
        } message: {
          TextState((error as? ToolshedError)?.message ?? error.localizedDescription)
        }
        return .none

      case .view(.signOutTapped):
        return .send(.delegate(.signedOut))

      case .alert, .borrow, .delegate:
        return .none
      }
    }
    .ifLet(\.$borrow, action: \.borrow) { Borrow() }
    .ifLet(\.$alert, action: \.alert)
  }
}
