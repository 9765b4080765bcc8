import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// A dependency registered by its own type, read with `@Dependency(Greeter.self)`.
struct Greeter: TestDependencyKey, Sendable {
  var greet: @Sendable (String) -> String
  static let testValue = Greeter { "hello, \($0)" }
}

/// A dependency with a test value of its own, to see that traits do not leak into other tests.
private enum Motto: TestDependencyKey {
  static let testValue = "default motto"
}

extension DependencyValues {
  fileprivate var motto: String {
    get { self[Motto.self] }
    set { self[Motto.self] = newValue }
  }
}

/// Stamps an id and a date on each note it adds, and greets after a tick of its clock.
private struct Notes: Reducer {
  struct State: Equatable, Sendable {
    var notes: [Note] = []
    var greeting = ""
  }
  struct Note: Equatable, Sendable {
    var id: UUID
    var createdAt: Date
  }
  enum Action: Equatable, Sendable {
    case addTapped
    case greetTapped
    case greeted(String)
  }
  @Dependency(\.uuid) var uuid
  @Dependency(\.date.now) var now
  @Dependency(\.continuousClock) var clock
  @Dependency(Greeter.self) var greeter

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .addTapped:
      state.notes.append(Note(id: uuid(), createdAt: now))
      return .none
    case .greetTapped:
      return .run { [clock, greeter] send in
        try await clock.sleep(for: .seconds(1))
        await send(.greeted(greeter.greet("notes")))
      }
    case .greeted(let greeting):
      state.greeting = greeting
      return .none
    }
  }
}

private let epoch = Date(timeIntervalSince1970: 0)

@MainActor
@Suite(
  .dependencies {
    $0.date.now = Date(timeIntervalSince1970: 0)
    $0.continuousClock = ImmediateClock()
  })
struct DependenciesTraitTests {
  @Test(.dependency(\.uuid, .incrementing))
  func aTestsTraitSetsWhatItsBodyReads() {
    @Dependency(\.uuid) var uuid
    #expect(uuid() == UUID(0))
    #expect(uuid() == UUID(1))
  }

  @Test func aSuitesTraitReachesEachOfItsTests() {
    @Dependency(\.date.now) var now
    #expect(now == epoch)
  }

  @Test(.dependency(\.date.now, Date(timeIntervalSince1970: 42)))
  func aTestsTraitComesOnTopOfItsSuites() {
    @Dependency(\.date.now) var now
    @Dependency(\.continuousClock) var clock
    #expect(now == Date(timeIntervalSince1970: 42))
    // The suite's other change still holds.
    #expect(clock is ImmediateClock)
  }

  @Test(.dependency(\.uuid, .incrementing), .dependency(Greeter { "hi, \($0)" }))
  func aTestStoreAndItsEffectsRunWithTheTraitsValues() async {
    let store = TestStore(initialState: Notes.State()) { Notes() }
    await store.send(.addTapped) {
      $0.notes = [Notes.Note(id: UUID(0), createdAt: epoch)]
    }
    // The suite's immediate clock: the effect's sleep ends at once.
    await store.send(.greetTapped)
    await store.receive(.greeted("hi, notes")) {
      $0.greeting = "hi, notes"
    }
  }

  @Test(.dependency(\.uuid, .incrementing))
  func aTestStoresOwnChangesComeOnTopOfTheTraits() async {
    let store = TestStore(initialState: Notes.State()) {
      Notes()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 7)
    }
    await store.send(.addTapped) {
      $0.notes = [Notes.Note(id: UUID(0), createdAt: Date(timeIntervalSince1970: 7))]
    }
  }

  @Test(.dependency(\.uuid, .incrementing), arguments: [1, 2, 3])
  func eachCaseOfAParameterizedTestGetsAValueOfItsOwn(count: Int) {
    // Made once for the whole test, one generator would hand the second case UUID(1) or later.
    @Dependency(\.uuid) var uuid
    for index in 0..<count {
      #expect(uuid() == UUID(index))
    }
  }

  @Test func aTraitTheTestDoesNotHaveChangesNothing() {
    @Dependency(\.motto) var motto
    @Dependency(Greeter.self) var greeter
    #expect(motto == "default motto")
    #expect(greeter.greet("you") == "hello, you")
  }

  @Suite(.dependency(\.motto, "nested motto"))
  struct Nested {
    @Test func aNestedSuiteGetsItsOwnChangesAndItsParents() {
      @Dependency(\.motto) var motto
      @Dependency(\.date.now) var now
      #expect(motto == "nested motto")
      #expect(now == epoch)
    }
  }
}

/// Two suites that each set up an incrementing generator for every test: each test's ids start at
/// zero, whichever test runs first and however many run in parallel.
@Suite(.dependency(\.uuid, .incrementing))
struct DependenciesTraitFreshValueTests {
  @Test func first() {
    @Dependency(\.uuid) var uuid
    #expect(uuid() == UUID(0))
  }

  @Test func second() {
    @Dependency(\.uuid) var uuid
    #expect(uuid() == UUID(0))
  }
}
