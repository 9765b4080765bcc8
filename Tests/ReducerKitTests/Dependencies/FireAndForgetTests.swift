import ReducerKit
import ReducerKitTesting
import Testing

/// A dependency the fire-and-forget work reads, to see that it keeps the caller's values.
private enum Channel: TestDependencyKey {
  static let testValue = "test"
}

extension DependencyValues {
  fileprivate var channel: String {
    get { self[Channel.self] }
    set { self[Channel.self] = newValue }
  }
}

/// Tracks a save without waiting for the tracking.
private struct Saver: Reducer {
  enum Action: Equatable, Sendable { case save }
  let tracked: Locked<[String]>
  @Dependency(\.fireAndForget) var fireAndForget

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    state += 1
    return .run { [fireAndForget, tracked] _ in
      await fireAndForget {
        @Dependency(\.channel) var channel
        tracked.withLock { $0.append("saved on \(channel)") }
      }
    }
  }
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct FireAndForgetTests {
  @Test func inTestsTheWorkIsDoneWhenTheCallReturns() async {
    let tracked = Locked<[String]>([])
    let store = TestStore(initialState: 0) {
      Saver(tracked: tracked)
    } withDependencies: {
      $0.channel = "store"
    }
    await store.send(.save) { $0 = 1 }
    await store.finish()
    #expect(tracked.value == ["saved on store"])
  }

  @Test func liveTheCallReturnsWithoutWaitingForTheWork() async {
    let gate = Gate()
    let finished = Locked(false)
    await FireAndForget.detached {
      await gate.wait()
      finished.withLock { $0 = true }
    }
    // The work is still waiting: the call did not.
    #expect(!finished.value)
    while !gate.hasWaiters { await Task.yield() }
    gate.open()
    while !finished.value { await Task.yield() }
  }

  @Test func liveTheWorkSeesTheDependenciesWhereItStarted() async {
    let seen = Locked<String?>(nil)
    await withDependencies {
      $0.channel = "caller"
    } operation: {
      await FireAndForget.detached {
        @Dependency(\.channel) var channel
        seen.withLock { $0 = channel }
      }
    }
    while seen.value == nil { await Task.yield() }
    #expect(seen.value == "caller")
  }
}
