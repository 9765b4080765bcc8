import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct BindingReducerTests {
  struct Settings: Reducer {
    struct State: Equatable, Sendable {
      var query = ""
      var notifications = Notifications()
      var log: [String] = []
    }
    struct Notifications: Equatable, Sendable {
      var isOn = false
      var volume = 5
    }
    enum Action: BindableAction, Equatable, Sendable {
      case binding(BindingAction<State>)
      case search(String)
    }

    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .binding(\.query):
          return .send(.search(state.query))
        case .binding(\.notifications.volume):
          state.log.append("volume is now \(state.notifications.volume)")
          return .none
        case .binding:
          return .none
        case .search(let query):
          state.log.append("searched \(query)")
          return .none
        }
      }
    }
  }

  @Test func setsFieldsAndNestedFields() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.binding(.set(\.notifications.isOn, true))) {
      $0.notifications.isOn = true
    }
    await store.send(.set(\.notifications.volume, 7)) {
      $0.notifications.volume = 7
      $0.log = ["volume is now 7"]
    }
  }

  @Test func theParentReactsToASpecificField() async {
    let store = TestStore(initialState: Settings.State()) { Settings() }
    await store.send(.set(\.query, "blob")) { $0.query = "blob" }
    await store.receive(.search("blob")) { $0.log = ["searched blob"] }
  }
}

/// A feature with its binding case inside the `View` category.
struct CategorizedForm: Reducer {
  struct State: Equatable, Sendable {
    var name = ""
    var log: [String] = []
  }
  enum Action: Equatable, Sendable {
    case view(View)
    enum View: BindableAction, Equatable, Sendable {
      case binding(BindingAction<State>)
      case saveTapped
    }
  }
  var body: some ReducerOf<Self> {
    BindingReducer(action: Action.view)
    Reduce { state, action in
      switch action {
      case .view(.binding(\.name)):
        state.log.append("name is \(state.name)")
        return .none
      case .view(.binding), .view(.saveTapped):
        return .none
      }
    }
  }
}

@MainActor
@Suite struct NestedBindingReducerTests {
  @Test func appliesBindingsNestedInTheViewCategory() async {
    let store = TestStore(initialState: CategorizedForm.State()) { CategorizedForm() }
    await store.send(.view(.set(\.name, "Blob"))) {
      $0.name = "Blob"
      $0.log = ["name is Blob"]
    }
    await store.send(.view(.saveTapped))
  }

  /// The same feature, its view case named by a case pattern, as TCA writes it.
  struct PatternForm: Reducer {
    typealias State = CategorizedForm.State
    typealias Action = CategorizedForm.Action
    var body: some ReducerOf<Self> {
      BindingReducer(action: \.view)
    }
  }

  @Test func appliesBindingsInTheCaseAPatternNames() async {
    let store = TestStore(initialState: CategorizedForm.State()) { PatternForm() }
    await store.send(.view(.set(\.name, "Blob"))) { $0.name = "Blob" }
    await store.send(.view(.saveTapped))
  }

  /// A pattern naming a case that holds no binding actions of this state.
  struct MisnamedForm: Reducer {
    typealias State = CategorizedForm.State
    enum Action: Equatable, Sendable {
      case view(CategorizedForm.Action.View)
      case other(Int)
    }
    var body: some ReducerOf<Self> {
      BindingReducer(action: \.other)
    }
  }

  @Test func aPatternNamingNoBindableCaseIsAWarningAndAppliesNothing() async {
    await expectIssues {
      let store = TestStore(initialState: CategorizedForm.State()) { MisnamedForm() }
      await store.send(.view(.set(\.name, "Blob")))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""BindingReducer" was given the case pattern \.other, which names no case of"#) == true
    }
  }
}

/// Scenarios after TCA's BindingReducerTests.
@MainActor
@Suite struct BindingReducerScenarioTests {
  /// Reacts to one value of a field before reacting to the field.
  struct Marker: Reducer {
    struct State: Equatable, Sendable {
      var nested = Nested()
      struct Nested: Equatable, Sendable { var field = "" }
    }
    enum Action: BindableAction, Equatable, Sendable {
      case binding(BindingAction<State>)
    }
    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .binding(.set(\.nested, State.Nested(field: "special"))):
          state.nested.field += "*"
        case .binding(\.nested):
          state.nested.field += "!"
        case .binding(\.nested.field):
          state.nested.field += "?"
        case .binding:
          break
        }
        return .none
      }
    }
  }

  @Test func aParentMatchesAValueBeforeTheFieldItSets() async {
    let store = TestStore(initialState: Marker.State()) { Marker() }
    await store.send(.set(\.nested, Marker.State.Nested(field: "special"))) {
      $0.nested.field = "special*"
    }
    await store.send(.set(\.nested, Marker.State.Nested(field: "Hello"))) {
      $0.nested.field = "Hello!"
    }
    // A field of the nested value is a field of its own.
    await store.send(.set(\.nested.field, "Hi")) { $0.nested.field = "Hi?" }
  }

  @Test func aBindingActionGivesTheValueItSetsForItsOwnField() {
    let action = BindingAction<Marker.State>.set(\.nested.field, "Blob")
    #expect(action.value(at: \.nested.field) == "Blob")
    #expect(action.value(at: \.nested) == nil)
    #expect(action == .set(\.nested.field, "Blob"))
    #expect(action != .set(\.nested.field, "Blob Jr."))
  }
}
