import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// Assertion closures run with the store's dependencies; a root feature's `dismiss()` dismisses
/// the test store.
@MainActor
@Suite struct TestStoreDependencyTests {
  struct Note: Reducer {
    struct State: Equatable, Sendable {
      var createdAt: Date?
      var isOpen = true
    }
    enum Action: Equatable, Sendable {
      case create
      case close
      case touch
    }
    @Dependency(\.date.now) var now
    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .create:
        state.createdAt = now
        return .none
      case .close:
        return .run { [dismiss] _ in await dismiss() }
      case .touch:
        return .none
      }
    }
  }

  @Test func assertionClosuresSeeTheStoresDependencies() async {
    let store = TestStore(initialState: Note.State()) {
      Note()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 100)
    }
    await store.send(.create) {
      @Dependency(\.date.now) var now
      $0.createdAt = now
    }
    store.assert {
      @Dependency(\.date.now) var now
      $0.createdAt = now
    }
    // Changed mid-test, the dependencies reach the next assertion too.
    store.dependencies.date.now = Date(timeIntervalSince1970: 200)
    await store.send(.create) {
      @Dependency(\.date.now) var now
      #expect(now == Date(timeIntervalSince1970: 200))
      $0.createdAt = now
    }
  }

  /// A feature whose reducer starts a plain task that reads a dependency.
  struct Stamper: Reducer {
    let seen: LockIsolated<[Date]>
    func reduce(into state: inout Int, action: Void) -> Effect<Void> {
      let seen = self.seen
      Task {
        @Dependency(\.date.now) var now
        seen.withValue { $0.append(now) }
      }
      return .none
    }
  }

  @Test func aTaskAReducerStartsSeesDependenciesChangedMidTest() async throws {
    let seen = LockIsolated<[Date]>([])
    let store = TestStore(initialState: 0) {
      Stamper(seen: seen)
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 1)
    }
    await store.send(())
    store.dependencies.date.now = Date(timeIntervalSince1970: 2)
    await store.send(())
    await store.send(())
    #expect(await eventually { seen.value.count == 3 }, "still not seen after a minute: a hang")
    #expect(
      seen.value.sorted() == [1, 2, 2].map { Date(timeIntervalSince1970: $0) })
  }

  @Test func dismissingTheRootFeatureDismissesTheStore() async {
    let store = TestStore(initialState: Note.State()) { Note() }
    #expect(!store.isDismissed)
    await store.send(.close)
    await store.finish()
    #expect(store.isDismissed)
    await expectIssues {
      await store.send(.touch)
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""send" was called on a test store whose feature had dismissed itself; the action was not sent."#
      ) ?? false
    }
  }
}
