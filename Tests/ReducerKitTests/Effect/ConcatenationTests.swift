import ReducerKit
import ReducerKitTesting
import Testing

/// `.concatenate`: leading sends run inside `send`; the stepping task belongs to the navigation
/// element that returned it; a step that ends cancelled ends the concatenation.
@MainActor
@Suite struct ConcatenationTests {
  struct Steps: Reducer {
    struct State: Equatable, Sendable { var log: [String] = [] }
    enum Action: Equatable, Sendable {
      case start
      case startCancellable
      case cancel
      case record(String)
    }
    enum CancelID: Hashable, Sendable { case sleep }
    let clock: TestClock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .concatenate(
          .send(.record("a")),
          .merge(.send(.record("b")), .none),
          .run { send in await send(.record("c")) },
          .send(.record("d"))
        )
      case .startCancellable:
        return .concatenate(
          .run { [clock] _ in try await clock.sleep(for: .seconds(1)) }
            .cancellable(id: CancelID.sleep),
          .send(.record("after the sleep"))
        )
      case .cancel:
        return .cancel(id: CancelID.sleep)
      case .record(let entry):
        state.log.append(entry)
        return .none
      }
    }
  }

  @Test func leadingSendsAreDeliveredBeforeSendReturns() async {
    let store = Store(initialState: Steps.State()) { Steps(clock: TestClock()) }
    let task = store.send(.start)
    #expect(store.log == ["a", "b"])
    await task.finish()
    #expect(store.log == ["a", "b", "c", "d"])
  }

  @Test func aTestStoreReceivesTheLeadingSendsFirst() async {
    let store = TestStore(initialState: Steps.State()) { Steps(clock: TestClock()) }
    await store.send(.start)
    await store.receive(.record("a")) { $0.log = ["a"] }
    await store.receive(.record("b")) { $0.log.append("b") }
    await store.receive(.record("c")) { $0.log.append("c") }
    await store.receive(.record("d")) { $0.log.append("d") }
  }

  @Test func aStepThatEndsCancelledEndsTheConcatenation() async {
    let clock = TestClock()
    let store = TestStore(initialState: Steps.State()) { Steps(clock: clock) }
    await store.send(.startCancellable)
    await store.send(.cancel)
    await clock.advance(by: .seconds(2))
    await store.finish()
    #expect(store.state.log.isEmpty)
  }

  /// A row whose concatenation, debounce and throttle outlive the row unless the row's element
  /// owns their tasks.
  struct Row: Reducer {
    struct State: Equatable, Identifiable, Sendable {
      let id: Int
      var log: [String] = []
    }
    enum Action: Equatable, Sendable {
      case concatenate, debounce, throttle, throttleAgain
      case record(String)
    }
    enum CancelID: Hashable, Sendable { case debounce, throttle }
    @Dependency(\.continuousClock) var clock

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .concatenate:
        return .concatenate(
          .run { [clock] _ in try await clock.sleep(for: .seconds(1)) },
          .send(.record("stepped"))
        )
      case .debounce:
        return .send(.record("debounced"))
          .debounce(id: CancelID.debounce, for: .seconds(1), clock: clock)
      case .throttle, .throttleAgain:
        return .send(.record("throttled \(action)"))
          .throttle(id: CancelID.throttle, for: .seconds(1), clock: clock, latest: true)
      case .record(let entry):
        state.log.append(entry)
        return .none
      }
    }
  }

  struct Rows: Reducer {
    struct State: Equatable, Sendable {
      var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: 1)]
    }
    enum Action: Equatable, Sendable {
      case rows(IdentifiedActionOf<Row>)
      case removeRow
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .removeRow = action { state.rows.removeAll() }
        return .none
      }
      .forEach(\.rows, action: Action.rows) { Row() }
    }
  }

  private func rowsStore(_ clock: TestClock) -> TestStore<Rows.State, Rows.Action> {
    TestStore(initialState: Rows.State()) {
      Rows()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func removingARowCancelsItsConcatenation() async {
    let clock = TestClock()
    let store = rowsStore(clock)
    await store.send(.rows(.element(id: 1, action: .concatenate)))
    await store.send(.removeRow) { $0.rows = [] }
    // Before the fix the stepping task survived the row and sent `.record` to a missing row.
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func removingARowCancelsItsDebouncedEffect() async {
    let clock = TestClock()
    let store = rowsStore(clock)
    await store.send(.rows(.element(id: 1, action: .debounce)))
    await store.send(.removeRow) { $0.rows = [] }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func removingARowDropsItsWaitingThrottledEffect() async {
    let clock = TestClock()
    let store = rowsStore(clock)
    await store.send(.rows(.element(id: 1, action: .throttle)))
    await store.receive(\.rows[id: 1].record) { $0.rows[id: 1]?.log = ["throttled throttle"] }
    await store.send(.rows(.element(id: 1, action: .throttleAgain)))
    await store.send(.removeRow) { $0.rows = [] }
    await clock.advance(by: .seconds(2))
    await store.finish()
  }
}
