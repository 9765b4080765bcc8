import Foundation
import ReducerKit

/// One tea in the list: its name, how long it steeps, and a countdown on the clock dependency
/// while it steeps. The row tells the list when it starts and when the tea is ready; the
/// countdown is the row's own effect, so it ends when the row is removed.
public struct Tea: Reducer {
  public struct State: Equatable, Identifiable, Sendable, Codable {
    public let id: UUID
    public var name: String
    public var steepTime: Duration
    public var status = Status.idle

    public init(id: UUID, name: String, steepTime: Duration, status: Status = .idle) {
      self.id = id
      self.name = name
      self.steepTime = steepTime
      self.status = status
    }

    public enum Status: Equatable, Sendable, Codable {
      case idle
      case steeping(remaining: Duration)
      case ready
    }

    /// Whether the countdown is running.
    public var isSteeping: Bool {
      if case .steeping = status { return true }
      return false
    }
  }

  public enum Action: CasePathable, Equatable, Sendable, Codable {
    /// Starts the countdown from the full steep time (the list stops any other tea).
    case start
    /// Stops the countdown (from the row's button, or from the list when another tea starts).
    case stop
    case tick
    case delegate(Delegate)

    public enum Delegate: Equatable, Sendable, Codable {
      case started
      case ready
    }
  }

  enum CancelID { case countdown }

  @Dependency(\.continuousClock) var clock

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      state.status = .steeping(remaining: state.steepTime)
      return .merge(
        .send(.delegate(.started)),
        .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
        .cancellable(id: CancelID.countdown, cancelInFlight: true)
      )

    case .stop:
      guard state.isSteeping else { return .none }
      state.status = .idle
      return .cancel(id: CancelID.countdown)

    case .tick:
      guard case .steeping(let remaining) = state.status else { return .none }
      let left = remaining - .seconds(1)
      guard left <= .zero else {
        state.status = .steeping(remaining: left)
        return .none
      }
      state.status = .ready
      return .merge(.cancel(id: CancelID.countdown), .send(.delegate(.ready)))

    case .delegate:
      return .none
    }
  }
}
