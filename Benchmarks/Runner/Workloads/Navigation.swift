import Observation
import ReducerKit

/// The recursive feature of W2–W5: a count and an optional presented copy of itself.
struct Nested: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    @Presents var child: State?
  }
  indirect enum Action: Sendable {
    case child(PresentationAction<Action>)
    case increment
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .increment = action { state.count += 1 }
      return .none
    }
    .ifLet(\.$child, action: Action.child) { Nested() }
  }

  static func tree(depth: Int) -> State {
    var state = State()
    for _ in 0..<depth { state = State(count: 0, child: state) }
    return state
  }
}

@MainActor
func scopedDown(_ store: Store<Nested.State, Nested.Action>, levels: Int) -> Store<
  Nested.State, Nested.Action
> {
  var leaf = store
  for _ in 0..<levels {
    leaf = leaf.scope(state: \.$child, action: Nested.Action.child)!
  }
  return leaf
}

let navigationWorkloads: [Workload] = [
  Workload("W2", "NestedStore.Send") { options in
    let count = options.size(100_000, quick: 1_000)
    let root = Store(initialState: Nested.tree(depth: 10)) { Nested() }
    let leaf = scopedDown(root, levels: 10)
    return {
      for _ in 0..<count { leaf.send(.increment) }
      blackHole(leaf.withState(\.count))
      return count
    }
  },
  Workload("B2", "Baseline.NestedReduce") { options in
    // What W2 is bounded by: the leaf's action embedded one level at a time through ten
    // closures, as a scoped store's send does (each `.child(.presented(_))` a box of the
    // indirect action), then reduced by a hand-written recursive function in the root's state;
    // no effects to merge, no presentation bookkeeping.
    let count = options.size(100_000, quick: 1_000)
    let root = StateBox(Nested.tree(depth: 10))
    let embeds: [@Sendable (Nested.Action) -> Nested.Action] = Array(
      repeating: { .child(.presented($0)) }, count: 10)
    return {
      for _ in 0..<count {
        var action = Nested.Action.increment
        for embed in embeds { action = embed(action) }
        reduceByHand(&root.state, action)
      }
      blackHole(root.state.count)
      return count
    }
  },
  Workload("W3", "NestedStore.RootSend") { options in
    let count = options.size(100_000, quick: 1_000)
    let root = Store(initialState: Nested.tree(depth: 10)) { Nested() }
    let leaf = scopedDown(root, levels: 10)
    return {
      for _ in 0..<count { root.send(.increment) }
      blackHole((root.withState(\.count), leaf.withState(\.count)))
      return count
    }
  },
  Workload(
    "W4", "Store.Scope",
    selfTimed: { options in
      let count = options.size(1_000, quick: 50)
      return {
        // Fresh roots for every repetition, built before the clock starts.
        let roots = (0..<count).map { _ in Store(initialState: Nested.tree(depth: 10)) { Nested() }
        }
        var leaves: [Store<Nested.State, Nested.Action>] = []
        leaves.reserveCapacity(count)
        let elapsed = ContinuousClock().measure {
          for root in roots { leaves.append(scopedDown(root, levels: 10)) }
        }
        blackHole(leaves)
        return Sample(operations: count, elapsed: elapsed)
      }
    }),
  Workload("W4c", "Store.ScopeCached") { options in
    // W4's ten scopes, repeated on the same root while the first leaf is held: each scope finds
    // the store it made the first time (a view body scoping again on every render).
    let count = options.size(100_000, quick: 1_000)
    let root = Store(initialState: Nested.tree(depth: 10)) { Nested() }
    let leaf = scopedDown(root, levels: 10)
    return {
      for _ in 0..<count {
        precondition(scopedDown(root, levels: 10) === leaf, "W4c: the scope cache missed")
      }
      return count
    }
  },
  Workload("W4c1", "Store.ScopeCachedOnce") { options in
    // One `store.scope` of W4c, the unit its target is set in: the root scoped to its child
    // again and again (from one place in the code, as a view body does), each call finding the
    // store the first one made.
    let count = options.size(1_000_000, quick: 10_000)
    let root = Store(initialState: Nested.tree(depth: 10)) { Nested() }
    let child = scopedDown(root, levels: 1)
    return {
      for _ in 0..<count {
        precondition(scopedDown(root, levels: 1) === child, "W4c1: the scope cache missed")
      }
      return count
    }
  },
  Workload("B4c", "Baseline.KeyPathLookup") { options in
    // What W4c is bounded by: the ten key path literals its scopes are written with (each
    // instantiated per evaluation, at +1), each handed to an out-of-line lookup that returns a
    // strongly held object, a hand-written cache that could not let its entries go.
    let count = options.size(100_000, quick: 1_000)
    let root = ChainLink(depth: 10)
    let leaf = linkedDown(root, levels: 10)
    return {
      for _ in 0..<count {
        precondition(linkedDown(root, levels: 10) === leaf, "B4c: the chain changed")
      }
      return count
    }
  },
  Workload("W5", "Store.Access") { options in
    let count = options.size(1_000_000, quick: 10_000)
    let root = Store(initialState: Nested.tree(depth: 10)) { Nested() }
    let leaf = scopedDown(root, levels: 10)
    root.send(.increment)
    return {
      var sum = 0
      for _ in 0..<count { sum &+= readCount(leaf) }
      blackHole(sum)
      return count
    }
  },
  Workload("B5", "Baseline.RegistrarAccess") { options in
    // What W5 is bounded by: one read of an observable property as the `@Observable` macro
    // writes it (the registrar's `access`, then the stored value), nothing else.
    let count = options.size(1_000_000, quick: 10_000)
    let model = ObservedCounter()
    return {
      var sum = 0
      for _ in 0..<count { sum &+= readCount(model) }
      blackHole(sum)
      return count
    }
  },
]

