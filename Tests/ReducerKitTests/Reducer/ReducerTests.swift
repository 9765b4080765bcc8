import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct ReducerTests {
  struct Log: Equatable, Sendable { var entries: [String] = [] }

  struct Appending: Reducer {
    let name: String
    func reduce(into state: inout Log, action: String) -> Effect<String> {
      state.entries.append("\(name):\(action)")
      return .none
    }
  }

  @Test func runsReduceBasedReducers() {
    let store = Store(initialState: Log()) { Appending(name: "a") }
    store.send("x")
    #expect(store.entries == ["a:x"])
  }

  @Test func reduceTakesTheInternalLabelTCAsTestsUse() {
    let store = Store(initialState: Log()) {
      Reduce<Log, String>(internal: { state, action in
        state.entries.append("internal:\(action)")
        return .none
      })
    }
    store.send("x")
    #expect(store.entries == ["internal:x"])
  }

  struct BodyBased: Reducer {
    var includeOptional: Bool
    var useFirstBranch: Bool

    var body: some ReducerOf<Self> {
      Appending(name: "first")
      if includeOptional {
        Appending(name: "optional")
      }
      if useFirstBranch {
        Appending(name: "then")
      } else {
        Reduce { state, action in
          state.entries.append("else:\(action)")
          return .none
        }
      }
      CombineReducers {
        Appending(name: "combined")
        EmptyReducer()
      }
    }

    typealias State = Log
    typealias Action = String
  }

  @Test func runsBuilderBlocksInOrderWithConditionals() {
    let store = Store(initialState: Log()) {
      BodyBased(includeOptional: true, useFirstBranch: true)
    }
    store.send("x")
    #expect(store.entries == ["first:x", "optional:x", "then:x", "combined:x"])

    let other = Store(initialState: Log()) {
      BodyBased(includeOptional: false, useFirstBranch: false)
    }
    other.send("y")
    #expect(other.entries == ["first:y", "else:y", "combined:y"])
  }

  /// A body with `for` loops, one over reducers of an existential type.
  struct Plugged: Reducer {
    let plugins: [any Reducer<Log, String>]
    var body: some ReducerOf<Self> {
      Appending(name: "first")
      for plugin in plugins {
        Reduce(plugin)
      }
      for name in ["x", "y"] {
        Appending(name: "loop \(name)")
      }
    }
    typealias State = Log
    typealias Action = String
  }

  @Test func runsTheReducersOfForLoopsInOrder() async {
    let store = Store(initialState: Log()) {
      Plugged(plugins: [
        Appending(name: "plugin"),
        Reduce { state, action in
          state.entries.append("effect:\(action)")
          return action == "go" ? .send("sent") : .none
        },
      ])
    }
    await store.send("go").finish()
    #expect(
      store.entries == [
        "first:go", "plugin:go", "effect:go", "loop x:go", "loop y:go",
        "first:sent", "plugin:sent", "effect:sent", "loop x:sent", "loop y:sent",
      ])
    let empty = Store(initialState: Log()) { Plugged(plugins: []) }
    empty.send("z")
    #expect(empty.entries == ["first:z", "loop x:z", "loop y:z"])
  }

  @Test func mergesEffectsOfComposedReducers() async {
    let store = Store(initialState: Log()) {
      Reduce<Log, String> { state, action in
        guard action == "start" else {
          state.entries.append(action)
          return .none
        }
        return .send("from first")
      }
      Reduce<Log, String> { _, action in
        action == "start" ? .send("from second") : .none
      }
    }
    store.send("start")
    #expect(store.entries == ["from first", "from second"])
  }

  nonisolated static let bodyEvaluations = LockedState(0)

  struct CountsBodyEvaluations: Reducer {
    var body: some Reducer<Int, Void> {
      let _ = ReducerTests.bodyEvaluations.withLock { $0 += 1 }
      Reduce { state, _ in
        state += 1
        return .none
      }
    }
  }

  @Test func evaluatesBodyOncePerStore() {
    let before = Self.bodyEvaluations.withLock { $0 }
    let store = Store(initialState: 0) { CountsBodyEvaluations() }
    for _ in 1...100 { store.send(()) }
    #expect(store.state == 100)
    #expect(Self.bodyEvaluations.withLock { $0 } - before == 1)
  }

  struct Tree: Reducer {
    struct State: Equatable, Sendable {
      var value = 0
      var child: Box?
    }
    final class Box: Equatable, @unchecked Sendable {
      // NB: @unchecked: only mutated through the store, on the main actor.
      var state: State
      init(_ state: State) { self.state = state }
      static func == (lhs: Box, rhs: Box) -> Bool { lhs.state == rhs.state }
    }
    indirect enum Action: Sendable {
      case increment
      case child(Action)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .increment = action { state.value += 1 }
        return .none
      }
      Scope(state: \.childState, action: Action.child) { Tree() }
    }
  }

  @Test func buildsRecursiveFeaturesLazily() {
    let store = Store(
      initialState: Tree.State(child: .init(.init(child: .init(.init()))))
    ) { Tree() }
    store.send(.child(.child(.increment)))
    #expect(store.state.child?.state.child?.state.value == 1)
    store.send(.increment)
    #expect(store.value == 1)
  }

  /// A reducer that implements both: TCA's macro rejects it; here its own `reduce` runs.
  struct Both: Reducer {
    typealias State = [String]
    typealias Action = Bool
    func reduce(into state: inout [String], action: Bool) -> Effect<Bool> {
      state.append("reduce")
      return .none
    }
    var body: some ReducerOf<Self> {
      Reduce { state, _ in
        state.append("body")
        return .none
      }
    }
  }

  @MainActor @Test func aReducerWithBothReduceAndBodyWarnsOnceAndRunsItsReduce() {
    let store = Store(initialState: [String]()) { Both() }
    expectIssues {
      store.send(true)
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""Both" implements both "reduce(into:action:)" and "body"; "reduce(into:action:)" runs, and "body" is never used."#
      ) ?? false
    }
    store.send(false)
    #expect(store.state == ["reduce", "reduce"])
    // Called directly, the same reducer behaves the same.
    var state: [String] = []
    _ = Both().reduce(into: &state, action: true)
    #expect(state == ["reduce"])
  }
}

extension ReducerTests.Tree.State {
  /// A writable path into the (possibly absent) child, for the recursion test.
  var childState: ReducerTests.Tree.State {
    get { child?.state ?? .init() }
    set { child?.state = newValue }
  }

}
