import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// The README's feature, parent and test, kept compiling and passing.
enum Readme {
  struct NumberFactClient: Sendable {
    var fetch: @Sendable (Int) async throws -> String
  }

  struct Counter: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var fact: String?
    }
    enum Action: CasePathable, Sendable {
      case view(View)
      case `internal`(Internal)
      enum View: Sendable { case incrementTapped, factTapped }
      enum Internal: Sendable { case factResponse(Result<String, any Error>) }
    }
    enum CancelID: Hashable, Sendable { case fact }

    @Dependency(\.readmeNumberFact) var numberFact

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .view(.incrementTapped):
          state.count += 1
          return .none
        case .view(.factTapped):
          return .run { [count = state.count, numberFact] send in
            await send(.internal(.factResponse(Result { try await numberFact.fetch(count) })))
          }
          .cancellable(id: CancelID.fact, cancelInFlight: true)
        case .internal(.factResponse(.success(let fact))):
          state.fact = fact
          return .none
        case .internal(.factResponse(.failure)):
          return .none
        }
      }
    }
  }

  struct App: Reducer {
    struct State: Equatable, Sendable { var counter = Counter.State() }
    enum Action: Sendable { case counter(Counter.Action) }

    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: Action.counter) { Counter() }
    }
  }
}

extension Readme {
  /// The README's middleware and debugging example.
  struct Logged: Reducer {
    var body: some ReducerOf<Counter> {
      Counter()
        .intercept { state, action, next in
          let start = ContinuousClock.now
          defer { _ = (action, ContinuousClock.now - start) }
          return next(&state, action)
        }
        ._printChanges(to: { _ in })
    }
  }

  /// The README's loading example.
  struct ProfileFeature: Reducer {
    struct Profile: Equatable, Sendable { var name: String }
    enum Operation: Hashable, Sendable { case save }
    struct State: Equatable, Sendable {
      var profile: Loadable<Profile> = .idle
      var operations = OperationTracker<Operation>()
    }
    enum Action: Equatable, Sendable {
      case refreshPulled
      case profileResponse(Result<Profile, LoadError>)
    }
    enum CancelID: Hashable, Sendable { case profile }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .refreshPulled:
        state.profile.startLoading()
        return .load(id: CancelID.profile, response: Action.profileResponse) {
          Profile(name: "Blob")
        }
      case .profileResponse(let result):
        state.profile.finish(result)
        return .none
      }
    }
  }

  /// The README's alert example.
  struct Todo: Reducer {
    struct State: Equatable, Sendable {
      @Presents var alert: AlertState<Action.Alert>?
      var isDeleted = false
    }
    enum Action: Equatable, Sendable {
      case alert(PresentationAction<Alert>)
      case deleteTapped
      enum Alert: Equatable, Sendable { case confirmDeletion }
    }

    static let deleteAlert = AlertState<Action.Alert> {
      TextState("Delete this todo?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .deleteTapped:
          state.alert = Self.deleteAlert
        case .alert(.presented(.confirmDeletion)):
          state.isDeleted = true
        case .alert:
          break
        }
        return .none
      }
      .ifLet(\.$alert, action: Action.alert)
    }
  }

  /// The README's shared-state example.
  struct Settings: Codable, Equatable, Sendable { var isHapticsOn = true }

  struct Profile: Reducer {
    struct State: Equatable, Sendable {
      @Shared(.inMemory("visits")) var visits = 0
      @Shared(.fileStorage(.settingsFile)) var settings = Settings()
      @Shared(.appStorage("isOnboarded")) var isOnboarded = false
    }
    enum Action: Sendable { case appeared, hapticsToggled }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .appeared: state.$visits.withLock { $0 += 1 }
      case .hapticsToggled: state.$settings.isHapticsOn.withLock { $0.toggle() }
      }
      return .none
    }
  }
}

extension URL {
  static let settingsFile = URL(fileURLWithPath: "/readme/settings.json")
}

extension Readme.NumberFactClient: DependencyKey {
  static let liveValue = Self { number in "\(number) is a number" }
  static let testValue = Self(fetch: unimplemented("NumberFactClient.fetch"))
}

extension DependencyValues {
  var readmeNumberFact: Readme.NumberFactClient {
    get { self[Readme.NumberFactClient.self] }
    set { self[Readme.NumberFactClient.self] = newValue }
  }
}

@MainActor
@Suite struct ReadmeTests {
  @Test func fact() async {
    let store = TestStore(initialState: Readme.Counter.State()) {
      Readme.Counter()
    } withDependencies: {
      $0.readmeNumberFact.fetch = { "\($0) is a good number" }
    }
    await store.send(.view(.incrementTapped)) { $0.count = 1 }
    await store.send(.view(.factTapped))
    await store.receive(\.internal.factResponse.success, "1 is a good number") {
      $0.fact = "1 is a good number"
    }
  }

  @Test func caseAccessOnTheReadmeCounter() {
    let action = Readme.Counter.Action.internal(.factResponse(.success("fact")))
    #expect(action.is(\.internal.factResponse.success))
    #expect(!action.is(\.view.factTapped))
  }

  @Test func parent() async {
    let store = Store(initialState: Readme.App.State()) {
      Readme.App()
    } withDependencies: {
      $0.context = .live
    }
    let counter = store.scope(state: \.counter, action: Readme.App.Action.counter)
    counter.send(.view(.incrementTapped))
    await store.send(.counter(.view(.factTapped))).finish()
    #expect(store.counter.count == 1)
    #expect(store.counter.fact == "1 is a number")
  }

  @Test func watchingAStore() async {
    let store = Store(initialState: Readme.Counter.State()) { Readme.Counter() }
    var seen: [Int] = []
    for await count in store.observe(\.count) {
      seen.append(count)
      if count == 0 { store.send(.view(.incrementTapped)) } else { break }
    }
    #expect(seen == [0, 1])

    var printed: [String] = []
    let token = observe { printed.append("count: \(store.count)") }
    store.send(.view(.incrementTapped))
    for _ in 0..<20 { await Task.yield() }
    #expect(printed == ["count: 1", "count: 2"])
    _ = token
  }

  @Test func middlewareAndLoading() async {
    let logged = TestStore(initialState: Readme.Counter.State()) { Readme.Logged() }
    await logged.send(.view(.incrementTapped)) { $0.count = 1 }

    let store = TestStore(initialState: Readme.ProfileFeature.State()) {
      Readme.ProfileFeature()
    }
    await store.send(.refreshPulled) { $0.profile = .loading(previous: nil) }
    await store.receive(\.profileResponse) { $0.profile = .loaded(.init(name: "Blob")) }
  }

  @Test func alert() async {
    let store = TestStore(initialState: Readme.Todo.State()) { Readme.Todo() }
    await store.send(.deleteTapped) { $0.alert = Readme.Todo.deleteAlert }
    await store.send(.alert(.presented(.confirmDeletion))) {
      $0.alert = nil
      $0.isDeleted = true
    }
    await store.send(.deleteTapped) { $0.alert = Readme.Todo.deleteAlert }
    let cancel = try! #require(store.state.alert?.buttons.last)
    await store.send(.alert(cancel.presentationAction)) { $0.alert = nil }
  }

  @Test func sharedState() async {
    let store = TestStore(initialState: Readme.Profile.State()) { Readme.Profile() }
    await store.send(.appeared) { $0.$visits.withLock { $0 = 1 } }
    await store.send(.hapticsToggled) { $0.$settings.isHapticsOn.withLock { $0 = false } }
  }
}
