import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// A reusable component, generic over what it favorites: toggles at once, confirms with a
/// request, and rolls back with an alert when the request fails (TCA's ReusableFavoriting case
/// study).
private struct FavoritingState<ID: Hashable & Sendable>: Equatable, Sendable {
  var alert: AlertState<FavoritingAction.Alert>?
  let id: ID
  var isFavorite: Bool
}

private enum FavoritingAction: Equatable, Sendable {
  case alert(PresentationAction<Alert>)
  case buttonTapped
  case response(TaskResult<Bool>)

  enum Alert: Equatable, Sendable {}
}

private struct Favoriting<ID: Hashable & Sendable>: Reducer {
  let favorite: @Sendable (ID, Bool) async throws -> Bool

  private struct CancelID: Hashable, Sendable { let id: ID }

  func reduce(
    into state: inout FavoritingState<ID>, action: FavoritingAction
  ) -> Effect<FavoritingAction> {
    switch action {
    case .alert(.dismiss):
      state.alert = nil
      state.isFavorite.toggle()
      return .none
    case .alert:
      return .none
    case .buttonTapped:
      state.isFavorite.toggle()
      return .run { [id = state.id, isFavorite = state.isFavorite, favorite] send in
        await send(.response(TaskResult { try await favorite(id, isFavorite) }))
      }
      .cancellable(id: CancelID(id: state.id), cancelInFlight: true)
    case .response(.failure):
      state.alert = AlertState { TextState("Favoriting failed.") }
      return .none
    case .response(.success(let isFavorite)):
      state.isFavorite = isFavorite
      return .none
    }
  }
}

private struct Episode: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    var alert: AlertState<FavoritingAction.Alert>?
    let id: UUID
    var isFavorite = false
    var title = "Functions"

    var favorite: FavoritingState<UUID> {
      get { FavoritingState(alert: alert, id: id, isFavorite: isFavorite) }
      set { (alert, isFavorite) = (newValue.alert, newValue.isFavorite) }
    }
  }
  enum Action: Equatable, Sendable { case favorite(FavoritingAction) }
  let favorite: @Sendable (UUID, Bool) async throws -> Bool

  var body: some ReducerOf<Self> {
    Scope(state: \.favorite, action: Action.favorite) { Favoriting(favorite: favorite) }
  }
}

private struct Episodes: Reducer {
  struct State: Equatable, Sendable { var episodes: IdentifiedArrayOf<Episode.State> }
  enum Action: Equatable, Sendable { case episodes(IdentifiedActionOf<Episode>) }
  let favorite: @Sendable (UUID, Bool) async throws -> Bool

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.episodes, action: Action.episodes) { Episode(favorite: favorite) }
  }
}

/// A list whose rows are lists of the same kind, to any depth: a reducer whose `forEach` runs
/// itself (TCA's recursion case study). A row made without an id takes one from `\.uuid`.
private struct Nested: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: UUID
    var name = ""
    var rows: IdentifiedArrayOf<State> = []

    init(id: UUID? = nil, name: String = "", rows: IdentifiedArrayOf<State> = []) {
      @Dependency(\.uuid) var uuid
      self.id = id ?? uuid()
      self.name = name
      self.rows = rows
    }
  }
  enum Action: Sendable {
    case addRowButtonTapped
    case nameTextFieldChanged(String)
    case onDelete(IndexSet)
    indirect case rows(IdentifiedActionOf<Nested>)
  }
  @Dependency(\.uuid) var uuid

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .addRowButtonTapped:
        state.rows.append(State(id: uuid()))
        return .none
      case .nameTextFieldChanged(let name):
        state.name = name
        return .none
      case .onDelete(let offsets):
        state.rows.remove(atOffsets: offsets)
        return .none
      case .rows:
        return .none
      }
    }
    .forEach(\.rows, action: Action.rows) { Self() }
  }
}

private struct FavoriteError: Error, Equatable {}

