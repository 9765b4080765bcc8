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
