import ReducerKit
import ReducerKitTesting
import Testing

/// Case patterns that name a case or a field called like a member of the pattern type itself
/// (`description`), as TCA's case key paths reach them.
@MainActor
@Suite struct PatternMemberNamesTests {
  struct Item: Reducer {
    struct State: Equatable, Identifiable, Sendable {
      let id: Int
      var description = ""
    }
    enum Action: BindableAction, Equatable, Sendable {
      case binding(BindingAction<State>)
      case description(String)
    }
    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        if case .description(let text) = action { state.description = text.uppercased() }
        return .none
      }
    }
  }

  struct List: Reducer {
    struct State: Equatable, Sendable {
      var items: IdentifiedArrayOf<Item.State> = [Item.State(id: 1)]
    }
    enum Action: Equatable, Sendable {
      case items(IdentifiedActionOf<Item>)
    }
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .forEach(\.items, action: \.items) { Item() }
    }
  }

  @Test func aBindingOfAFieldNamedDescriptionIsSentByPattern() async {
    let store = TestStore(initialState: List.State()) { List() }
    await store.send(\.items[id: 1].binding.description, "Milk") {
      $0.items[id: 1]?.description = "Milk"
    }
  }

  @Test func aCaseNamedDescriptionIsSentAndReceivedByPattern() async {
    let store = TestStore(initialState: List.State()) { List() }
    await store.send(\.items[id: 1].description, "eggs") {
      $0.items[id: 1]?.description = "EGGS"
    }
    await store.send(\.items[id: 1].description, "milk") {
      $0.items[id: 1]?.description = "MILK"
    }
  }

  @Test func aPatternStillWritesItselfAsWritten() {
    let pattern: KeyPath<CasePattern<List.Action>, CasePattern<List.Action>> =
      \.items[id: 1].description
    #expect("\(CasePattern<List.Action>()[keyPath: pattern])" == #"\.items[id: 1].description"#)
  }
}
