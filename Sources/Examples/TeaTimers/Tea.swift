import Foundation
import ReducerKit

/// One tea in the list: its name, how long it steeps, and a countdown on the clock dependency
/// while it steeps. The row tells the list when it starts and when the tea is ready; the
/// countdown is the row's own effect, so it ends when the row is removed.
public struct Tea: Reducer {
  /// A tea and its countdown. `Codable`, so that a session of a tea can be recorded to a file
  /// (the examples' tests replay one).
  public struct State: Equatable, Identifiable, Sendable, Codable {
    /// Identifies the tea in the list.
    public let id: UUID
    /// The tea's name.
    public var name: String
    /// How long the tea steeps.
    public var steepTime: Duration
    /// Whether it waits, steeps (with the time left) or is ready.
    public var status = Status.idle

    /// A tea, idle unless `status` says otherwise.
    public init(id: UUID, name: String, steepTime: Duration, status: Status = .idle) {
      self.id = id
      self.name = name
      self.steepTime = steepTime
      self.status = status
    }

    /// Where a tea is in its steeping.
    public enum Status: Equatable, Sendable, Codable {
      /// Not started, or stopped.
      case idle
      /// Steeping, with the time left.
      case steeping(remaining: Duration)
      /// Done.
      case ready
    }

    /// Whether the countdown is running.
    public var isSteeping: Bool {
      if case .steeping = status { return true }
      return false
    }
  }

  /// What the row's button and its countdown send.
  public enum Action: CasePathable, Equatable, Sendable, Codable {
    /// Starts the countdown from the full steep time (the list stops any other tea).
    case start
    /// Stops the countdown (from the row's button, or from the list when another tea starts).
    case stop
    /// A second of the countdown passed.
    case tick
    /// What the row tells the list.
    case delegate(Delegate)

    /// What the row tells the list.
    public enum Delegate: Equatable, Sendable, Codable {
      /// The tea started steeping.
      case started
      /// The tea is ready.
      case ready
    }
  }

  enum CancelID { case countdown }

  @Dependency(\.continuousClock) var clock

  /// The row's reducer.
  public init() {}

  /// Starts and stops the countdown, counts it down, and tells the list.
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