/// `forEach` scenario by scenario as TCA's case studies run it.
@MainActor
@Suite struct ForEachScenarioTests {
  private let episodes: IdentifiedArrayOf<Episode.State> = [
    Episode.State(id: UUID(0)), Episode.State(id: UUID(1)), Episode.State(id: UUID(2)),
  ]

  /// The episodes, whose requests take a second of `clock` and confirm what they were asked.
  private func makeStore(clock: TestClock) -> TestStore<Episodes.State, Episodes.Action> {
    TestStore(initialState: Episodes.State(episodes: episodes)) {
      Episodes { _, isFavorite in
        try await clock.sleep(for: .seconds(1))
        return isFavorite
      }
    }
  }

  @Test func aReusableComponentConfirmsEachRowAndATapAgainCancelsTheRequestInFlight() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(\.episodes[id: UUID(0)].favorite.buttonTapped) {
      $0.episodes[id: UUID(0)]?.isFavorite = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.episodes[id: UUID(0)].favorite.response.success)

    await store.send(\.episodes[id: UUID(1)].favorite.buttonTapped) {
      $0.episodes[id: UUID(1)]?.isFavorite = true
    }
    await store.send(\.episodes[id: UUID(1)].favorite.buttonTapped) {
      $0.episodes[id: UUID(1)]?.isFavorite = false
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.episodes[id: UUID(1)].favorite.response.success)
  }

  @Test func aFailedRequestShowsAnAlertAndDismissingItRollsBack() async {
    let store = TestStore(initialState: Episodes.State(episodes: [episodes[0]])) {
      Episodes { _, _ in throw FavoriteError() }
    }
    await store.send(\.episodes[id: UUID(0)].favorite.buttonTapped) {
      $0.episodes[id: UUID(0)]?.isFavorite = true
    }
    await store.receive(\.episodes[id: UUID(0)].favorite.response.failure) {
      $0.episodes[id: UUID(0)]?.alert = AlertState { TextState("Favoriting failed.") }
    }
    await store.send(\.episodes[id: UUID(0)].favorite.alert.dismiss) {
      $0.episodes[id: UUID(0)]?.alert = nil
      $0.episodes[id: UUID(0)]?.isFavorite = false
    }
  }

  @Test func twoRowsRequestAtOnceAndNeitherCancelsTheOther() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(\.episodes[id: UUID(1)].favorite.buttonTapped) {
      $0.episodes[id: UUID(1)]?.isFavorite = true
    }
    await store.send(\.episodes[id: UUID(2)].favorite.buttonTapped) {
      $0.episodes[id: UUID(2)]?.isFavorite = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.episodes[id: UUID(1)].favorite.response.success)
    await store.receive(\.episodes[id: UUID(2)].favorite.response.success)
  }

  @Test func aRecursiveFeatureAddsRowsAtEveryDepth() async {
    let store = TestStore(initialState: Nested.State(id: UUID())) {
      Nested()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.addRowButtonTapped) {
      $0.rows.append(Nested.State(id: UUID(0)))
    }
    await store.send(\.rows[id: UUID(0)].addRowButtonTapped) {
      $0.rows[id: UUID(0)]?.rows.append(Nested.State(id: UUID(1)))
    }
    await store.send(\.rows[id: UUID(0)].rows[id: UUID(1)].nameTextFieldChanged, "Blob") {
      $0.rows[id: UUID(0)]?.rows[id: UUID(1)]?.name = "Blob"
    }
  }

  @Test func aRecursiveFeatureRenamesAndDeletesItsRows() async {
    let store = TestStore(
      initialState: Nested.State(
        id: UUID(),
        rows: [Nested.State(id: UUID(0)), Nested.State(id: UUID(1)), Nested.State(id: UUID(2))]
      )
    ) {
      Nested()
    }
    await store.send(.nameTextFieldChanged("Blob")) { $0.name = "Blob" }
    await store.send(.onDelete(IndexSet(integer: 1))) { $0.rows.remove(id: UUID(1)) }
  }
}
