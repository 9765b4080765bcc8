import Foundation
import ReducerKit

/// One row of the list: a title and whether it is done.
public struct Todo: Reducer {
  public struct State: Equatable, Identifiable, Codable, Sendable {
    public let id: UUID
    public var title: String
    public var isComplete = false

    public init(id: UUID, title: String, isComplete: Bool = false) {
      self.id = id
      self.title = title
      self.isComplete = isComplete
    }
  }

  public enum Action: Equatable, Sendable, Codable {
    case toggleTapped
    case titleChanged(String)
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggleTapped:
      state.isComplete.toggle()
    case .titleChanged(let title):
      state.title = title
    }
    return .none
  }
}
