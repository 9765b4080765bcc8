import Observation
import ReducerKit
import ReducerKitTesting
import Testing

/// An observable object with two properties, to see which one an observation follows.
@Observable
@MainActor
private final class Model {
  var count = 0
  var otherCount = 0
}

private struct Counter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var name = "a"
  }
  enum Action: Equatable, Sendable {
    case increment
    case rename(String)
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .rename(let name): state.name = name
    }
    return .none
  }
}

/// A store whose state is the last number sent to it.
@MainActor
private func settingStore() -> Store<Int, Int> {
  Store(initialState: 0) {
    Reduce<Int, Int> { state, action in
      state = action
      return .none
    }
  }
}

/// Lets the main actor run the observations' scheduled runs.
@MainActor
private func settle() async {
  for _ in 0..<20 { await Task.yield() }
}

/// `observe { }`: runs at once, and again after each change of what it read, as TCA's
/// ObserveTests check.
@MainActor
@Suite struct ObserveTests {
  @Test func runsAtOnceAndAgainAfterAChangeOfWhatItRead() async {
    let model = Model()
    var counts: [Int] = []
    let token = observe { counts.append(model.count) }
    #expect(counts == [0])
    model.count += 1
    await settle()
    #expect(counts == [0, 1])
    model.otherCount += 1
    await settle()
    #expect(counts == [0, 1])
    _ = token
  }

  @Test func severalChangesBeforeTheRunCauseOneRun() async {
    let model = Model()
    var counts: [Int] = []
    let token = observe { counts.append(model.count) }
    model.count += 1
    model.count += 1
    await settle()
    #expect(counts == [0, 2])
    _ = token
  }

  @Test func aCancelledObservationDoesNotRunAgain() async {
    let model = Model()
    var counts: [Int] = []
    let token = observe { counts.append(model.count) }
    token.cancel()
    #expect(token.isCancelled)
    model.count += 1
    await settle()
    #expect(counts == [0])
  }

  @Test func releasingTheTokenEndsTheObservation() async {
    let model = Model()
    var counts: [Int] = []
    do {
      let token = observe { counts.append(model.count) }
      _ = token
    }
    model.count += 1
    await settle()
    #expect(counts == [0])
  }

  @Test func releasingTheTokenFreesWhatTheClosureCaptured() async {
    weak var released: Model?
    do {
      let model = Model()
      released = model
      let token = observe { _ = model.count }
      _ = token
    }
    // NB: held strongly by the registrar's `onChange`, the observation kept the model alive
    // through the closure (a cycle only a later change would break).
    #expect(released == nil)
  }

  @Test func followsAStoresFieldsOneByOne() async {
    let store = Store(initialState: Counter.State()) { Counter() }
    var counts: [Int] = []
    let token = observe { counts.append(store.count) }
    store.send(.increment)
    await settle()
    #expect(counts == [0, 1])
    store.send(.rename("b"))
    await settle()
    #expect(counts == [0, 1])
    _ = token
  }

  @Test func followsWhatTheLastRunRead() async {
    let model = Model()
    var seen: [Int] = []
    let token = observe {
      // Reads `otherCount` only while `count` is zero.
      seen.append(model.count == 0 ? model.otherCount : -1)
    }
    model.count = 1
    await settle()
    #expect(seen == [0, -1])
    model.otherCount = 5
    await settle()
    #expect(seen == [0, -1])
    _ = token
  }

  @Test func anObserveInsideAnotherIsAWarning() async {
    let model = Model()
    var counts: [Int] = []
    var inner: ObserveToken?
    expectIssues {
      let outer = observe {
        counts.append(model.count)
        inner = observe { _ = model.otherCount }
      }
      _ = outer
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""observe" was called inside another "observe" closure"#) ?? false
    }
    _ = inner
    #expect(counts == [0])
  }

  @Test func aRunThatSendsToTheStoreIsFollowedByARunThatSeesIt() async {
    // After TCA's CompatibilityTests: an observer that sends when it sees a change. Its action
    // is reduced after the one it observed, and the next run shows it, although Swift's
    // observation does not report changes made while the closure runs.
    let store = settingStore()
    var seen: [Int] = []
    let token = observe {
      seen.append(store.state)
      if store.state == 1 { store.send(0) }
    }
    store.send(1)
    await settle()
    #expect(seen == [0, 1, 0])
    _ = token
  }

  @Test func aRunThatWritesASharedValueItReadsIsFollowedByARunThatSeesIt() async {
    @Shared(value: 0) var count: Int
    var seen: [Int] = []
    let token = observe {
      seen.append(count)
      if count == 1 { $count.withLock { $0 = 0 } }
    }
    $count.withLock { $0 = 1 }
    await settle()
    #expect(seen == [0, 1, 0])
    _ = token
  }

  @Test func aRunThatAlwaysSendsIsFollowedOnceNotForever() async {
    let store = settingStore()
    var seen: [Int] = []
    let token = observe {
      seen.append(store.state)
      store.send(store.withState { $0 } + 1)
    }
    await settle()
    // The first run's change is shown by one more run, whose own change is not chased.
    #expect(seen == [0, 1])
    #expect(store.state == 2)
    _ = token
  }
}
