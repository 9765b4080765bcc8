import ReducerKit
import ReducerKitTesting
import Testing

enum Screen: Equatable, Sendable {
  case editor(Editor.State)
  case empty
}

struct CaseHost: Reducer {
  typealias State = Screen
  enum Action: Equatable, Sendable {
    case editor(Editor.Action)
    case clear
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .clear = action { state = .empty }
      return .none
    }
    .ifCaseLet(Screen.editor, action: Action.editor) { Editor() }
  }
}

@MainActor
@Suite struct IfCaseLetTests {
  @Test func runsInItsCaseAndCancelsWhenTheCaseChanges() async {
    let clock = TestClock()
    let store = TestStore(initialState: Screen.editor(Editor.State(id: 1))) {
      CaseHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.editor(.start))
    await store.send(.clear) { $0 = .empty }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func warnsAboutAChildActionInAnotherCase() async {
    let store = TestStore(initialState: Screen.empty) { CaseHost() }
    await expectIssues {
      await store.send(.editor(.tick))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""ifCaseLet" received a child action while the state held another case (Screen.empty); "#
          + "the action was dropped."
      ) ?? false
    }
  }

  struct SomeError: Error, Equatable {}

  @Test func runsAChildOnACaseOfAResult() async {
    let store = TestStore(initialState: Result<Int, SomeError>.success(0)) {
      Reduce<Result<Int, SomeError>, Result<Int, SomeError>> { _, _ in .none }
        .ifCaseLet(Result.success, action: Result.success) {
          Reduce<Int, Int> { state, action in
            state = action
            return state < 0 ? .run { await $0(0) } : .none
          }
        }
    }
    await store.send(.success(1)) { $0 = .success(1) }
    await store.send(.failure(SomeError()))
    await store.send(.success(-1)) { $0 = .success(-1) }
    await store.receive(.success(0)) { $0 = .success(0) }
  }

  struct Counter: Reducer {
    struct State: Equatable, Identifiable, Sendable {
      let id: Int
      var value = 0
    }
    enum Action: Equatable, Sendable {
      case tap
      case response(Int)
    }
    @Dependency(\.continuousClock) var clock
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tap:
        return .run { [id = state.id, clock] send in
          try await clock.sleep(for: .zero)
          await send(.response(id))
        }
      case .response(let value):
        state.value = value
        return .none
      }
    }
  }

  struct Holder: Reducer {
    enum State: Equatable, Sendable { case child(Counter.State) }
    enum Action: Equatable, Sendable {
      case child(Counter.Action)
      case newChild
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .newChild = action, case .child(let child) = state {
          state = .child(Counter.State(id: child.id + 1))
        }
        return .none
      }
      .ifCaseLet(State.child, action: Action.child) { Counter() }
    }
  }

  @Test func aCaseChildOfAnotherIDLosesTheOldOnesEffects() async {
    let clock = TestClock()
    let store = TestStore(initialState: Holder.State.child(Counter.State(id: 1))) {
      Holder()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.child(.tap))
    await store.send(.newChild) { $0 = .child(Counter.State(id: 2)) }
    await store.send(.child(.tap))
    await clock.advance()
    // Only the new child's response: the first child's effect was cancelled with it.
    await store.receive(.child(.response(2))) { $0 = .child(Counter.State(id: 2, value: 2)) }
  }
}
