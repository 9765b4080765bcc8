import ReducerKit
import ReducerKitTesting
import Testing

/// A count a feature reads from inside its effects.
private enum Tally: TestDependencyKey {
  static let testValue = 0
}

extension DependencyValues {
  fileprivate var tally: Int {
    get { self[Tally.self] }
    set { self[Tally.self] = newValue }
  }
}

/// Each step returns an effect built inside `withDependencies` that adds one to the tally; the
/// effect reads the tally when it runs and reports it.
private struct Relay: Reducer {
  struct State: Equatable, Sendable { var count = 0 }
  enum Action: Equatable, Sendable {
    case tap
    case first(Int)
    case second(Int)
    case third(Int)
  }
  @Dependency(\.tally) var tally

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      return report(as: Action.first)
    case .first(let count):
      state.count = count
      return report(as: Action.second)
    case .second(let count):
      state.count = count
      return report(as: Action.third)
    case .third(let count):
      state.count = count
      return .none
    }
  }

  private func report(as action: @escaping @Sendable (Int) -> Action) -> Effect<Action> {
    withDependencies {
      $0.tally += 1
    } operation: {
      .run { send in await send(action(self.tally)) }
    }
  }
}

/// Scenarios after TCA's StoreTests that its other test files do not cover, written for this
/// library's API.
@MainActor
@Suite struct StoreScenarioTests {
  @Test func anEffectKeepsTheDependenciesItWasBuiltWithAndTheActionsItSendsDoNot() async {
    // Each effect sees the store's tally plus its own one, not the tally of the effect whose
    // action returned it: a change made for one effect stays with that effect.
    let testStore = TestStore(initialState: Relay.State()) { Relay() }
    await testStore.send(.tap)
    await testStore.receive(.first(1)) { $0.count = 1 }
    await testStore.receive(.second(1))
    await testStore.receive(.third(1))

    // A store does the same as a test store.
    let store = Store(initialState: Relay.State()) { Relay() }
    await store.send(.tap).finish()
    #expect(store.count == testStore.state.count)
  }

  @Test func anActionAnEffectSendsWhileTheReducerRunsIsReducedAfterIt() async {
    // The reducer makes a long-living effect emit while it is still running: the emitted action
    // waits for its turn and sees the state the reducer left, never the state part-way through.
    struct Listener: Reducer {
      struct State: Equatable, Sendable {
        var count = 0
        var isOn = false
        var emissions = 0
      }
      enum Action: Equatable, Sendable {
        case onAppear
        case emitted
        case tap
      }
      let events: AsyncStream<Void>
      let emit: AsyncStream<Void>.Continuation

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .onAppear:
          return .run { [events] send in
            for await _ in events { await send(.emitted) }
          }
        case .emitted:
          if state.isOn { state.count += 1 }
          state.emissions += 1
          return .none
        case .tap:
          state.isOn = true
          emit.yield()
          state.isOn = false
          return .none
        }
      }
    }
    let (events, emit) = AsyncStream.makeStream(of: Void.self)
    let store = Store(initialState: Listener.State()) { Listener(events: events, emit: emit) }
    let listening = store.send(.onAppear)
    store.send(.tap)
    // Ending the stream ends the effect once it has sent what the stream delivered.
    emit.finish()
    await listening.finish()
    #expect(store.withState { $0 } == Listener.State(count: 0, isOn: false, emissions: 1))
  }

  /// Each response starts a never-ending effect and sends the next response from another.
  private struct Cascade: Reducer {
    enum Action: Equatable, Sendable {
      case task
      case response
      case response1
      case response2
    }
    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .task:
        return .run { send in await send(.response) }
      case .response:
        return .merge(
          .run { _ in try await Task.never() }, .run { send in await send(.response1) })
      case .response1:
        return .merge(
          .run { _ in try await Task.never() }, .run { send in await send(.response2) })
      case .response2:
        return .run { _ in try await Task.never() }
      }
    }
  }

  @Test func cancellingASendsTaskCancelsTheEffectsOfTheActionsItsEffectsSent() async {
    // The test ends with no effect running: the three never-ending effects belong to actions
    // the first action's effect sent, and go with its task.
    let store = TestStore(initialState: 0) { Cascade() }
    let task = await store.send(.task)
    await store.receive(.response)
    await store.receive(.response1)
    await store.receive(.response2)
    await task.cancel()
  }

  @Test func cancellingTheTaskOfANeverEndingEffectEndsIt() async {
    let store = TestStore(initialState: 0) {
      Reduce<Int, Bool> { _, _ in .run { _ in try await Task.never() } }
    }
    let task = await store.send(true)
    await task.cancel()
    #expect(task.isCancelled)
  }

  @Test func aScopedStoresTaskEndsWhenItsEffectEndsAndLeavesNothingBehind() async {
    // The effect waits on a task outside the store; when that task is cancelled the effect
    // ends, the scoped store's task with it, and the store keeps no record of either.
    let outside = Task<Void, any Error> { try await Task.never() }
    let root = RootCore.make(
      initialState: 0,
      reducer: Reduce<Int, Bool> { _, _ in .run { _ in try await outside.value } },
      dependencies: DependencyValues()
    )
    let store = Store(root: root)
    let scoped = store.scope(state: \.self, action: { $0 })
    let task = scoped.send(true)
    await Task.yield()
    outside.cancel()
    await task.finish()
    #expect(root.registry.isEmpty)
  }
}

