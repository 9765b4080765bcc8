import ReducerKit

/// A counter that can fetch a fact about its number: three action categories, an effect that
/// can be cancelled, a delegate action for its parent, and an alert for a failed request.
public struct Counter: Reducer {
  public struct State: Equatable, Sendable {
    public var count = 0
    public var fact: String?
    public var isLoadingFact = false
    @Presents public var alert: AlertState<Action.Alert>?

    public init(count: Int = 0) {
      self.count = count
    }
  }

  public enum Action: CasePathable, Sendable {
    case view(View)
    case `internal`(Internal)
    case delegate(Delegate)
    case alert(PresentationAction<Alert>)

    public enum View: Sendable {
      case incrementTapped
      case decrementTapped
      case factTapped
      case cancelFactTapped
    }
    public enum Internal: Sendable {
      case factResponse(Result<String, any Error>)
    }
    public enum Delegate: Equatable, Sendable {
      case countReachedTen
    }
    public enum Alert: Equatable, Sendable {
      case retryTapped
    }
  }

  public enum CancelID: Hashable, Sendable { case fact }

  @Dependency(\.numberFact) var numberFact

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .view(.incrementTapped):
        state.count += 1
        state.fact = nil
        return state.count == 10 ? .send(.delegate(.countReachedTen)) : .none

      case .view(.decrementTapped):
        state.count -= 1
        state.fact = nil
        return .none

      case .view(.factTapped), .alert(.presented(.retryTapped)):
        state.isLoadingFact = true
        state.fact = nil
        return .run { [count = state.count, numberFact] send in
          await send(.internal(.factResponse(Result { try await numberFact.fetch(count) })))
        }
        .cancellable(id: CancelID.fact, cancelInFlight: true)

      case .view(.cancelFactTapped):
        state.isLoadingFact = false
        return .cancel(id: CancelID.fact)

      case .internal(.factResponse(.success(let fact))):
        state.isLoadingFact = false
        state.fact = fact
        return .none

      case .internal(.factResponse(.failure(let error))):
        state.isLoadingFact = false
        state.alert = AlertState {
          TextState("Could not load a fact")
        } actions: {
          ButtonState(action: .retryTapped) { TextState("Retry") }
          ButtonState(role: .cancel) { TextState("OK") }
        } message: {
          TextState(LoadError(error).message)
        }
        return .none

      case .alert, .delegate:
        return .none
      }
    }
    .ifLet(\.$alert, action: Action.alert)
  }
}
