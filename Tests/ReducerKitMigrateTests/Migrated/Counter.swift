import ReducerKit
import Foundation

struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
    var fact: String?
    @Presents var destination: Destination.State?
  }

  enum Action: CasePathable, Sendable {
    case incrementTapped
    case factTapped
    case factResponse(String)
    case resetTapped
    case destination(PresentationAction<Destination.Action>)
  }

  struct Destination: CaseReducer {
    @dynamicMemberLookup
    enum State: CasePathable, Equatable {
      case note(Note.State)
      case alert(AlertState<Alert>)
    }
    enum Action: CasePathable, Sendable {
      case note(Note.Action)
      case alert(Alert)
    }
    enum CaseScope: CaseScopeEnum {
      case note(Store<Note.State, Note.Action>)
      case alert(Store<AlertState<Alert>, Alert>)
    }

    enum Alert: CasePathable {
      case confirmReset
    }

    init() {}

    var body: some ReducerOf<Self> {
      Scope(state: \.note, action: \.note) { Note() }
    }
  }

  enum CancelID { case fact }

  @Dependency(\.numberFact) var numberFact
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .incrementTapped:
        state.count += 1
        return .none
      case .factTapped:
        return .run { [count = state.count] send in
          try await clock.sleep(for: .seconds(0.5))
          await send(.factResponse(try await numberFact.fetch(count: count)))
        }
        .debounce(id: CancelID.fact, for: .seconds(0.3), clock: clock)
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

struct Note: Reducer {
  struct State: Equatable {
    var text = ""
  }

  enum Action: CasePathable, Sendable {
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

struct NumberFactClient: Sendable {
  var fetch: @Sendable (_ count: Int) async throws -> String
  var isEnabled: @Sendable () -> Bool

  init(
    fetch: @escaping @Sendable (_ count: Int) async throws -> String = unimplemented("NumberFactClient.fetch"),
    isEnabled: @escaping @Sendable () -> Bool = unimplemented("NumberFactClient.isEnabled", placeholder: true)
  ) {
    self.fetch = fetch
    self.isEnabled = isEnabled
  }

  func fetch(count: Int) async throws -> String {
    try await self.fetch(count)
  }
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

extension Counter.Destination.State: CaseReducerState { typealias StateReducer = Counter.Destination }

extension Counter.State: ReducerState { typealias StateReducer = Counter }

extension Note.State: ReducerState { typealias StateReducer = Note }
