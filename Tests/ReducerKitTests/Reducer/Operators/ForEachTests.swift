import ReducerKit
import ReducerKitTesting
import Testing

/// A row whose effect waits a second on the clock, then reports back.
struct TimedRow: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    var id: Int
    var isOn = false
    var finished = 0
  }
  enum Action: Equatable, Sendable { case toggle, start, stop, finished }
  enum CancelID: Hashable, Sendable { case work }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggle:
      state.isOn.toggle()
      return .none
    case .start:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.finished)
      }
      .cancellable(id: CancelID.work)
    case .stop:
      return .cancel(id: CancelID.work)
    case .finished:
      state.finished += 1
      return .none
    }
  }
}

struct RowList: Reducer {
  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<TimedRow.State> = []
    var log: [String] = []
  }
  enum Action: Equatable, Sendable {
    case rows(IdentifiedActionOf<TimedRow>)
    case add(Int)
    case remove(Int)
    case cancelAll
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .rows(.element(let id, let action)):
        state.log.append("parent saw \(id) \(action)")
        return .none
      case .add(let id):
        state.rows.append(TimedRow.State(id: id))
        return .none
      case .remove(let id):
        state.rows.remove(id: id)
        return .none
      case .cancelAll:
        return .cancel(id: TimedRow.CancelID.work)
      }
    }
    .forEach(\.rows, action: Action.rows) { TimedRow() }
  }
}

@MainActor
@Suite struct ForEachTests {
  func makeStore(
    rows: [Int], clock: TestClock
  ) -> TestStore<RowList.State, RowList.Action> {
    TestStore(
      initialState: RowList.State(rows: IdentifiedArray(uniqueElements: rows.map { .init(id: $0) }))
    ) {
      RowList()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func runsTheElementBeforeTheParent() async {
    let store = makeStore(rows: [1, 2], clock: TestClock())
    await store.send(.rows(.element(id: 2, action: .toggle))) {
      $0.rows[id: 2]?.isOn = true
      $0.log = ["parent saw 2 toggle"]
    }
  }

  @Test func removingARowCancelsItsEffects() async {
    let clock = TestClock()
    let store = makeStore(rows: [1, 2], clock: clock)
    await store.send(.rows(.element(id: 1, action: .start))) { $0.log = ["parent saw 1 start"] }
    await store.send(.rows(.element(id: 2, action: .start))) {
      $0.log.append("parent saw 2 start")
    }
    await store.send(.remove(1)) { $0.rows.remove(id: 1) }
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows[id: 2].finished) {
      $0.rows[id: 2]?.finished = 1
      $0.log.append("parent saw 2 finished")
    }
    await store.finish()
  }

  @Test func anEffectOfARemovedRowNeverReachesTheRowReAddedWithItsID() async {
    let clock = TestClock()
    let store = makeStore(rows: [1], clock: clock)
    await store.send(.rows(.element(id: 1, action: .start))) { $0.log = ["parent saw 1 start"] }
    await store.send(.remove(1)) { $0.rows = [] }
    await store.send(.add(1)) { $0.rows = [TimedRow.State(id: 1)] }
    await clock.advance(by: .seconds(5))
    await store.finish()
    #expect(store.state.rows[id: 1]?.finished == 0)
  }

  @Test func theSameCancelIDInTwoRowsDoesNotCollide() async {
    let clock = TestClock()
    let store = makeStore(rows: [1, 2], clock: clock)
    await store.send(.rows(.element(id: 1, action: .start))) { $0.log = ["parent saw 1 start"] }
    await store.send(.rows(.element(id: 2, action: .start))) {
      $0.log.append("parent saw 2 start")
    }
    // A row cancelling its ID leaves its sibling's effect with the same ID alone.
    await store.send(.rows(.element(id: 1, action: .stop))) {
      $0.log.append("parent saw 1 stop")
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.rows[id: 2].finished) {
      $0.rows[id: 2]?.finished = 1
      $0.log.append("parent saw 2 finished")
    }
    #expect(store.state.rows[id: 1]?.finished == 0)
  }

  @Test func aParentCancellingAnIDReachesEveryRow() async {
    let clock = TestClock()
    let store = makeStore(rows: [1, 2], clock: clock)
    await store.send(.rows(.element(id: 1, action: .start))) { $0.log = ["parent saw 1 start"] }
    await store.send(.rows(.element(id: 2, action: .start))) {
      $0.log.append("parent saw 2 start")
    }
    await store.send(.cancelAll)
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(store.state.rows.map(\.finished) == [0, 0])
  }

  @Test func warnsAboutAnActionForAMissingID() async {
    let store = makeStore(rows: [1], clock: TestClock())
    let sendLine = #line + 2
    await expectIssues {
      await store.send(.rows(.element(id: 7, action: .toggle))) {
        $0.log = ["parent saw 7 toggle"]
      }
    } matching: { issue in
      // The test sent it: the warning says so, at the test's line.
      issue.sourceLocation?.line == sendLine
        && issue.comments.first?.rawValue == """
          "forEach" received a child action while no element had the id 7; the action was \
          dropped.

            Action:
              RowList.Action.rows(.element(id: 7, action: .toggle))

          The test sent it (or a reducer sent it while reducing the test's action) for a child \
          that is not there. Send it while the child exists, or assert that it is gone instead.
          """
    }
  }

  @Test func anActionForAMissingIDFromOutsideATestNamesBothCauses() {
    let store = Store(initialState: RowList.State(rows: [.init(id: 1)])) {
      RowList()
    }
    store.checksActionCategories = false
    let warnings = LockedState<[String]>([])
    let capture: @Sendable (RuntimeWarning) -> Void = { warning in
      warnings.withLock { $0.append(warning.message) }
    }
    RuntimeWarnings.$capture.withValue(capture) {
      store.send(.rows(.element(id: 7, action: .toggle)))
    }
    #expect(warnings.withLock { $0 }.first?.contains("An effect of the child kept running") == true)
    #expect(warnings.withLock { $0 }.first?.contains("A view sent the action") == true)
  }

  @Test func scopesAStorePerRow() {
    let store = Store(
      initialState: RowList.State(rows: [.init(id: 1), .init(id: 2)])
    ) {
      RowList()
    }
    let rowStores = store.scope(state: \.rows, action: RowList.Action.rows)
    #expect(rowStores.map(\.id) == [1, 2])
    rowStores[1].send(.toggle)
    #expect(store.rows[id: 2]?.isOn == true)
    #expect(rowStores[1].isOn)
  }
}
