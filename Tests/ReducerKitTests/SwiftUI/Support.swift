import ReducerKit

/// A feature with every kind of child a view presents: a presented child, a destination enum
/// with an editor and an alert, rows, and a stack; it logs each action it reduces.
struct ViewHost: Reducer {
  struct Editor: Reducer {
    struct State: Equatable, Sendable { var text = "" }
    enum Action: Equatable, Sendable { case textChanged(String) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .textChanged(let text) = action { state.text = text }
      return .none
    }
  }
  struct Row: Reducer {
    struct State: Equatable, Identifiable, Sendable {
      let id: Int
      var count = 0
    }
    enum Action: Equatable, Sendable { case increment }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }
  struct Destination: Reducer {
    @dynamicMemberLookup
    enum State: CasePathable, Equatable, Sendable {
      case editor(Editor.State)
      case alert(AlertState<Alert>)
    }
    enum Action: Equatable, Sendable {
      case editor(Editor.Action)
      case alert(Alert)
    }
    enum Alert: Equatable, Sendable { case confirm }
    var body: some ReducerOf<Self> {
      Scope(state: \.editor, action: \.editor) { Editor() }
    }
  }
  struct State: Equatable, Sendable {
    var query = ""
    var rows: IdentifiedArrayOf<Row.State> = []
    var path = StackState<Editor.State>()
    @Presents var child: Editor.State?
    @Presents var destination: Destination.State?
    var log: [Action] = []
  }
  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case rows(IdentifiedActionOf<Row>)
    case path(StackActionOf<Editor>)
    case child(PresentationAction<Editor.Action>)
    case destination(PresentationAction<Destination.Action>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.log.append(action)
      if case .queryChanged(let query) = action { state.query = query }
      return .none
    }
    .forEach(\.rows, action: \.rows) { Row() }
    .forEach(\.path, action: \.path) { Editor() }
    .ifLet(\.$child, action: \.child) { Editor() }
    .ifLet(\.$destination, action: \.destination) { Destination() }
  }
}
