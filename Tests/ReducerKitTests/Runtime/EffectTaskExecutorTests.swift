import ReducerKit
import ReducerKitTesting
import Synchronization
import Testing

/// An effect's task starts once the `send` that started it returns, as in TCA (where it starts
/// on the main actor): the store hands the first jobs of a `send`'s effects to the pool together.
@MainActor
@Suite struct EffectTaskExecutorTests {
  /// Records whether its effects began while the `send` that started them was still running.
  struct Starter: Reducer {
    struct State: Equatable, Sendable {
      var startedDuringSend: Bool?
      var done = 0
    }
    enum Action: Sendable {
      case start(count: Int)
      case startAndCancel
      case lookForStartedEffects
      case done
    }
    enum CancelID { case work }
    let started: Started
    /// Sent to from this reducer, when set: a second root store, for the nested case.
    let inner: InnerStore?

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start(let count):
        let effects: [Effect<Action>] = (0..<count).map { _ in
          .run { [started] send in
            started.count.add(1, ordering: .relaxed)
            await send(.done)
          }
        }
        return .merge(effects + [.send(.lookForStartedEffects)])
      case .startAndCancel:
        return .merge(
          .run { send in await send(.done) }.cancellable(id: CancelID.work),
          .cancel(id: CancelID.work)
        )
      case .lookForStartedEffects:
        // With this store's effects started, the inner store starts its own.
        if let inner { MainActor.assumeIsolated { _ = inner.store?.send(.start(count: 5)) } }
        // Gives the pool's workers ample time to begin an effect that was already handed over.
        let deadline = ContinuousClock.now + .milliseconds(50)
        while started.count.load(ordering: .relaxed) == 0, ContinuousClock.now < deadline {}
        state.startedDuringSend = started.count.load(ordering: .relaxed) != 0
        return .none
      case .done:
        state.done += 1
        return .none
      }
    }
  }

  final class Started: Sendable {
    let count = Atomic(0)
  }

  final class InnerStore: @unchecked Sendable {
    // NB: @unchecked Sendable: set once before any action, read only on the main actor.
    var store: Store<Starter.State, Starter.Action>?
  }

  @Test func anEffectBeginsOnlyAfterTheSendThatStartedItReturns() async {
    let started = Started()
    let store = Store(initialState: Starter.State()) { Starter(started: started, inner: nil) }
    let task = store.send(.start(count: 20))
    #expect(store.startedDuringSend == false)
    await task.finish()
    #expect(started.count.load(ordering: .relaxed) == 20)
    #expect(store.done == 20)
  }

  @Test func effectsAStoreStartsInsideAnotherStoresSendBeginWhenTheOuterSendReturns() async {
    let started = Started()
    let inner = Store(initialState: Starter.State()) { Starter(started: started, inner: nil) }
    let box = InnerStore()
    box.store = inner
    let outer = Store(initialState: Starter.State()) { Starter(started: started, inner: box) }
    let task = outer.send(.start(count: 5))
    // The inner store's send returned inside the outer one, whose effects had started: the inner
    // effects waited for the outer send to return too.
    #expect(inner.startedDuringSend == false)
    #expect(outer.startedDuringSend == false)
    await task.finish()
    #expect(
      await eventually { inner.done == 5 },
      "the inner store's effects had not all finished after a minute: a hang")
    #expect(outer.done == 5)
    #expect(started.count.load(ordering: .relaxed) == 10)
  }

  @Test func anEffectCancelledInTheSendThatStartedItDoesNotSend() async {
    let started = Started()
    let store = Store(initialState: Starter.State()) { Starter(started: started, inner: nil) }
    await store.send(.startAndCancel).finish()
    #expect(store.done == 0)
  }

  @Test func effectsStartedBySendsInARowAllRun() async {
    let started = Started()
    let store = Store(initialState: Starter.State()) { Starter(started: started, inner: nil) }
    var tasks: [StoreTask] = []
    for _ in 0..<50 { tasks.append(store.send(.start(count: 3))) }
    for task in tasks { await task.finish() }
    #expect(started.count.load(ordering: .relaxed) == 150)
    #expect(store.done == 150)
  }
}
