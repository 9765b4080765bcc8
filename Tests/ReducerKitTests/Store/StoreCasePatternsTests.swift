import ReducerKit
import ReducerKitTesting
import Testing

/// `store.scope(state:action:)` with a case pattern, as TCA writes case key paths.
@MainActor
@Suite struct StoreCasePatternsTests {
  struct Counter: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable { case increment }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      return .none
    }
  }

  struct Parent: Reducer {
    struct State: Equatable, Sendable {
      var counter = Counter.State()
      var detail: Counter.State?
    }
    enum Action: Equatable, Sendable {
      case counter(Counter.Action)
      case detail(Counter.Action)
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.counter, action: \.counter) { Counter() }
        .ifLet(\.detail, action: \.detail) { Counter() }
    }
  }

  @Test func sendsThroughTheCaseThePatternNames() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let counter: StoreOf<Counter> = store.scope(state: \.counter, action: \.counter)
    counter.send(.increment)
    #expect(store.counter.count == 1)
    #expect(counter.count == 1)
  }

  @Test func theSameFieldAndCaseGiveTheSameStoreWhereverWritten() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let first: StoreOf<Counter> = store.scope(state: \.counter, action: \.counter)
    let second: StoreOf<Counter> = store.scope(state: \.counter, action: \.counter)
    #expect(first === second)
  }

  @Test func anOptionalChildsStoreExistsWhileItsStateDoes() {
    let store = Store(initialState: Parent.State()) { Parent() }
    let absent: StoreOf<Counter>? = store.scope(state: \.detail, action: \.detail)
    #expect(absent == nil)
    let presented = Store(initialState: Parent.State(detail: Counter.State())) { Parent() }
    let detail: StoreOf<Counter>? = presented.scope(state: \.detail, action: \.detail)
    detail?.send(.increment)
    #expect(presented.detail?.count == 1)
  }

  @Test func aPatternNamingNoCaseIsAWarningAndItsStoreDropsActions() {
    let store = Store(initialState: Parent.State()) { Parent() }
    expectIssues {
      let counter: StoreOf<Counter> = store.scope(state: \.counter, action: \.countr)
      counter.send(.increment)
    } matching: { issue in
      let text = issue.comments.first?.rawValue ?? ""
      return text.hasPrefix(#""store.scope" was given the case pattern \.countr"#)
        || text.hasPrefix("A store scoped with a case pattern that names no case was sent")
    }
    #expect(store.counter.count == 0)
  }
}
