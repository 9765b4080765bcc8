import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct OperationTrackerTests {
  enum Operation: Hashable, Sendable { case save, delete }
  struct Failure: Error, CustomStringConvertible {
    var description: String { "disk full" }
  }

  @Test func countsStartsSoOverlappingRunsStayActive() {
    var tracker = OperationTracker<Operation>()
    tracker.start(.save)
    tracker.start(.save)
    tracker.complete(.save)
    #expect(tracker.isActive(.save))
    #expect(tracker.active == [.save])
    tracker.complete(.save)
    #expect(!tracker.isActive(.save))
    #expect(!tracker.hasActiveOperations)
  }

  @Test func keepsTheErrorOfAFailedRunUntilClearedOrStartedAgain() {
    var tracker = OperationTracker<Operation>()
    tracker.start(.delete)
    tracker.fail(.delete, with: Failure())
    #expect(tracker.error(for: .delete) == "disk full")
    #expect(tracker.error(for: .save) == nil)
    tracker.clearError(for: .delete)
    #expect(tracker.error(for: .delete) == nil)
    tracker.start(.delete)
    tracker.fail(.delete, with: Failure())
    tracker.start(.delete)
    #expect(tracker.error(for: .delete) == nil)
    #expect(
      tracker
        == {
          var expected = OperationTracker<Operation>()
          expected.start(.delete)
          return expected
        }())
  }

  @Test func endingARunThatWasNotInFlightWarns() {
    var tracker = OperationTracker<Operation>()
    expectIssues {
      tracker.complete(.save)
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        """
        "complete" was called for an operation that was not in flight; nothing changed.

          Operation:
            OperationTrackerTests.Operation.save
        """
      ) ?? false
    }
    #expect(tracker == OperationTracker())
  }

  struct Editor: Reducer {
    struct State: Equatable, Sendable {
      var operations = OperationTracker<Operation>()
    }
    enum Action: Equatable, Sendable {
      case saveTapped(succeeds: Bool)
      case saveFinished(succeeded: Bool)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .saveTapped(let succeeds):
        state.operations.start(.save)
        return .run { send in await send(.saveFinished(succeeded: succeeds)) }
      case .saveFinished(true):
        state.operations.complete(.save)
        return .none
      case .saveFinished(false):
        state.operations.fail(.save, with: Failure())
        return .none
      }
    }
  }

  @Test func tracksAnOperationThroughATestStore() async {
    let store = TestStore(initialState: Editor.State()) { Editor() }
    await store.send(.saveTapped(succeeds: false)) { $0.operations.start(.save) }
    await store.receive(.saveFinished(succeeded: false)) {
      $0.operations.fail(.save, with: Failure())
    }
    #expect(store.state.operations.error(for: .save) == "disk full")
  }

  @Test func finishesARunWithItsResult() {
    struct DiskFull: Error {}
    var tracker = OperationTracker<String>()
    tracker.start("save")
    tracker.finish("save", Result<Int, any Error>.success(1))
    #expect(!tracker.isActive("save"))
    #expect(tracker.error(for: "save") == nil)
    tracker.start("save")
    tracker.finish("save", Result<Int, any Error>.failure(DiskFull()))
    #expect(tracker.error(for: "save")?.code?.hasSuffix("DiskFull") == true)
    tracker.start("save")
    tracker.finish("save", Result<Void, LoadError>.failure("disk full"))
    #expect(tracker.error(for: "save") == "disk full")
  }
}
