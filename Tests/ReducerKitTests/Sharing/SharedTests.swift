import Foundation
import Observation
import ReducerKit
import ReducerKitTesting
import Testing

/// A counter whose count is shared under an in-memory key.
struct SharedCounter: Reducer {
  struct State: Equatable, Sendable {
    @Shared(.inMemory("count")) var count = 0
  }
  enum Action: Equatable, Sendable { case increment }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.$count.withLock { $0 += 1 }
    return .none
  }
}

struct Profile: Equatable, Codable, Sendable {
  var name = "Blob"
  var stats = Stats()
  struct Stats: Equatable, Codable, Sendable { var visits = 0 }
}

/// Shared values: one value per key, seen at once by every holder, changed under a lock.
@MainActor
@Suite struct SharedTests {
  @Test func twoFeaturesHoldingAKeySeeOneValue() {
    let first = Store(initialState: SharedCounter.State()) { SharedCounter() }
    let second = Store(initialState: SharedCounter.State()) { SharedCounter() }
    first.send(.increment)
    second.send(.increment)
    #expect(first.count == 2)
    #expect(second.count == 2)
    @Shared(.inMemory("count")) var count = 100
    #expect(count == 2)
  }

  @Test func theDefaultAppliesOnlyToTheFirstHolder() {
    @Shared(.inMemory("greeting")) var first = "hello"
    @Shared(.inMemory("greeting")) var second = "ignored"
    #expect(second == "hello")
    $second.withLock { $0 = "hi" }
    #expect(first == "hi")
  }

  @Test func aValueSharedWithoutAKeyIsSharedByItsCopies() {
    let shared = Shared(value: Profile())
    let copy = shared
    copy.withLock { $0.name = "Blobby" }
    #expect(shared.wrappedValue.name == "Blobby")
    let other = Shared(value: Profile())
    #expect(other.wrappedValue.name == "Blob")
  }

  @Test func aDerivedFieldReadsAndWritesTheParent() {
    let profile = Shared(value: Profile())
    let visits = profile.stats.visits
    visits.withLock { $0 += 2 }
    #expect(profile.wrappedValue.stats.visits == 2)
    profile.withLock { $0.stats.visits = 10 }
    #expect(visits.wrappedValue == 10)
  }

  @Test func readingTheValueInsideItsOwnLockSeesTheChangeSoFar() {
    @Shared(value: 1) var count: Int
    let seen = $count.withLock { value -> Int in
      value += 1
      $count.withLock { $0 *= 10 }
      return count
    }
    #expect(seen == 20)
    #expect(count == 20)
  }

  @Test func concurrentChangesAreSerialized() async {
    let count = Shared(value: 0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask {
          for _ in 0..<1_000 { count.withLock { $0 += 1 } }
        }
      }
    }
    #expect(count.wrappedValue == 8_000)
  }

  @Test func aReaderFollowsButCannotChange() {
    @Shared(value: Profile()) var profile: Profile
    let reader = SharedReader($profile)
    let name = reader.name
    $profile.withLock { $0.name = "Blobby" }
    #expect(reader.wrappedValue.name == "Blobby")
    #expect(name.wrappedValue == "Blobby")
    @SharedReader(.inMemory("count")) var count = 7
    #expect(count == 7)
    #expect(SharedReader(value: 3).wrappedValue == 3)
    let constant = SharedReader.constant(Profile())
    #expect(constant.wrappedValue == Profile())
    #expect(constant.stats.visits.wrappedValue == 0)
  }

  @Test func statesHoldingSharedValuesCompareAndDumpByValue() {
    struct State: Equatable {
      @Shared var profile: Profile
    }
    let first = State(profile: Shared(value: Profile()))
    let second = State(profile: Shared(value: Profile()))
    #expect(first == second)
    second.$profile.withLock { $0.name = "Blobby" }
    #expect(first != second)
    #expect(
      customDump(second) == """
        SharedTests.State(
          profile: Profile(name: "Blobby", stats: Profile.Stats(visits: 0))
        )
        """
    )
  }

  @Test func aKeyUsedWithAnotherTypeIsAWarningAndAValueOfItsOwn() {
    @Shared(.inMemory("mixed")) var number = 1
    expectIssues {
      @Shared(.inMemory("mixed")) var text = "one"
      #expect(text == "one")
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #"The shared key .inMemory("mixed") holds a value of another type than String"#) ?? false
    }
    #expect(number == 1)
  }

  @Test func observersOfAStoreSeeAChangeMadeElsewhere() {
    let store = Store(initialState: SharedCounter.State()) { SharedCounter() }
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = store.count
    } onChange: {
      changed.setValue(true)
    }
    @Shared(.inMemory("count")) var count = 0
    $count.withLock { $0 += 1 }
    #expect(changed.value)
    #expect(store.count == 1)
  }

  @Test func aStoresStreamYieldsAChangeMadeByAnotherStore() async {
    let watched = Store(initialState: SharedCounter.State()) { SharedCounter() }
    let other = Store(initialState: SharedCounter.State()) { SharedCounter() }
    let counts = watched.observe(\.count)
    let collector = Task {
      var seen: [Int] = []
      for await count in counts {
        seen.append(count)
        if count == 2 { break }
      }
      return seen
    }
    other.send(.increment)
    await Task.yield()
    other.send(.increment)
    // NB: a deadline only a hang exceeds, so that a stream that never yields fails, not hangs.
    let deadline = Task {
      try await Task.sleep(for: hangDeadline)
      collector.cancel()
    }
    let seen = await collector.value
    deadline.cancel()
    #expect(seen.first == 0)
    #expect(seen.last == 2)
  }

  @Test func observingOneSharedValueIgnoresAnother() {
    @Shared(.inMemory("watched")) var watched = 0
    @Shared(.inMemory("other")) var other = 0
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = watched
    } onChange: {
      changed.setValue(true)
    }
    $other.withLock { $0 += 1 }
    #expect(!changed.value)
    $watched.withLock { $0 += 1 }
    #expect(changed.value)
  }

  @Test(arguments: 0..<8)
  func eachCaseOfAParameterizedTestHasInMemoryValuesOfItsOwn(index: Int) async {
    // The cases run in parallel, as separate tests would: none sees another's value.
    @Shared(.inMemory("per-case")) var visits = 0
    await Task.yield()
    $visits.withLock { $0 += 1 }
    await Task.yield()
    #expect(visits == 1)
  }
}
