import ComposableArchitecture
import Foundation

@Reducer
struct Counter {
  @ObservableState
  struct State: Equatable {
    var count = 0
    var fact: String?
    @Presents var destination: Destination.State?
  }

  enum Action {
    case incrementTapped
    case factTapped
    case factResponse(String)
    case resetTapped
    case destination(PresentationAction<Destination.Action>)
  }

  @Reducer(state: .equatable)
  enum Destination {
    case note(Note)
    case alert(AlertState<Alert>)

    @CasePathable
    enum Alert {
      case confirmReset
    }
  }

  enum CancelID { case fact }

  @Dependency(\.numberFact) var numberFact
  @Dependency(\.mainQueue) var mainQueue

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped:
        state.count += 1
        return .none
      case .factTapped:
        return .run { [count = state.count] send in
          try await mainQueue.sleep(for: 0.5)
          await send(.factResponse(try await numberFact.fetch(count: count)))
        }
        .debounce(id: CancelID.fact, for: 0.3, scheduler: mainQueue)
      case .factResponse(let fact):
        state.fact = fact
        return .none
      case .resetTapped:
        state.destination = .alert(
          AlertState { TextState("Reset?") } actions: {
            ButtonState(role: .destructive, action: .confirmReset) { TextState("Reset") }
          })
        return .none
      case .destination(.presented(.alert(.confirmReset))):
        state.count = 0
        return .none
      case .destination:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
  }
}

@Reducer
struct Note {
  @ObservableState
  struct State: Equatable {
    var text = ""
  }

  @CasePathable
  enum Action {
    case textChanged(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .textChanged(let text):
        state.text = text
        return .none
      }
    }
  }
}

@DependencyClient
struct NumberFactClient: Sendable {
  var fetch: @Sendable (_ count: Int) async throws -> String
  var isEnabled: @Sendable () -> Bool = { true }
}

extension NumberFactClient: TestDependencyKey {
  static let testValue = NumberFactClient()
}

extension DependencyValues {
  var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}
