import ReducerKit
import ReducerKitTesting
import Testing

/// Spellings of TCA code that compile and behave as in TCA, each written the way TCA's users
/// write it.
@MainActor
@Suite struct PortingSpellingsTests {
  struct Counter: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable { case increment }
    func reduce(into state: inout State, action: Action) -> EffectOf<Self> {
      state.count += 1
      return .none
    }
  }

  struct Parent: Reducer {
    struct State: Equatable, Sendable {
      var counter = Counter.State()
      var other = Counter.State()
      @Presents var child: Child.State?
    }
    enum Action: Equatable, Sendable {
      case counter(Counter.Action)
      case other(Counter.Action)
      case child(PresentationAction<Child.Action>)
      case present
    }
    var body: some ReducerOf<Self> {
      Scope(\.counter, action: \.counter) { Counter() }
      Scope(\.other, action: Action.other) { Counter() }
      Reduce { state, action in
        if case .present = action { state.child = Child.State() }
        return .none
      }
      .ifLet(\.$child, action: \.child) { Child() }
    }
  }

  struct Child: Reducer {
    struct State: Equatable, Sendable {}
    enum Action: Equatable, Sendable { case closeTapped }
    @Dependency(\.dismiss) var dismiss
    func reduce(into state: inout State, action: Action) -> EffectOf<Self> {
      .run { _ in await dismiss(animation: .default) }
    }
  }

  @Test func unlabelledScopesScope() {
    let store = Store(initialState: Parent.State()) { Parent() }
    store.send(.counter(.increment))
    store.send(.other(.increment))
    store.send(.other(.increment))
    #expect(store.counter.count == 1)
    #expect(store.other.count == 2)
  }

  @Test func dismissWithAnAnimationDismisses() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.present) { $0.child = Child.State() }
    await store.send(\.child.closeTapped)
    await store.receive(\.child.dismiss) { $0.child = nil }
  }

  @Test func aStoreTasksValueWaitsForItsEffects() async {
    let store = Store(initialState: Parent.State()) { Parent() }
    store.send(.present)
    await store.send(.child(.presented(.closeTapped))).value
    #expect(store.withState(\.child) == nil)
  }

  @Test func neverGivesAValueOfAnyType() async {
    let task = Task { () async throws -> String in try await Task.never() }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @Test func dependencyValuesNameTheirContext() {
    #expect(DependencyValues.test.context == .test)
    #expect(DependencyValues.live.context == .live)
    #expect(DependencyValues.preview.context == .preview)
  }
}
