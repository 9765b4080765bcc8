import ReducerKit

import struct Foundation.IndexSet

/// The row of W6.
struct ToggleRow: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var isOn = false
  }
  enum Action: Sendable { case toggle }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.isOn.toggle()
    return .none
  }
}

struct RowsFeature: Reducer {
  struct State: Equatable, Sendable { var rows: IdentifiedArrayOf<ToggleRow.State> }
  enum Action: Sendable { case rows(IdentifiedActionOf<ToggleRow>) }

  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.rows, action: Action.rows) { ToggleRow() }
  }
}

func rowsWorkload(_ id: String, rows rowCount: Int) -> Workload {
  Workload(id, "ForEach\(rowCount == 10_000 ? "10k" : "\(rowCount)")") { options in
    let count = options.size(100_000, quick: 1_000)
    let rows = IdentifiedArray(uniqueElements: (0..<rowCount).map { ToggleRow.State(id: $0) })
    let store = Store(initialState: RowsFeature.State(rows: rows)) { RowsFeature() }
    return {
      for index in 0..<count {
        store.send(.rows(.element(id: index % rowCount, action: .toggle)))
      }
      blackHole(store.withState { $0.rows.count })
      return count
    }
  }
}

let collectionWorkloads: [Workload] = [
  Workload(
    "W6r", "ForEach.RemoveRow10k",
    selfTimed: { options in
      // Removing rows one at a time while each runs an effect: each removal cancels one row's
      // effect and must not cost O(all rows) in bookkeeping.
      let rowCount = options.size(10_000, quick: 500)
      return {
        let rows = IdentifiedArray(uniqueElements: (0..<rowCount).map { BusyRow.State(id: $0) })
        let store = Store(initialState: BusyRows.State(rows: rows)) { BusyRows() }
        for id in 0..<rowCount { store.send(.rows(.element(id: id, action: .start))) }
        let start = ContinuousClock.now
        for id in 0..<rowCount { store.send(.remove(id)) }
        let elapsed = ContinuousClock.now - start
        precondition(store.rows.isEmpty, "W6r left rows")
        return Sample(operations: rowCount, elapsed: elapsed)
      }
    }),
  rowsWorkload("W6", rows: 10_000),
  rowsWorkload("W6b", rows: 100),
]

/// A row of W6r, whose action starts a long effect.
struct BusyRow: Reducer {
  struct State: Equatable, Identifiable, Sendable { let id: Int }
  enum Action: Sendable { case start }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .run { _ in try await Task.never() }
  }
}

struct BusyRows: Reducer {
  struct State: Equatable, Sendable { var rows: IdentifiedArrayOf<BusyRow.State> }
  enum Action: Sendable {
    case rows(IdentifiedActionOf<BusyRow>)
    case remove(Int)
    case reinsert(Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .remove(let id): state.rows.remove(id: id)
      case .reinsert(let id): state.rows.insert(BusyRow.State(id: id), at: id)
      case .rows: break
      }
      return .none
    }
    .forEach(\.rows, action: Action.rows) { BusyRow() }
  }
}

/// `IdentifiedArray` on its own, as reducers use it.
let identifiedArrayWorkloads: [Workload] = [
  Workload("C1", "IdentifiedArray.Build") { options in
    // An array of 10,000 rows built from a sequence (a response decoded into state), per row.
    let rowCount = options.size(10_000, quick: 500)
    let source = (0..<rowCount).map { ToggleRow.State(id: $0) }
    return {
      let rows = IdentifiedArray(uniqueElements: source)
      precondition(rows.count == rowCount, "C1 lost rows")
      return rowCount
    }
  },
  Workload("C2", "IdentifiedArray.ModifyByID") { options in
    // `rows[id: id]?.isOn.toggle()` on 10,000 rows, in a reducer's state.
    let rowCount = options.size(10_000, quick: 500)
    let box = RowsBox(rowCount: rowCount)
    return {
      for index in 0..<rowCount { box.rows[id: index * 7_919 % rowCount]?.isOn.toggle() }
      return rowCount
    }
  },
  Workload("C3", "IdentifiedArray.MoveRow10k") { options in
    // One row of 10,000 moved (a list's `onMove`), per move.
    let rowCount = options.size(10_000, quick: 500)
    let count = options.size(100, quick: 10)
    let box = RowsBox(rowCount: rowCount)
    return {
      for _ in 0..<count {
        box.rows.move(fromOffsets: IndexSet(integer: rowCount / 2), toOffset: rowCount * 3 / 4)
      }
      return count
    }
  },
]

/// The rows of C2 and C3, held in an object as a store holds its state.
final class RowsBox {
  var rows: IdentifiedArrayOf<ToggleRow.State>
  init(rowCount: Int) {
    rows = IdentifiedArray(uniqueElements: (0..<rowCount).map { ToggleRow.State(id: $0) })
  }
}
