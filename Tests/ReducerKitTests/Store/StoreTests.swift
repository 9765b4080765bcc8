import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct StoreTests {
  struct Feature: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var name = "feature"
      var child = Child.State()
      var optionalChild: Child.State?
      var log: [String] = []
    }
    enum Action: Equatable, Sendable {
      case increment
      case child(Child.Action)
      case optionalChild(Child.Action)
      case record(String)
      case sendTwice
      case startEffect
      case toggleOptional
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.child, action: Action.child) { Child() }
      Reduce { state, action in
        switch action {
        case .increment:
          state.count += 1
          return .none
        case .child, .optionalChild:
          return .none
        case .record(let entry):
          state.log.append(entry)
          return .none
        case .sendTwice:
          state.log.append("sendTwice")
          return .merge(.send(.record("first")), .send(.record("second")))
        case .startEffect:
          return .run { send in await send(.record("effect")) }
        case .toggleOptional:
          state.optionalChild = state.optionalChild == nil ? Child.State() : nil
          return .none
        }
      }
    }
  }

  struct Child: Reducer {
    struct State: Equatable, Sendable { var value = 0 }
    enum Action: Equatable, Sendable { case bump }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.value += 1
      return .none
    }
  }

  @Test func exposesStateThroughPropertiesAndWithState() {
    let store = Store(initialState: Feature.State()) { Feature() }
    store.send(.increment)
    #expect(store.state.count == 1)
    #expect(store.count == 1)
    #expect(store.withState { $0.count + 1 } == 2)
    #expect(store.name == "feature")
  }

  @Test func processesSynchronousSendsInOrderBeforeReturning() {
    let store = Store(initialState: Feature.State()) { Feature() }
    store.send(.sendTwice)
    #expect(store.log == ["sendTwice", "first", "second"])
  }

  @Test func queuesActionsSentWhileReducing() {
    let box = StoreBox()
    let store = Store(initialState: Feature.State()) {
      Reduce<Feature.State, Feature.Action> { state, action in
        guard case .record(let entry) = action else { return .none }
        state.log.append("\(entry) start")
        if entry == "outer" {
          // Re-entrant sends, as from a scoped store or an observer, wait in the queue.
          let task = MainActor.assumeIsolated { box.store?.send(.record("inner 1")) }
          MainActor.assumeIsolated { _ = box.store?.send(.record("inner 2")) }
          #expect(task?.isCancelled == true)
        }
        state.log.append("\(entry) end")
        return .none
      }
    }
    box.store = store
    store.send(.record("outer"))
    #expect(
      store.log == [
        "outer start", "outer end", "inner 1 start", "inner 1 end", "inner 2 start",
        "inner 2 end",
      ]
    )
  }

  @Test func scopedStoresReadTheRootsCurrentStateAndSendThroughIt() {
    let store = Store(initialState: Feature.State()) { Feature() }
    let child = store.scope(state: \.child, action: Feature.Action.child)
    #expect(child.value == 0)
    child.send(.bump)
    #expect(child.value == 1)
    #expect(store.child.value == 1)
    store.send(.child(.bump))
    #expect(child.value == 2)
    #expect(child.state == Child.State(value: 2))
  }

  @Test func scopesThroughSeveralLevels() {
    let store = Store(initialState: Feature.State()) { Feature() }
    let child = store.scope(state: \.child, action: Feature.Action.child)
    let value = child.scope(state: \.value, action: { (_: Never) -> Child.Action in })
    store.send(.child(.bump))
    #expect(value.state == 1)
  }

  @Test func optionalScopeIsNilWhileTheStateIsNil() {
    let store = Store(initialState: Feature.State()) { Feature() }
    #expect(store.scope(state: \.optionalChild, action: Feature.Action.optionalChild) == nil)
    store.send(.toggleOptional)
    let child = store.scope(state: \.optionalChild, action: Feature.Action.optionalChild)
    #expect(child?.value == 0)
    store.send(.toggleOptional)
    // The child store keeps showing the last value once the state goes away.
    #expect(child?.value == 0)
  }

  @Test func storeTasksAreHashableAndFinishTheirEffects() async {
    let store = Store(initialState: Feature.State()) { Feature() }
    let task = store.send(.startEffect)
    #expect(!task.isCancelled)
    #expect(Set([task, task]).count == 1)
    await task.finish()
    #expect(store.log == ["effect"])
  }

  @Test func finishingIsCancellable() async {
    let gate = Gate()
    let store = Store(initialState: Feature.State()) {
      Reduce<Feature.State, Feature.Action> { _, _ in
        .run { _ in await gate.wait() }
      }
    }
    let storeTask = store.send(.startEffect)
    let waiter = Task { await storeTask.finish() }
    waiter.cancel()
    await waiter.value
    #expect(storeTask.isCancelled)
  }

  @Test func processesAHundredThousandSynchronousActionsInOneSend() {
    // TCA's own test of a long chain of `.send`s: each is reduced in turn, none dropped.
    enum Action: Sendable {
      case increment
      case done
    }
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { state, action in
        guard case .increment = action else { return .none }
        state += 1
        return .send(state >= 100_000 ? .done : .increment)
      }
    }
    store.send(.increment)
    #expect(store.withState { $0 } == 100_000)
  }

  @Test func stopsAndWarnsWhenActionsKeepQueueingThemselves() {
    struct Echo: Reducer {
      enum Action: Equatable, Sendable { case ping }
      func reduce(into state: inout Int, action: Action) -> Effect<Action> {
        state += 1
        return .send(.ping)
      }
    }
    let store = Store(initialState: 0) { Echo() }
    expectIssues {
      store.send(.ping)
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        """
        A single "send" queued more than 100000 actions; the store stopped and dropped the rest \
        of them.

          Last action:
            StoreTests.Echo.Action.ping
        """
      ) ?? false
    }
    // The action sent, then the limit of queued ones; the rest were dropped.
    #expect(store.withState { $0 } == 100_001)
  }
}

