import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// A test store's everyday behaviour, scenario by scenario as TCA's own tests of it: the order
/// of received actions, what `store.state` shows during and after an assertion, assertions that
/// fail, dependencies set up once and read at every stage, and a feature dismissing itself.
@MainActor
@Suite struct TestStoreScenarioTests {
  @Test func actionsFromConcatenationsAreReceivedInOrder() async {
    enum Action: Equatable, Sendable { case a, b1, b2, b3, c1, c2, c3, d }
    let clock = TestClock()
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .a:
          return .merge(
            .run { send in
              try await clock.sleep(for: .seconds(1))
              await send(.b1)
              await send(.c1)
            },
            .run { _ in try await Task.never() }.cancellable(id: 1)
          )
        case .b1: return .concatenate(.send(.b2), .send(.b3))
        case .c1: return .concatenate(.send(.c2), .send(.c3))
        case .b2, .b3, .c2, .c3: return .none
        case .d: return .cancel(id: 1)
        }
      }
    }
    await store.send(.a)
    await clock.advance(by: .seconds(1))
    await store.receive(.b1)
    await store.receive(.b2)
    await store.receive(.b3)
    await store.receive(.c1)
    await store.receive(.c2)
    await store.receive(.c3)
    await store.send(.d)
  }

  @Test func stateDuringAnAssertionIsTheStateBeforeTheAction() async {
    enum Action: Sendable { case a, b, c, d }
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { count, action in
        count += 1
        if case .a = action { return .merge(.send(.b), .send(.c), .send(.d)) }
        return .none
      }
    }
    await store.send(.a) {
      #expect(store.state == 0)
      $0 = 1
    }
    #expect(store.state == 1)
    for (action, count) in [(Action.b, 2), (.c, 3), (.d, 4)] {
      await store.receive(
        where: { "\($0)" == "\(action)" },
        assert: {
          #expect(store.state == count - 1)
          $0 = count
        })
      #expect(store.state == count)
    }
  }

  struct Changer: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var isChanging = false
    }
    enum Action: Equatable, Sendable {
      case increment
      case changed(from: Int, to: Int)
      case noop
      case finished
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.isChanging = true
        return .send(.changed(from: state.count, to: state.count + 1))
      case .changed(let from, let to):
        state.isChanging = false
        if state.count == from { state.count = to }
        return .none
      case .noop:
        return .send(.finished)
      case .finished:
        return .none
      }
    }
  }

  @Test func wrongAssertionsOfSendAndReceiveFail() async {
    let store = TestStore(initialState: Changer.State()) { Changer() }
    await store.send(.increment) { $0.isChanging = true }
    await store.receive(.changed(from: 0, to: 1)) {
      $0.isChanging = false
      $0.count = 1
    }
    await expectIssues {
      await store.send(.increment) { $0.isChanging = false }
    } matching: { issue in
      issue.comments.first?.rawValue.contains("−   isChanging: false\n    +   isChanging: true")
        ?? false
    }
    await expectIssues {
      await store.receive(.changed(from: 1, to: 2)) {
        $0.isChanging = true
        $0.count = 1100
      }
    } matching: { issue in
      let message = issue.comments.first?.rawValue ?? ""
      return message.contains("−   count: 1100,") && message.contains("+   count: 2,")
    }
  }

  @Test func anAssertionMustChangeTheStateWhenOneIsGiven() async {
    let store = TestStore(initialState: Changer.State()) { Changer() }
    await store.send(.noop)
    await store.receive(.finished)
    await expectIssues {
      await store.send(.noop) { $0.count = 0 }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""send" was expected to change state, but no change occurred."#) ?? false
    }
    await expectIssues {
      await store.receive(.finished) { $0.count = 0 }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""receive" was expected to change state, but no change occurred."#) ?? false
    }
  }

  @Test func receivingByPredicateCallsItAndFailsWhenItRejects() async {
    let store = TestStore(initialState: Changer.State()) { Changer() }
    var calls = 0
    await store.send(.noop)
    await store.receive(where: { action in
      calls += 1
      return action == .finished
    })
    #expect(calls > 0)
    await store.send(.noop)
    await expectIssues {
      await store.receive(.noop)
    } matching: { issue in
      issue.comments.first?.rawValue.contains(
        "− TestStoreScenarioTests.Changer.Action.noop\n    + TestStoreScenarioTests.Changer.Action.finished"
      ) ?? false
    }
    await store.send(.noop)
    await expectIssues {
      await store.receive(where: { $0 == .noop })
    } matching: { issue in
      issue.comments.first?.rawValue.contains("The predicate returned false for it.") ?? false
    }
  }

  struct Stamp: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var date: Date
      init() {
        @Dependency(\.date.now) var now
        date = now
      }
    }
    enum Action: Equatable, Sendable {
      case tap
      case response(Int)
    }
    @Dependency(\.date.now) var now

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tap:
        state.count += 1
        return .run { send in await send(.response(42)) }
      case .response(let number):
        state.count = number
        state.date = now
        return .none
      }
    }
  }

  @Test func dependenciesReachTheInitialStateTheReducerAndTheAssertions() async {
    let epoch = Date(timeIntervalSince1970: 1_234_567_890)
    var preparations = 0
    let store = TestStore(initialState: Stamp.State()) {
      Stamp()
    } withDependencies: {
      preparations += 1
      $0.date = .constant(epoch)
    }
    #expect(preparations == 1)
    #expect(store.state.date == epoch)
    await store.send(.tap) {
      @Dependency(\.date.now) var now
      $0.count = 1
      $0.date = now
    }
    await store.receive(.response(42)) {
      @Dependency(\.date.now) var now
      $0.count = 42
      $0.date = now
    }
    #expect(preparations == 1)
  }

  @Test func dependenciesSetOnTheStoreBeforeTheFirstSend() async {
    let store = TestStore(initialState: 0.0) {
      Reduce<Double, Bool> { state, _ in
        @Dependency(\.date.now) var now
        state = now.timeIntervalSince1970
        return .none
      }
    }
    store.dependencies.date.now = Date(timeIntervalSince1970: 1)
    await store.send(true) { $0 = 1 }
  }

  @Test func aNonExhaustiveAssertOfAWrongValueFails() async {
    let store = TestStore(initialState: 0) { EmptyReducer<Int, Never>() }
    store.exhaustivity = .off
    store.assert { $0 = 0 }
    expectIssues {
      store.assert { $0 = 1 }
    } matching: { issue in
      issue.comments.first?.rawValue.contains("    − 1\n    + 0") ?? false
    }
  }

  struct Closable: Reducer {
    struct State: Equatable, Sendable {}
    enum Action: Sendable {
      case dismiss
      case onTask
    }
    @Dependency(\.dismiss) var dismiss
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .dismiss: .run { [dismiss] _ in await dismiss() }
      case .onTask: .run { _ in try await Task.never() }
      }
    }
  }

  @Test func dismissingTheFeatureCancelsItsEffects() async {
    let store = TestStore(initialState: Closable.State()) { Closable() }
    await store.send(.onTask)
    await store.send(.dismiss)
    // No effect is left running: releasing the store reports nothing.
  }
}
