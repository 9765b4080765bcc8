import ReducerKit
import ReducerKitTesting
import Testing

/// A number a feature reads, to see which of several changes of it wins.
private enum Number: TestDependencyKey {
  static let testValue = 0
}

extension DependencyValues {
  fileprivate var number: Int {
    get { self[Number.self] }
    set { self[Number.self] = newValue }
  }
}

/// A dependency registered by its own type.
private struct Motto: TestDependencyKey, Sendable {
  var text: String
  static let testValue = Motto(text: "test")
}

/// Reads the number (and the motto) into state, at once or from effects of effects.
private struct Reader: Reducer {
  struct State: Equatable, Sendable {
    var number = 0
    var motto = ""
  }
  enum Action: Equatable, Sendable {
    case read
    case readMotto
    case readLater
    case response(Int)
    case secondResponse(Int)
  }
  @Dependency(\.number) var number
  @Dependency(Motto.self) var motto

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .read:
      state.number = number
      return .none
    case .readMotto:
      state.motto = motto.text
      return .none
    case .readLater:
      return .run { [number] send in await send(.response(number)) }
    case .response(let value):
      state.number = value
      return .run { [number] send in await send(.secondResponse(number)) }
    case .secondResponse(let value):
      state.number = value
      return .none
    }
  }
}

/// `.dependency` and `.transformDependency` on reducers: the change closest to the reducer wins,
/// as in TCA's DependencyKeyWritingReducer tests.
@MainActor
@Suite struct DependencyOperatorsTests {
  @Test func theInnermostOfTwoWritesWins() async {
    let store = TestStore(initialState: Reader.State()) {
      Reader()
        .dependency(\.number, 42)
        .dependency(\.number, 1729)
    }
    await store.send(.read) { $0.number = 42 }
  }

  @Test func theInnermostOfTwoTransformsWins() async {
    let store = TestStore(initialState: Reader.State()) {
      Reader()
        .transformDependency(\.number) { $0 = 42 }
        .transformDependency(\.number) { $0 = 1729 }
    }
    await store.send(.read) { $0.number = 42 }
  }

  @Test func aTransformSeesTheValueAnOuterWriteSet() async {
    let store = TestStore(initialState: Reader.State()) {
      Reader()
        .transformDependency(\.number) { $0 += 1 }
        .dependency(\.number, 41)
    }
    await store.send(.read) { $0.number = 42 }
  }

  @Test func aWriteInsideCombinedReducersWinsOverOneAroundThem() async {
    let store = TestStore(initialState: Reader.State()) {
      CombineReducers {
        Reader()
          .dependency(\.number, 42)
      }
      .dependency(\.number, 1729)
    }
    await store.send(.read) { $0.number = 42 }
  }

  @Test func effectsOfEffectsKeepTheChangedValue() async {
    let store = TestStore(initialState: Reader.State()) {
      Reader()
        .dependency(\.number, 42)
    }
    await store.send(.readLater)
    await store.receive(.response(42)) { $0.number = 42 }
    await store.receive(.secondResponse(42))
  }

  @Test func aDependencyRegisteredByItsTypeIsSetByValue() async {
    let store = TestStore(initialState: Reader.State()) {
      Reader()
        .dependency(Motto(text: "inner"))
        .dependency(Motto(text: "outer"))
    }
    await store.send(.readMotto) { $0.motto = "inner" }
  }

  @Test func theStoresOwnChangeGivesWayToTheReducers() async {
    let store = TestStore(initialState: Reader.State()) {
      Reader()
        .dependency(\.number, 42)
    } withDependencies: {
      $0.number = 7
      $0[Motto.self] = Motto(text: "store")
    }
    await store.send(.read) { $0.number = 42 }
    await store.send(.readMotto) { $0.motto = "store" }
  }
}
