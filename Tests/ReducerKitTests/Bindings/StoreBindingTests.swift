import ReducerKit
import ReducerKitTesting
import Testing

/// Assigning a field of a store of a bindable feature: `store.query = "Blob"`.
@MainActor
@Suite struct StoreBindingTests {
  struct Search: Reducer {
    struct State: Equatable, Sendable {
      var query = ""
      var filters = Filters()
      var searches: [String] = []
    }
    struct Filters: Equatable, Sendable { var isFavorite = false }
    enum Action: BindableAction, Equatable, Sendable {
      case binding(BindingAction<State>)
      case search
    }
    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .binding(\.query):
          return .send(.search)
        case .binding:
          return .none
        case .search:
          state.searches.append(state.query)
          return .none
        }
      }
    }
  }

  @Test func assigningAFieldSendsABindingActionTheFeatureReactsTo() {
    let store = Store(initialState: Search.State()) { Search() }
    store.query = "Blob"
    #expect(store.query == "Blob")
    #expect(store.searches == ["Blob"])
    // A nested field is a field of its own: the parent's `.binding(\.query)` does not match.
    store.filters.isFavorite = true
    #expect(store.filters == Search.Filters(isFavorite: true))
    #expect(store.searches == ["Blob"])
  }

  @Test func aWritableKeyPathToTheStoreSetsThroughTheReducer() {
    // What SwiftUI's `$store.query` uses: a key path that writes to the store.
    let store = Store(initialState: Search.State()) { Search() }
    let query: ReferenceWritableKeyPath<Store<Search.State, Search.Action>, String> = \.query
    store[keyPath: query] = "Blob"
    #expect(store[keyPath: query] == "Blob")
    #expect(store.searches == ["Blob"])
  }

  @Test func aStoreOfAFeatureWithoutBindingReducerWarnsAndLeavesTheField() {
    struct Forgetful: Reducer {
      struct State: Equatable, Sendable { var count = 0 }
      enum Action: BindableAction, Equatable, Sendable {
        case binding(BindingAction<State>)
      }
      func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
    }
    let store = Store(initialState: Forgetful.State()) { Forgetful() }
    expectIssues {
      store.count = 42
    } matching: { issue in
      issue.comments.first?.rawValue == """
        A binding action a store sent was not applied: no "BindingReducer" set the field.

          Field:
            \\State.count
          Value:
            42

        Assigning a field of a store ("store.field = value", or a SwiftUI binding to it) sends \
        a binding action, which the feature's reducer applies. To fix this, put \
        "BindingReducer()" first in the feature's "body".
        """
    }
    #expect(store.count == 0)
  }

  @Test func assigningOnAScopedStoreGoesThroughTheParent() {
    struct Parent: Reducer {
      struct State: Equatable, Sendable { var search = Search.State() }
      enum Action: Sendable { case search(Search.Action) }
      var body: some ReducerOf<Self> {
        Scope(state: \.search, action: Action.search) { Search() }
      }
    }
    let store = Store(initialState: Parent.State()) { Parent() }
    let search = store.scope(state: \.search, action: Parent.Action.search)
    search.query = "Blob"
    #expect(store.search.query == "Blob")
    #expect(store.search.searches == ["Blob"])
  }

  @Test func aBindingActionSentDirectlyIsNotWatched() {
    // Only assignments are checked: a test or a view sending `.binding` itself decides.
    let store = Store(initialState: Search.State()) {
      Reduce<Search.State, Search.Action> { _, _ in .none }
    }
    store.send(.set(\.query, "Blob"))
    #expect(store.query == "")
  }
}

/// Assigning a field of a store whose bindings live in the `view` case of a ``ViewAction``.
@MainActor
@Suite struct StoreViewBindingTests {
  struct Profile: Reducer {
    struct State: Equatable, Sendable {
      var name = ""
      var log: [String] = []
    }
    enum Action: ViewAction, Equatable, Sendable {
      case view(View)
      case `internal`(Internal)
      enum View: BindableAction, Equatable, Sendable {
        case binding(BindingAction<State>)
        case saveTapped
      }
      enum Internal: Equatable, Sendable { case saved }
    }
    let appliesBindings: Bool
    var body: some ReducerOf<Self> {
      if appliesBindings { BindingReducer() }
      Reduce { state, action in
        switch action {
        case .view(.binding(\.name)):
          state.log.append("name is \(state.name)")
          return .none
        case .view(.binding):
          return .none
        case .view(.saveTapped):
          return .send(.internal(.saved))
        case .internal(.saved):
          state.log.append("saved")
          return .none
        }
      }
    }
  }

  @Test func assigningAFieldSendsABindingActionInTheViewCase() {
    let store = Store(initialState: Profile.State()) { Profile(appliesBindings: true) }
    store.name = "Blob"
    #expect(store.name == "Blob")
    #expect(store.log == ["name is Blob"])
  }

  @Test func withoutBindingReducerTheWarningNamesTheOneForTheViewCase() {
    let store = Store(initialState: Profile.State()) { Profile(appliesBindings: false) }
    expectIssues {
      store.name = "Blob"
    } matching: { issue in
      issue.comments.first?.rawValue.hasSuffix(
        """
        To fix this, put "BindingReducer(action: Action.view)" first in the feature's "body".
        """
      ) ?? false
    }
    #expect(store.name == "")
    #expect(store.log == ["name is "])
  }
}
