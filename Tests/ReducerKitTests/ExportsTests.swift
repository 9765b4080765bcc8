import ReducerKit
import Testing

/// A file that imports ReducerKit alone uses Foundation's types, as with TCA.
@Suite struct ExportsTests {
  struct Timestamped: Reducer {
    struct State: Equatable, Sendable {
      var id = UUID(0)
      var date = Date(timeIntervalSince1970: 0)
      var link = URL(string: "https://example.com")
    }
    enum Action: Sendable { case touch }
    func reduce(into state: inout State, action: Action) -> EffectOf<Self> {
      state.date = state.date.addingTimeInterval(1)
      return .none
    }
  }

  @MainActor @Test func foundationComesWithReducerKit() {
    let store = Store(initialState: Timestamped.State()) { Timestamped() }
    store.send(.touch)
    #expect(store.date == Date(timeIntervalSince1970: 1))
    #expect(store.link?.host == "example.com")
  }
}