/// Lets a reducer reach the store it runs in, to test re-entrant sends.
@MainActor
final class StoreBox {
  var store: Store<StoreTests.Feature.State, StoreTests.Feature.Action>?

  @Test func readingTheStoreFromItsReducerWarnsAndReadsTheStateAsItIs() {
    let box = PeekerStoreBox()
    let store = Store(initialState: Peeker.State()) { Peeker(box: box) }
    box.store = store
    expectIssues {
      store.send(.peek)
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""Store.subscript(dynamicMember:)" read the store while one of its reducers was running; it returned the state as it was at that moment, part-way through the action."#
      ) ?? false
    }
    #expect(store.peeked == ["count 1"])
    #expect(store.count == 1)
  }

  @Test func readingTheStoreFromAChildInAnEnumCaseSeesAValidState() {
    let box = PeekerStoreBox()
    let store = Store(initialState: Peeker.State()) { Peeker(box: box) }
    box.store = store
    expectIssues {
      store.send(.mode(.editing(.peek)))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(#""Store.state" read the store"#) ?? false
    }
    #expect(store.mode == .editing(Peeker.Editor.State(text: "edited", seen: ["edited"])))
  }
}

/// Where `Peeker`'s reducers find the store that runs them.
final class PeekerStoreBox: @unchecked Sendable {
  // NB: @unchecked Sendable: set once before any action, read only on the main actor.
  var store: Store<Peeker.State, Peeker.Action>?
}

/// A feature whose reducers (wrongly) read the store that runs them, also from inside a child
/// held in an enum case, whose payload is being changed in place at that moment.
struct Peeker: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var mode = Mode.State.editing(Editor.State())
    var peeked: [String] = []
  }
  enum Action: Equatable, Sendable {
    case peek
    case mode(Mode.Action)
  }
  struct Mode: Reducer {
    enum State: Equatable, Sendable {
      case editing(Editor.State)
      case idle
    }
    enum Action: Equatable, Sendable { case editing(Editor.Action) }
    let box: PeekerStoreBox
    var body: some ReducerOf<Self> {
      EmptyReducer()
        .ifCaseLet(State.editing, action: Action.editing) { Editor(box: box) }
    }
  }
  struct Editor: Reducer {
    struct State: Equatable, Sendable {
      var text = "draft"
      var seen: [String] = []
    }
    enum Action: Equatable, Sendable { case peek }
    let box: PeekerStoreBox
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.text = "edited"
      // The whole state, copied while this case's payload is being changed in place.
      let whole = MainActor.assumeIsolated { box.store!.state }
      if case .editing(let editor) = whole.mode { state.seen.append(editor.text) }
      return .none
    }
  }
  let box: PeekerStoreBox
  var body: some ReducerOf<Self> {
    Scope(state: \.mode, action: Action.mode) { Mode(box: box) }
    Reduce { state, action in
      guard case .peek = action else { return .none }
      state.count += 1
      let count = MainActor.assumeIsolated { box.store!.count }
      state.peeked.append("count \(count)")
      return .none
    }
  }
}
