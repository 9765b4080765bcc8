import ReducerKit

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
  rowsWorkload("W6", rows: 10_000),
  rowsWorkload("W6b", rows: 100),
]
