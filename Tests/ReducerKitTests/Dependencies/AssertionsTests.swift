import ReducerKit
import ReducerKitTesting
import Testing

/// `@Dependency(\.assert)`, `\.precondition` and `\.assertionFailure`, as swift-dependencies has
/// them: Swift's checks in an app, test failures in tests.
@MainActor
@Suite struct AssertionsTests {
  struct Counter: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Sendable { case decrementTapped }
    @Dependency(\.assert) var assert
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count -= 1
      assert(state.count >= 0, "The count went below zero")
      return .none
    }
  }

  @Test func aFailedCheckInAReducerIsATestFailureAndTheCodeGoesOn() async {
    let store = TestStore(initialState: Counter.State(count: 1)) { Counter() }
    await store.send(.decrementTapped) { $0.count = 0 }
    await expectIssues {
      await store.send(.decrementTapped) { $0.count = -1 }
    } matching: { issue in
      issue.comments.first?.rawValue == "An assertion failed: The count went below zero"
    }
  }

  @Test func preconditionsAndAssertionFailuresReportToo() {
    @Dependency(\.precondition) var precondition
    @Dependency(\.assertionFailure) var assertionFailure
    precondition(true, "never reported")
    expectIssues {
      precondition(1 > 2)
    } matching: { issue in
      issue.comments.first?.rawValue == "An assertion failed."
    }
    expectIssues {
      assertionFailure("Unreachable")
    } matching: { issue in
      issue.comments.first?.rawValue == "An assertion failed: Unreachable"
    }
  }

  @Test func anAppsChecksAreSwiftsAndATestMayInstallItsOwn() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.assert) var assert
      @Dependency(\.precondition) var precondition
      // Swift's own checks: a true condition passes (a false one would stop the process).
      assert(true)
      precondition(true)
    }
    let failed = LockIsolated<[String]>([])
    withDependencies {
      $0.assert = AssertionEffect { condition, message, _, _, line, _ in
        guard !condition else { return }
        let text = "\(message()) at \(line)"
        failed.withValue { $0.append(text) }
      }
    } operation: {
      @Dependency(\.assert) var assert
      @Dependency(\.assertionFailure) var assertionFailure
      assert(false, "first", line: 7)
      assertionFailure("second", line: 9)
    }
    #expect(failed.value == ["first at 7", "second at 9"])
  }
}
