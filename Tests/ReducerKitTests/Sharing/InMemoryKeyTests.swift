import ReducerKit
import ReducerKitTesting
import Testing

/// A counter whose two counts are shared in memory, one through a key with its own default.
private struct Tally: Reducer {
  struct State: Equatable, Sendable {
    @Shared(.inMemory("tally")) var count = 0
    @Shared(.tallyWithDefault) var countTwo
  }
  enum Action: Equatable, Sendable { case increment }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.$count.withLock { $0 += 1 }
    state.$countTwo.withLock { $0 += 1 }
    return .none
  }
}

extension SharedKey where Self == InMemoryKey<Int>.Default {
  fileprivate static var tallyWithDefault: Self { Self[.inMemory("tallyWithDefault"), default: 0] }
}

/// Three tallies: the first two share their counts; the third was made in a storage of its own.
private struct Tallies: Reducer {
  struct State: Equatable, Sendable {
    var first = Tally.State()
    var second = Tally.State()
    var apart = withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      Tally.State()
    }
  }
  enum Action: Equatable, Sendable {
    case first(Tally.Action)
    case second(Tally.Action)
    case apart(Tally.Action)
  }
  var body: some ReducerOf<Self> {
    Scope(state: \.first, action: Action.first) { Tally() }
    Scope(state: \.second, action: Action.second) { Tally() }
    Scope(state: \.apart, action: Action.apart) { Tally() }
  }
}

/// Holds a reference, to tell when a shared value is released.
private final class Token: Sendable {}

/// In-memory keys share a value per name within a storage: the default one (the app's, or the
/// running test's), or an `InMemoryStorage` of one's own (TCA's SharedInMemoryTests).
@MainActor
@Suite struct InMemoryKeyTests {
  @Test func siblingsShareAndAStorageOfItsOwnKeepsItsValuesApart() async {
    let store = TestStore(initialState: Tallies.State()) { Tallies() }
    await store.send(.first(.increment)) {
      $0.first.$count.withLock { $0 = 1 }
      $0.first.$countTwo.withLock { $0 = 1 }
      #expect($0.second.count == 1)
      #expect($0.apart.count == 0)
    }
    await store.send(.second(.increment)) {
      $0.second.$count.withLock { $0 = 2 }
      $0.second.$countTwo.withLock { $0 = 2 }
      #expect($0.first.countTwo == 2)
    }
    await store.send(.apart(.increment)) {
      $0.apart.$count.withLock { $0 = 1 }
      $0.apart.$countTwo.withLock { $0 = 1 }
      #expect($0.first.count == 2)
    }
  }

  @Test func anUnassertedSharedChangeShowsInEveryHolder() async {
    let store = TestStore(initialState: Tallies.State()) { Tallies() }
    await expectIssues {
      await store.send(.first(.increment))
    } matching: { issue in
      let text = issue.comments.first?.rawValue ?? ""
      // Both holders of the shared counts show the change; the tally apart shows none.
      return text.hasPrefix(#""send" changed state, but the test expected no change."#)
        && text.components(separatedBy: "+     count: 1,").count == 3
        && text.components(separatedBy: "+     countTwo: 1").count == 3
    }
  }

  @Test func keysMadeInOneStorageShareAndOtherStoragesDoNot() {
    let storage = InMemoryStorage()
    let (first, second) = withDependencies {
      $0.defaultInMemoryStorage = storage
    } operation: {
      (Shared(wrappedValue: 0, .inMemory("n")), Shared(wrappedValue: 5, .inMemory("n")))
    }
    @Shared(.inMemory("n")) var outside = 7
    first.withLock { $0 += 1 }
    #expect(second.wrappedValue == 1)
    #expect(outside == 7)

    let another = withDependencies {
      $0.defaultInMemoryStorage = InMemoryStorage()
    } operation: {
      Shared(wrappedValue: 9, .inMemory("n"))
    }
    #expect(another.wrappedValue == 9)
    let again = withDependencies {
      $0.defaultInMemoryStorage = storage
    } operation: {
      Shared(wrappedValue: 0, .inMemory("n"))
    }
    #expect(again.wrappedValue == 1)
  }

  @Test func storagesAreEqualWhenTheyAreTheSame() {
    let storage = InMemoryStorage()
    let copy = storage
    #expect(storage == copy)
    #expect(storage != InMemoryStorage())
    @Dependency(\.defaultInMemoryStorage) var defaultStorage
    #expect(defaultStorage != storage)
    let inner = withDependencies {
      $0.defaultInMemoryStorage = storage
    } operation: {
      DependencyValues.current.defaultInMemoryStorage
    }
    #expect(inner == storage)
    #expect(Set([storage, copy, InMemoryStorage()]).count == 2)
  }

  @Test func aStorageAndItsValuesGoWhenNothingHoldsThem() {
    weak var released: Token?
    do {
      let token = Token()
      released = token
      let shared = withDependencies {
        $0.defaultInMemoryStorage = InMemoryStorage()
      } operation: {
        Shared(wrappedValue: token, .inMemory("token"))
      }
      #expect(shared.wrappedValue === token)
    }
    #expect(released == nil)
  }

  @Test func aTaskTheTestStartsSeesTheTestsValues() async {
    @Shared(.inMemory("perTest")) var value = 0
    $value.withLock { $0 += 1 }
    // A task the test starts is part of the test; a detached one is not.
    let fromATask = await Task {
      Shared(wrappedValue: 0, .inMemory("perTest")).wrappedValue
    }.value
    #expect(fromATask == 1)
  }
}
