import ReducerKit
import ReducerKitTesting
import Testing

/// Enum reducers whose state names them, run by `forEach` and `ifLet` without a trailing
/// reducer, as TCA writes `@Reducer enum Path` and `@Reducer enum Destination` features.
@MainActor
@Suite struct CaseReducerTests {
  struct Note: Reducer {
    struct State: Equatable, Sendable { var text = "" }
    enum Action: Equatable, Sendable { case typed(String) }
    func reduce(into state: inout State, action: Action) -> EffectOf<Self> {
      guard case .typed(let text) = action else { return .none }
      state.text = text
      return .none
    }
  }

  struct Tally: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable { case add }
    func reduce(into state: inout State, action: Action) -> EffectOf<Self> {
      state.count += 1
      return .none
    }
  }

  struct Screen: CaseReducer {
    enum State: CasePathable, Equatable, Sendable {
      case note(Note.State)
      case tally(Tally.State)
    }
    enum Action: Equatable, Sendable {
      case note(Note.Action)
      case tally(Tally.Action)
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.note, action: \.note) { Note() }
      Scope(state: \.tally, action: \.tally) { Tally() }
    }
  }

  struct Notebook: Reducer {
    struct State: Equatable, Sendable {
      var path = StackState<Screen.State>()
      @Presents var destination: Screen.State?
    }
    enum Action: Equatable, Sendable {
      case path(StackActionOf<Screen>)
      case destination(PresentationAction<Screen.Action>)
    }
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .forEach(\.path, action: \.path)
        .ifLet(\.$destination, action: \.destination)
    }
  }

  @Test func forEachRunsTheReducerTheElementStateNames() async {
    var state = Notebook.State()
    state.path.append(.note(Note.State()))
    state.path.append(.tally(Tally.State()))
    let store = TestStore(initialState: state) { Notebook() }
    await store.send(\.path[id: 0].note.typed, "milk") {
      $0.path[id: 0] = .note(Note.State(text: "milk"))
    }
    await store.send(\.path[id: 1].tally.add) {
      $0.path[id: 1] = .tally(Tally.State(count: 1))
    }
  }

  @Test func ifLetRunsTheReducerThePresentedStateNamesAndDismisses() async {
    var state = Notebook.State()
    state.destination = .tally(Tally.State())
    let store = TestStore(initialState: state) { Notebook() }
    await store.send(\.destination.tally.add) {
      $0.destination = .tally(Tally.State(count: 1))
    }
    await store.send(\.destination.dismiss) { $0.destination = nil }
  }
}

extension CaseReducerTests.Screen.State: CaseReducerState {
  typealias StateReducer = CaseReducerTests.Screen
}
