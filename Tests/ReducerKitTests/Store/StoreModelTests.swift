import ReducerKit
import Testing

/// A feature with every kind of child: a presented one, rows and a stack, each able to start an
/// effect that runs until it is cancelled.
private struct Tree: Reducer {
  struct Node: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable { case increment, startEffect }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .startEffect:
        return .run { _ in try await Task.never() }
      }
    }
  }
  struct Row: Reducer {
    struct State: Equatable, Identifiable, Sendable {
      let id: Int
      var node = Node.State()
    }
    enum Action: Equatable, Sendable { case node(Node.Action) }
    var body: some ReducerOf<Self> {
      Scope(state: \.node, action: Action.node) { Node() }
    }
  }
  struct State: Equatable, Sendable {
    var count = 0
    @Presents var child: Node.State?
    var rows: IdentifiedArrayOf<Row.State> = []
    var path = StackState<Node.State>()
  }
  enum Action: Sendable {
    case increment
    case present
    case child(PresentationAction<Node.Action>)
    case addRow(Int)
    case removeRow(Int)
    case rows(IdentifiedActionOf<Row>)
    case push
    case path(StackActionOf<Node>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment: state.count += 1
      case .present: state.child = Node.State()
      case .addRow(let id): state.rows.append(Row.State(id: id))
      case .removeRow(let id): state.rows.remove(id: id)
      case .push: state.path.append(Node.State())
      case .child, .rows, .path: break
      }
      return .none
    }
    .ifLet(\.$child, action: Action.child) { Node() }
    .forEach(\.rows, action: Action.rows) { Row() }
    .forEach(\.path, action: Action.path) { Node() }
  }
}

/// What the feature should do, as a plain function over plain values.
private struct Model {
  struct Node: Equatable {
    var count = 0
    /// Effects started in this node, all still running.
    var effects = 0
  }
  var count = 0
  var child: Node?
  var rows: [(id: Int, node: Node)] = []
  var path: [(id: StackElementID, node: Node)] = []

  var effects: Int {
    (child?.effects ?? 0) + rows.map(\.node.effects).reduce(0, +)
      + path.map(\.node.effects).reduce(0, +)
  }
}

private let modelSeeds = SeededGenerator.seeds(30)

@MainActor
@Suite struct StoreModelTests {
  @Test(arguments: modelSeeds) func agreesWithAModel(seed: UInt64) async {
    var random = SeededGenerator(seed: seed)
    let root = RootCore.make(
      initialState: Tree.State(), reducer: Tree(), dependencies: DependencyValues())
    let store = Store(root: root)
    var model = Model()
    for step in 0..<120 {
      let rowID = Int.random(in: 0..<6, using: &random)
      let pathID = model.path.randomElement(using: &random)?.id ?? StackElementID(rawValue: 99)
      let nodeAction: Tree.Node.Action = Bool.random(using: &random) ? .increment : .startEffect
      let action: Tree.Action
      var warns = false
      switch Int.random(in: 0..<11, using: &random) {
      case 0:
        action = .increment
        model.count += 1
      case 1:
        action = .present
        // Same case, no id: the same child, so its effect keeps running.
        model.child = Model.Node(effects: model.child?.effects ?? 0)
      case 2:
        action = .child(.presented(nodeAction))
        if model.child == nil { warns = true } else { model.child!.apply(nodeAction) }
      case 3:
        action = .child(.dismiss)
        if model.child == nil { warns = true }
        model.child = nil
      case 4:
        action = .addRow(rowID)
        if !model.rows.contains(where: { $0.id == rowID }) {
          model.rows.append((rowID, Model.Node()))
        }
      case 5:
        action = .removeRow(rowID)
        model.rows.removeAll { $0.id == rowID }
      case 6, 7:
        action = .rows(.element(id: rowID, action: .node(nodeAction)))
        if let index = model.rows.firstIndex(where: { $0.id == rowID }) {
          model.rows[index].node.apply(nodeAction)
        } else {
          warns = true
        }
      case 8:
        action = .push
      case 9:
        action = .path(.element(id: pathID, action: nodeAction))
        if let index = model.path.firstIndex(where: { $0.id == pathID }) {
          model.path[index].node.apply(nodeAction)
        } else {
          warns = true
        }
      default:
        action = .path(.popFrom(id: pathID))
        if let index = model.path.firstIndex(where: { $0.id == pathID }) {
          model.path.removeSubrange(index...)
        } else {
          warns = true
        }
      }
      let warnings = LockIsolated(0)
      let capture: @Sendable (RuntimeWarning) -> Void = { _ in warnings.withValue { $0 += 1 } }
      RuntimeWarnings.$capture.withValue(capture) { _ = store.send(action) }
      if case .push = action, let id = store.path.ids.last {
        model.path.append((id, Model.Node()))
      }
      let state = store.state
      let live = root.registry.inFlight.filter { !$0.isCancelled }.count
      let agrees =
        state.count == model.count && state.child?.count == model.child?.count
        && state.rows.map(\.id) == model.rows.map(\.id)
        && state.rows.map(\.node.count) == model.rows.map(\.node.count)
        && state.path.ids.elements == model.path.map(\.id)
        && state.path.map(\.count) == model.path.map(\.node.count)
        && live == model.effects && (warnings.value > 0) == warns
      #expect(
        agrees,
        """
        seed \(seed) (replay with PROPERTY_SEED=\(seed)), step \(step), \(action): \
        effects \(live) (expected \(model.effects)), warnings \(warnings.value) \
        (expected \(warns ? "some" : "none"))
        """)
      if !agrees { break }
      // NB: lets the main actor serve other tests between steps (this test never suspends
      // otherwise, and under a sanitizer a seed takes seconds).
      await Task.yield()
    }
    store.cancelEffects()
  }
}

extension Model.Node {
  fileprivate mutating func apply(_ action: Tree.Node.Action) {
    switch action {
    case .increment: count += 1
    case .startEffect: effects += 1
    }
  }
}
