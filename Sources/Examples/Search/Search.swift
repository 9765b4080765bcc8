import Foundation
import ReducerKit

/// Searches places as the user types: the query is a binding, a search starts once typing
/// pauses (a debounce on the clock), a newer query cancels the search in flight, results load
/// as a `Loadable`, and a failed search shows an alert that can retry.
public struct Search: Reducer {
  public struct State: Equatable, Sendable {
    public var query = ""
    public var results: Loadable<[Place]> = .idle
    @Presents public var alert: AlertState<Action.Alert>?

    public init(query: String = "") {
      self.query = query
    }
  }

  public enum Action: CasePathable, ViewAction, Sendable {
    case view(View)
    case `internal`(Internal)
    case alert(PresentationAction<Alert>)

    public enum View: BindableAction, Sendable {
      case binding(BindingAction<State>)
      case searchSubmitted
    }
    public enum Internal: Sendable {
      case searchResponse(Result<[Place], any Error>)
    }
    public enum Alert: Equatable, Sendable {
      case retryTapped
    }
  }

  public enum CancelID: Hashable, Sendable { case search }

  /// How long typing must pause before a search starts.
  public static let debounce = Duration.milliseconds(300)

  @Dependency(\.continuousClock) var clock
  @Dependency(\.placeSearch) var placeSearch

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .view(.binding(\.query)):
        guard !state.query.trimmingCharacters(in: .whitespaces).isEmpty else {
          state.results = .idle
          return .cancel(id: CancelID.search)
        }
        state.results.startLoading()
        return search(state.query)
          .debounce(id: CancelID.search, for: Self.debounce, clock: clock)

      case .view(.searchSubmitted), .alert(.presented(.retryTapped)):
        guard !state.query.trimmingCharacters(in: .whitespaces).isEmpty else { return .none }
        state.results.startLoading()
        return search(state.query).cancellable(id: CancelID.search, cancelInFlight: true)

      case .internal(.searchResponse(let result)):
        state.results.finish(result)
        if case .failure(let error) = result {
          state.alert = AlertState {
            TextState("Search failed")
          } actions: {
            ButtonState(action: .retryTapped) { TextState("Retry") }
            ButtonState(role: .cancel) { TextState("OK") }
          } message: {
            TextState(LoadError(error).message)
          }
        }
        return .none

      case .view(.binding), .alert:
        return .none
      }
    }
    .ifLet(\.$alert, action: Action.alert)
  }

  private func search(_ query: String) -> Effect<Action> {
    .run { [placeSearch] send in
      let result = await Result {
        try await placeSearch.search(query.trimmingCharacters(in: .whitespaces))
      }
      await send(.internal(.searchResponse(result)))
    }
  }
}