/// An observable class written as the `@Observable` macro expands one property.
@MainActor
final class ObservedCounter: Observable {
  private let registrar = ObservationRegistrar()
  private var storage = 1

  var count: Int {
    registrar.access(self, keyPath: \.count)
    return storage
  }
}

/// B5's read, out of line like W5's.
@MainActor @inline(never)
func readCount(_ model: ObservedCounter) -> Int {
  model.count
}

/// One read through the store's dynamic member, kept out of line so that the optimizer cannot
/// hoist the read out of W5's loop.
@MainActor @inline(never)
func readCount(_ store: Store<Nested.State, Nested.Action>) -> Int {
  store.count
}

/// B2's state, held in an object as a store holds its state.
final class StateBox {
  var state: Nested.State
  init(_ state: Nested.State) { self.state = state }
}

/// B2's reducer: unwraps one level of the action and runs on the presented child in place.
///
/// NB: a free function, with the child reached by `&state.child!`: written as a mutating
/// method called through optional chaining (`child?.reduceByHand(_:)`), the property wrappers'
/// `_modify` accessors were not inlined, and each one called out of line allocated its frame,
/// two allocations per level (30 per send), which made the baseline slower than W2.
@inline(never)
func reduceByHand(_ state: inout Nested.State, _ action: Nested.Action) {
  switch action {
  case .increment: state.count += 1
  case .child(.presented(let childAction)):
    if state.child != nil { reduceByHand(&state.child!, childAction) }
  case .child(.dismiss): state.child = nil
  }
}

/// B4c's chain: each link holds the next one strongly.
final class ChainLink {
  let next: ChainLink?
  let key = ObjectIdentifier(\Nested.State.$child)

  init(depth: Int) {
    next = depth == 0 ? nil : ChainLink(depth: depth - 1)
  }

  /// The next link, for a key path (checked as a scope cache checks its key, by identity).
  @inline(never)
  func next(for keyPath: KeyPath<Nested.State, Presents<Nested.State>>) -> ChainLink? {
    ObjectIdentifier(keyPath) == key ? next : nil
  }
}

/// `scopedDown`'s loop over B4c's chain, with the same key path literal per level.
func linkedDown(_ link: ChainLink, levels: Int) -> ChainLink {
  var leaf = link
  for _ in 0..<levels { leaf = leaf.next(for: \.$child)! }
  return leaf
}
