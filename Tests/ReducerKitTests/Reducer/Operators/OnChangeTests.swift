import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct OnChangeTests {
  struct Search: Reducer {
    struct State: Equatable, Sendable {
      var query = ""
      var other = 0
      var changes: [String] = []
    }
    enum Action: Equatable, Sendable {
      case setQuery(String)
      case bumpOther
      case reload(String)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .setQuery(let query): state.query = query
        case .bumpOther: state.other += 1
        case .reload(let query): state.changes.append("reloaded \(query)")
        }
        return .none
      }
      .onChange(of: \.query) { oldQuery, newQuery in
        Reduce { state, _ in
          state.changes.append("\(oldQuery) -> \(newQuery)")
          return .send(.reload(newQuery))
        }
      }
    }
  }

  @Test func runsTheReducerOnlyWhenTheValueChanges() async {
    let store = TestStore(initialState: Search.State()) { Search() }
    await store.send(.setQuery("a")) {
      $0.query = "a"
      $0.changes = [" -> a"]
    }
    await store.receive(.reload("a")) { $0.changes.append("reloaded a") }
    await store.send(.setQuery("a"))
    await store.send(.bumpOther) { $0.other = 1 }
  }

  @Test func takesADuplicateCheckForOtherValues() async {
    struct Feature: Reducer {
      struct Box: Sendable {
        var value: Int
        static func isSame(_ lhs: Box, _ rhs: Box) -> Bool { lhs.value == rhs.value }
      }
      struct State: Equatable, Sendable {
        var box = 0
        var log: [Int] = []
        var boxed: Box { Box(value: box) }
      }
      enum Action: Sendable { case set(Int) }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          if case .set(let value) = action { state.box = value }
          return .none
        }
        .onChange(of: \.boxed, removeDuplicates: Box.isSame) { _, new in
          Reduce { state, _ in
            state.log.append(new.value)
            return .none
          }
        }
      }
    }
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.set(2)) {
      $0.box = 2
      $0.log = [2]
    }
    await store.send(.set(2))
  }
}
