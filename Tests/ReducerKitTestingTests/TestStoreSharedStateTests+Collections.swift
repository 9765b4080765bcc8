import ReducerKit
import ReducerKitTesting
import Testing

/// Shared values inside a presented child, an array, an identified array and a stack.
private struct Rows: Reducer {
  struct Row: Equatable, Identifiable, Sendable {
    let id: Int
    @Shared var count: Int
    init(id: Int, count: Int = 0) {
      self.id = id
      _count = Shared(value: count)
    }
  }
  struct State: Equatable, Sendable {
    @Presents var detail: Row? = Row(id: 0)
    var rows = [Row(id: 1), Row(id: 2)]
    var identified: IdentifiedArrayOf<Row> = [Row(id: 3)]
    var path = StackState([Row(id: 4)])
  }
  enum Action: Equatable, Sendable {
    case incrementDetail
    case incrementRow(Int)
    case incrementIdentified(Int)
    case incrementPath
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementDetail:
      state.detail?.$count.withLock { $0 += 1 }
    case .incrementRow(let index):
      state.rows[index].$count.withLock { $0 += 1 }
    case .incrementIdentified(let id):
      state.identified[id: id]?.$count.withLock { $0 += 1 }
    case .incrementPath:
      state.path.last?.$count.withLock { $0 += 1 }
    }
    return .none
  }
}

/// A row whose equality leaves out when it was last touched, next to rows with shared counts.
private struct Touched: Reducer {
  struct Stamp: Equatable, Sendable {
    var value = 0
    var touchedAt = 0
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }
  }
  struct State: Equatable, Sendable {
    var stamp = Stamp()
    var rows = [Rows.Row(id: 1)]
  }
  enum Action: Equatable, Sendable { case touch }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.stamp.touchedAt += 1
    state.rows[0].$count.withLock { $0 += 1 }
    return .none
  }
}

/// Removes its only row, whose count an effect then changes: the state no longer holds it.
private struct RemovedRow: Reducer {
  struct State: Equatable, Sendable { var rows: [Rows.Row] }
  enum Action: Equatable, Sendable { case removeAndCount }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let count = state.rows[0].$count
    state.rows.removeAll()
    return .run { _ in count.withLock { $0 += 1 } }
  }
}

/// A shared value that changes inside an element of a collection is asserted like any other:
/// the collection itself did not change, and two copies of it share their storage.
@MainActor
@Suite struct TestStoreSharedStateInCollectionsTests {
  @Test func assertedChangesInsideChildrenAndRowsPass() async {
    let store = TestStore(initialState: Rows.State()) { Rows() }
    await store.send(.incrementDetail) { $0.detail?.$count.withLock { $0 = 1 } }
    await store.send(.incrementRow(1)) { $0.rows[1].$count.withLock { $0 = 1 } }
    await store.send(.incrementIdentified(3)) {
      $0.identified[id: 3]?.$count.withLock { $0 = 1 }
    }
    await store.send(.incrementPath) { $0.path.last?.$count.withLock { $0 = 1 } }
  }

  @Test func anUnassertedChangeInsideARowOrAPresentedChildFails() async {
    for action in [Rows.Action.incrementRow(0), .incrementDetail] {
      let store = TestStore(initialState: Rows.State()) { Rows() }
      await expectIssues {
        await store.send(action)
      } matching: { issue in
        let text = issue.comments.first?.rawValue ?? ""
        return text.hasPrefix(#""send" changed state, but the test expected no change."#)
          && text.contains("count: 0") && text.contains("count: 1")
      }
    }
  }

  @Test func aWrongAssertionInsideAStackElementFails() async {
    let store = TestStore(initialState: Rows.State()) { Rows() }
    await expectIssues {
      await store.send(.incrementPath) { $0.path.last?.$count.withLock { $0 = 5 } }
    } matching: { issue in
      let text = issue.comments.first?.rawValue ?? ""
      return text.hasPrefix(#""send" changed state differently than the assertion expected."#)
        && text.contains("count: 5") && text.contains("count: 1")
    }
  }

  @Test func aFieldWhoseEqualityIgnoresAChangeStillIgnoresItNextToSharedRows() async {
    let store = TestStore(initialState: Touched.State()) { Touched() }
    await store.send(.touch) { $0.rows[0].$count.withLock { $0 = 1 } }
  }

  @Test func aChangeToAValueTheStateNoLongerHoldsIsNamedAtTheEnd() async {
    await expectIssues {
      let store = TestStore(initialState: RemovedRow.State(rows: [Rows.Row(id: 1)])) {
        RemovedRow()
      }
      await store.send(.removeAndCount) { $0.rows = [] }
      await store.finish()
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        """
        The test ended with shared state changed after the last assertion, in values the state \
        no longer holds:

          a value shared without a key: 0 → 1
        """) ?? false
    }
  }

  @Test func aValueTheStateNoLongerHoldsIsAssertedThroughTheTestsOwnHolder() async {
    let row = Rows.Row(id: 1)
    let count = row.$count
    let store = TestStore(initialState: RemovedRow.State(rows: [row])) { RemovedRow() }
    await store.send(.removeAndCount) { $0.rows = [] }
    store.assert { _ in count.withLock { $0 = 1 } }
    await store.finish()
  }

  @Test func aWrongAssertionOfAValueTheStateNoLongerHoldsFails() async {
    let row = Rows.Row(id: 1)
    let count = row.$count
    let store = TestStore(initialState: RemovedRow.State(rows: [row])) { RemovedRow() }
    await store.send(.removeAndCount) { $0.rows = [] }
    expectIssues {
      store.assert { _ in count.withLock { $0 = 5 } }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        """
        "assert" expected other values of shared values the state does not hold:

          a value shared without a key: expected 5, is 1
        """) ?? false
    }
    await store.finish()
  }
}
