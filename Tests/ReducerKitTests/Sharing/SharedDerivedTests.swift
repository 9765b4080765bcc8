import Foundation
import Observation
import ReducerKit
import ReducerKitTesting
import Testing

struct SharedTodo: Equatable, Identifiable, Sendable {
  let id: Int
  var title: String
}

/// A row editing the one todo it was handed.
struct TodoRow: Reducer {
  struct State: Equatable, Sendable {
    @Shared var todo: SharedTodo
  }
  enum Action: Equatable, Sendable { case rename(String) }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .rename(let title): state.$todo.title.withLock { $0 = title }
    }
    return .none
  }
}

/// Shared values derived from optionals and identified arrays.
@MainActor
@Suite struct SharedDerivedTests {
  struct Account: Equatable, Sendable {
    var profile: Profile?
  }

  @Test func unwrappingIsNilForNilAndReadsAndWritesTheBaseOtherwise() throws {
    let missing = Shared<Profile?>(value: nil)
    #expect(Shared(missing) == nil)

    let base = Shared<Profile?>(value: Profile(name: "Blob"))
    let profile = try #require(Shared(base))
    #expect(profile.wrappedValue.name == "Blob")
    profile.withLock { $0.name = "Blobby" }
    #expect(base.wrappedValue?.name == "Blobby")
    base.withLock { $0?.name = "Blob Jr" }
    #expect(profile.wrappedValue.name == "Blob Jr")
    base.withLock { $0 = nil }
    #expect(profile.wrappedValue.name == "Blob Jr")
  }

  @Test func onceTheBaseIsNilTheUnwrappedValueKeepsItsLastValue() throws {
    let base = Shared<Profile?>(value: Profile(name: "Blob"))
    let profile = try #require(Shared(base))
    profile.withLock { $0.name = "Blobby" }
    base.withLock { $0 = nil }
    #expect(profile.wrappedValue.name == "Blobby")
    profile.withLock { $0.name = "Gone" }
    #expect(base.wrappedValue == nil)
    #expect(profile.wrappedValue.name == "Gone")
  }

  @Test func anOptionalFieldIsUnwrappedThroughItsMember() throws {
    let account = Shared(value: Account(profile: nil))
    #expect(account.wrappedValue.profile == nil)
    account.withLock { $0.profile = Profile(name: "Blob") }
    let profile = try #require(account.profile)
    profile.stats.visits.withLock { $0 += 1 }
    #expect(account.wrappedValue.profile?.stats.visits == 1)
  }

  @Test func anElementByIDFollowsItWhereverItMoves() throws {
    let todos = Shared(
      value: IdentifiedArray(uniqueElements: [
        SharedTodo(id: 1, title: "Milk"), SharedTodo(id: 2, title: "Eggs"),
      ]))
    #expect(todos[id: 3] == nil)
    let eggs = try #require(todos[id: 2])
    todos.withLock { $0.reverse() }
    eggs.withLock { $0.title = "Bread" }
    #expect(todos.wrappedValue.elements.map(\.title) == ["Bread", "Milk"])
    todos.withLock { $0[id: 2]?.title = "Jam" }
    #expect(eggs.wrappedValue.title == "Jam")
  }

  @Test func aRemovedElementKeepsItsLastValueAndNoLongerReachesTheArray() throws {
    let todos = Shared(value: IdentifiedArray(uniqueElements: [SharedTodo(id: 1, title: "Milk")]))
    let milk = try #require(todos[id: 1])
    todos.withLock { $0.remove(id: 1) }
    #expect(milk.wrappedValue.title == "Milk")
    milk.withLock { $0.title = "Oat milk" }
    #expect(todos.wrappedValue.isEmpty)
    #expect(milk.wrappedValue.title == "Oat milk")
  }

  @Test func eachElementIsASharedValueIdentifiedAsItsElement() {
    let todos = Shared(
      value: IdentifiedArray(uniqueElements: [
        SharedTodo(id: 1, title: "Milk"), SharedTodo(id: 2, title: "Eggs"),
      ]))
    let rows = todos.elements()
    #expect(rows.map(\.id) == [1, 2])
    rows[1].withLock { $0.title = "Bread" }
    #expect(todos.wrappedValue[id: 2]?.title == "Bread")
    let reader = SharedReader(rows[0])
    #expect(reader.id == 1)
  }

  @Test func eachElementOfAnArrayIsASharedValueOfItsPosition() {
    let titles = Shared(value: ["Milk", "Eggs"])
    let rows = titles.elements()
    rows[1].withLock { $0 = "Bread" }
    #expect(titles.wrappedValue == ["Milk", "Bread"])
    titles.withLock { $0.reverse() }
    #expect(rows[0].wrappedValue == "Bread")
    #expect(rows[1].wrappedValue == "Milk")
    titles.withLock { $0.removeLast() }
    #expect(rows[1].wrappedValue == "Milk")
    rows[1].withLock { $0 = "Oat milk" }
    #expect(titles.wrappedValue == ["Bread"])
    #expect(rows[1].wrappedValue == "Oat milk")
  }

  @Test func observersOfTheArraySeeAChangeMadeThroughAnElement() throws {
    let todos = Shared(value: IdentifiedArray(uniqueElements: [SharedTodo(id: 1, title: "Milk")]))
    let milk = try #require(todos[id: 1])
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = todos.wrappedValue
    } onChange: {
      changed.setValue(true)
    }
    milk.withLock { $0.title = "Oat milk" }
    #expect(changed.value)
  }

  @Test func aSharedFieldEncodesAsItsValueAndDecodesUnshared() throws {
    struct Settings: Codable, Equatable, Sendable {
      @Shared(.inMemory("codable-volume")) var volume = 3
    }
    let settings = Settings()
    let data = try JSONEncoder().encode(settings)
    #expect(String(decoding: data, as: UTF8.self) == #"{"volume":3}"#)
    let decoded = try JSONDecoder().decode(
      Settings.self, from: #"{"volume":7}"#.data(using: .utf8)!)
    #expect(decoded.volume == 7)
    #expect(settings.volume == 3)
  }

  @Test func aTestStoreOfAChildAssertsTheChangeThroughEitherHolder() async throws {
    let todos = Shared(value: IdentifiedArray(uniqueElements: [SharedTodo(id: 1, title: "Milk")]))
    let todo = try #require(todos[id: 1])
    let store = TestStore(initialState: TodoRow.State(todo: todo)) { TodoRow() }
    await store.send(.rename("Oat milk")) { $0.$todo.title.withLock { $0 = "Oat milk" } }
    #expect(todos.wrappedValue[id: 1]?.title == "Oat milk")
    await expectIssues {
      await store.send(.rename("Soy milk"))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""send" changed state, but the test expected no change."#) ?? false
    }
  }
}