/// Three levels of features, for the lifetime of the stores scoped between them.
private enum Lifetime {
  struct Child: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable {
      case tap
      case start
      case response
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count += 1
      guard action == .start else { return .none }
      return .run { send in
        await Task.yield()
        await send(.response)
      }
    }
  }

  struct Parent: Reducer {
    struct State: Equatable, Sendable { var child = Child.State() }
    enum Action: Equatable, Sendable { case child(Child.Action) }
    var body: some ReducerOf<Self> {
      Scope(state: \.child, action: Action.child) { Child() }
    }
  }

  struct Grandparent: Reducer {
    struct State: Equatable, Sendable { var child = Parent.State() }
    enum Action: Equatable, Sendable {
      case child(Parent.Action)
      case incrementGrandchild
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.child, action: Action.child) { Parent() }
      Reduce { state, action in
        if action == .incrementGrandchild { state.child.child.count += 1 }
        return .none
      }
    }
  }
}

extension StoreScenarioTests {
  @Test func aStoreScopedFromAReleasedStoreKeepsWorking() {
    let grandparent = Store(initialState: Lifetime.Grandparent.State()) { Lifetime.Grandparent() }
    var parent: Store<Lifetime.Parent.State, Lifetime.Parent.Action>? = grandparent.scope(
      state: \.child, action: Lifetime.Grandparent.Action.child)
    let child = parent!.scope(state: \.child, action: Lifetime.Parent.Action.child)

    child.send(.tap)
    grandparent.send(.incrementGrandchild)
    #expect(grandparent.child.child.count == 2)
    #expect(parent?.child.count == 2)
    #expect(child.count == 2)

    parent = nil
    child.send(.tap)
    #expect(grandparent.child.child.count == 3)
    #expect(child.count == 3)
    grandparent.send(.incrementGrandchild)
    #expect(child.count == 4)
  }

  @Test func anEffectOfAReleasedScopedStoreStillDeliversToTheRoot() async {
    let store = Store(initialState: Lifetime.Parent.State()) { Lifetime.Parent() }
    let task: StoreTask
    do {
      let child = store.scope(state: \.child, action: Lifetime.Parent.Action.child)
      task = child.send(.start)
      #expect(store.child.count == 1)
    }
    await task.finish()
    #expect(store.child.count == 2)
  }

  @Test(.timeLimit(.minutes(1)))
  func releasingAStoreCancelsAnEffectThatWaitsForever() async {
    let (ended, end) = AsyncStream.makeStream(of: Void.self)
    do {
      let store = Store(initialState: 0) {
        Reduce<Int, Bool> { _, _ in
          .run { _ in
            try? await Task.never()
            end.yield()
          }
        }
      }
      store.send(true)
    }
    // Only the store's release ends the wait; if it did not, the time limit fails the test.
    var iterator = ended.makeAsyncIterator()
    #expect(await iterator.next() != nil)
  }
}

/// Runs `onDeinit` when released: an action holding one sends another action as it is dropped.
private final class OnDeinit: Equatable, Sendable {
  private let onDeinit: @Sendable () -> Void
  init(_ onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
  deinit { onDeinit() }
  static func == (lhs: OnDeinit, rhs: OnDeinit) -> Bool { true }
}

/// Holds the store a feature's reducers send to from a deinitializer.
@MainActor
private final class StoreHolder<State, Action: Sendable>: Sendable {
  var store: Store<State, Action>?
}

extension StoreScenarioTests {
  @Test func anActionReleasedWhileTheQueueIsProcessedMaySendAnother() {
    // After TCA's CompatibilityTests: releasing a processed action runs a deinitializer that
    // sends to the store; the store takes it in turn instead of crashing on its own queue.
    enum Action: Equatable, Sendable {
      case kickOff
      case sender(OnDeinit)
      case stop
    }
    let handled = Locked<[String]>([])
    let holder = StoreHolder<Int, Action>()
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { _, action in
        switch action {
        case .kickOff:
          handled.withLock { $0.append("kickOff") }
          return .send(
            .sender(
              OnDeinit {
                MainActor.assumeIsolated { _ = holder.store?.send(.stop) }
              }))
        case .sender:
          handled.withLock { $0.append("sender") }
          return .none
        case .stop:
          handled.withLock { $0.append("stop") }
          return .none
        }
      }
    }
    holder.store = store
    store.send(.kickOff)
    #expect(handled.value == ["kickOff", "sender", "stop"])
    holder.store = nil
  }
}
