import Foundation
import ReducerKit

/// Borrowing one tool, presented over the shed: the member picks how many days, confirms, and
/// the sheet closes itself once the loan is made (with `\.dismiss`), after telling the shed.
/// A refused loan shows an alert and leaves the sheet open; "cancel" closes it.
public struct Borrow: Reducer {
  public struct State: Equatable, Sendable {
    public var tool: Tool
    /// Who borrows it.
    public var member: Member
    public var days = 7
    public var isRequestInFlight = false
    @Presents public var alert: AlertState<Action.Alert>?

    public init(tool: Tool, member: Member, days: Int = 7) {
      self.tool = tool
      self.member = member
      self.days = days
    }
  }

  public enum Action: CasePathable, Sendable {
    case view(View)
    case `internal`(Internal)
    case delegate(Delegate)
    case alert(PresentationAction<Alert>)

    public enum View: Equatable, Sendable {
      case daysChanged(Int)
      case confirmTapped
      case cancelTapped
    }
    public enum Internal: Sendable {
      case borrowed(Result<Loan, any Error>)
    }
    public enum Delegate: Equatable, Sendable {
      case lent(Loan)
    }
    public enum Alert: Equatable, Sendable {}
  }

  /// The longest loan the shed allows.
  public static let days = 1...14

  @Dependency(\.dismiss) var dismiss
  @Dependency(\.lending) var lending

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .view(.daysChanged(let days)):
        state.days = min(max(days, Self.days.lowerBound), Self.days.upperBound)
        return .none

      case .view(.confirmTapped):
        guard !state.isRequestInFlight else { return .none }
        state.isRequestInFlight = true
        return .run { [tool = state.tool, days = state.days, member = state.member, lending] send in
          await send(.internal(.borrowed(Result { try await lending.borrow(tool, days, member) })))
        }

      case .internal(.borrowed(.success(let loan))):
        state.isRequestInFlight = false
        return .run { [dismiss] send in
          await send(.delegate(.lent(loan)))
          await dismiss()
        }

      case .internal(.borrowed(.failure(let error))):
        state.isRequestInFlight = false
        let message = (error as? ToolshedError)?.message ?? error.localizedDescription
        state.alert = AlertState {
          TextState("The \(state.tool.name) was not lent")
        } message: {
          TextState(message)
        }
        return .none

      case .view(.cancelTapped):
        return .run { [dismiss] _ in await dismiss() }

      case .alert, .delegate:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}
