import ReducerKit
import ReducerKitTesting
import Testing

@MainActor
@Suite struct EffectTests {
  struct Recorder: Reducer {
    struct State: Equatable, Sendable { var log: [String] = [] }
    enum Action: Equatable, Sendable {
      case start(Step)
      case record(String)
    }
    indirect enum Step: Equatable, Sendable {
      case none
      case send(String)
      case run(String)
      case merge([Step])
      case concatenate([Step])
      case mapped(String)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start(let step):
        state.log.append("start")
        return effect(for: step)
      case .record(let entry):
        state.log.append(entry)
        return .none
      }
    }

    func effect(for step: Step) -> Effect<Action> {
      switch step {
      case .none: return .none
      case .send(let entry): return .send(.record(entry))
      case .run(let entry): return .run { send in await send(.record(entry)) }
      case .merge(let steps): return .merge(steps.map(effect(for:)))
      case .concatenate(let steps): return .concatenate(steps.map(effect(for:)))
      case .mapped(let entry):
        return Effect<String>.send(entry).map { Action.record("mapped \($0)") }
      }
    }
  }

  @Test func anEffectIsOneWordWhateverItsAction() {
    // `.none`, returned by most reducers for most actions, then costs nothing to return and drop.
    #expect(MemoryLayout<Effect<Int>>.size == MemoryLayout<UnsafeRawPointer>.size)
    #expect(MemoryLayout<Effect<[String: Int]>>.size == MemoryLayout<UnsafeRawPointer>.size)
  }

  @Test func noneDoesNothing() async {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    let task = store.send(.start(.none))
    #expect(task.isCancelled)
    await task.finish()
    #expect(store.log == ["start"])
  }

  @Test func sendIsDeliveredBeforeSendReturns() {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    store.send(.start(.send("sync")))
    #expect(store.log == ["start", "sync"])
  }

  @Test func runDeliversAsynchronously() async {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    let task = store.send(.start(.run("async")))
    #expect(store.log == ["start"])
    await task.finish()
    #expect(store.log == ["start", "async"])
  }

  @Test func mergeRunsEveryEffect() async {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    await store.send(.start(.merge([.send("a"), .none, .run("b"), .send("c")]))).finish()
    #expect(store.log.first == "start")
    #expect(store.log.dropFirst(1).prefix(2) == ["a", "c"])
    #expect(Set(store.log) == ["start", "a", "b", "c"])
  }

  @Test func mergeWithAndConcatenateWithCombineTwoEffects() async {
    let store = Store(initialState: Recorder.State()) {
      Reduce<Recorder.State, Recorder.Action> { state, action in
        switch action {
        case .start:
          return Effect.send(.record("1")).merge(with: .send(.record("2")))
            .concatenate(with: .send(.record("3")))
        case .record(let entry):
          state.log.append(entry)
          return .none
        }
      }
    }
    await store.send(.start(.none)).finish()
    #expect(store.log == ["1", "2", "3"])
  }

  @Test func concatenateRunsEffectsOneAfterAnother() async {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    await store.send(
      .start(.concatenate([.run("first"), .send("second"), .run("third"), .run("fourth")]))
    ).finish()
    #expect(store.log == ["start", "first", "second", "third", "fourth"])
  }

  @Test func concatenateWaitsForEachRunToFinish() async {
    let gate = Gate()
    let store = Store(initialState: Recorder.State()) {
      Reduce<Recorder.State, Recorder.Action> { state, action in
        switch action {
        case .start:
          return .concatenate(
            .run { send in
              await gate.wait()
              await send(.record("after gate"))
            },
            .send(.record("next"))
          )
        case .record(let entry):
          state.log.append(entry)
          return .none
        }
      }
    }
    let task = store.send(.start(.none))
    for _ in 0..<10 { await Task.yield() }
    #expect(store.log.isEmpty)
    gate.open()
    await task.finish()
    #expect(store.log == ["after gate", "next"])
  }

  @Test func mapTransformsSentActions() {
    let store = Store(initialState: Recorder.State()) { Recorder() }
    store.send(.start(.mapped("x")))
    #expect(store.log == ["start", "mapped x"])
  }

  @Test func resultCatchingCapturesAsyncOutcomes() async throws {
    struct Failure: Error, Equatable {}
    let success = await Result { () async throws -> Int in
      await Task.yield()
      return 1
    }
    #expect(try success.get() == 1)
    let failure = await Result { () async throws -> Int in throw Failure() }
    #expect(throws: Failure.self) { try failure.get() }
  }

  struct Failure: Error {}

  @Test func reportsErrorsThatNothingHandles() async {
    let store = Store(initialState: Recorder.State()) {
      Reduce<Recorder.State, Recorder.Action> { _, _ in
        .run { _ in throw Failure() }
      }
    }
    await expectIssues {
      await store.send(.record("origin")).finish()
    } matching: { issue in
      let text = issue.comments.first?.rawValue ?? ""
      return text.hasPrefix("An effect threw an error that nothing handled.")
        && text.contains("EffectTests.Recorder.Action.record(\"origin\")")
        && text.contains("EffectTests.Failure()")
    }
  }

  @Test func catchHandlerReceivesErrors() async {
    let store = Store(initialState: Recorder.State()) {
      Reduce<Recorder.State, Recorder.Action> { state, action in
        switch action {
        case .start:
          return .run { _ in
            throw Failure()
          } catch: { _, send in
            await send(.record("caught"))
          }
        case .record(let entry):
          state.log.append(entry)
          return .none
        }
      }
    }
    await store.send(.start(.none)).finish()
    #expect(store.log == ["caught"])
  }

  /// A child's effect, moved up two levels (a scope, then a map), still runs its operation and
  /// its error handler with the child's own `send`.
  @Test func aChildsCatchHandlerSendsChildActionsFromTwoLevelsUp() async {
    struct Outer: Reducer {
      struct State: Equatable, Sendable { var inner = Recorder.State() }
      enum Action: Equatable, Sendable { case inner(Recorder.Action) }
      var body: some ReducerOf<Self> {
        Scope(state: \.inner, action: Action.inner) {
          Reduce<Recorder.State, Recorder.Action> { state, action in
            switch action {
            case .start:
              return .run { send in
                await send(.record("ran"))
                throw Failure()
              } catch: { _, send in
                await send(.record("caught"))
              }
            case .record(let entry):
              state.log.append(entry)
              return .none
            }
          }
        }
      }
    }
    struct Top: Reducer {
      struct State: Equatable, Sendable { var outer = Outer.State() }
      enum Action: Equatable, Sendable { case outer(Outer.Action) }
      var body: some ReducerOf<Self> {
        Reduce { state, action in
          guard case .outer(let action) = action else { return .none }
          return Outer().reduce(into: &state.outer, action: action).map(Action.outer)
        }
      }
    }
    let store = Store(initialState: Top.State()) { Top() }
    await store.send(.outer(.inner(.start(.none)))).finish()
    #expect(store.withState(\.outer.inner.log) == ["ran", "caught"])
  }

  @Test func cancellationErrorsAreSilent() async {
    let store = Store(initialState: Recorder.State()) {
      Reduce<Recorder.State, Recorder.Action> { _, _ in
        .run { _ in throw CancellationError() }
      }
    }
    await store.send(.start(.none)).finish()
  }

  @Test func warnsWhenAnEffectSendsAfterItFinished() async {
    let escaped = Locked<Send<Recorder.Action>?>(nil)
    let store = Store(initialState: Recorder.State()) {
      Reduce<Recorder.State, Recorder.Action> { state, action in
        switch action {
        case .start:
          return .run { send in escaped.withLock { $0 = send } }
        case .record(let entry):
          state.log.append(entry)
          return .none
        }
      }
    }
    await store.send(.start(.none)).finish()
    let send = escaped.withLock { $0 }!
    expectIssues {
      send(.record("late"))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        "An effect sent an action after it had finished; the action was dropped."
      ) ?? false
    }
    #expect(store.log.isEmpty)
  }

  @Test func anEffectEndsWhenItsTaskDoesAndLeavesNothingBehind() async {
    let root = RootCore.make(
      initialState: Recorder.State(), reducer: Recorder(), dependencies: DependencyValues())
    let store = Store(root: root)
    await store.send(.start(.merge([.run("a"), .run("b")]))).finish()
    // NB: merged effects run at the same time: either may send first.
    #expect(store.log.first == "start" && Set(store.log.dropFirst()) == ["a", "b"])
    #expect(store.log.count == 3)
    #expect(root.registry.isEmpty)
    // A concatenation's steps run in a task of the store's own, which ends the same way.
    await store.send(.start(.concatenate([.run("c"), .run("d")]))).finish()
    #expect(store.log.suffix(3) == ["start", "c", "d"])
    #expect(root.registry.isEmpty)
  }

  @Test func anEffectRefusedByAClosedStoreLeavesNothingBehind() async {
    // The store closes when it is released; an effect returned after that (by an action an
    // effect still delivers) gets no task, and its body, released unrun, must not be recorded
    // as an effect that finished before it started.
    let root = RootCore.make(
      initialState: Recorder.State(), reducer: Recorder(), dependencies: DependencyValues())
    let store = Store(root: root)
    root.registry.cancelAll(close: true)
    let task = store.send(.start(.run("refused")))
    await task.finish()
    #expect(store.log == ["start"])
    #expect(root.registry.isEmpty)
    // A concatenation's task, which the store starts for itself, is refused the same way.
    await store.send(.start(.concatenate([.run("c"), .run("d")]))).finish()
    #expect(store.log == ["start", "start"])
    #expect(root.registry.isEmpty)
  }

  /// Reports the name and priority of the task its effect runs in.
  struct TaskReporter: Reducer {
    struct State: Equatable, Sendable { var seen: [String] = [] }
    enum Action: Equatable, Sendable {
      case start
      case seen(String)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .run(priority: .low, name: "reporter") { send in
          let isLow = Task.currentPriority == .low
          await send(.seen("\(Task.name ?? "no name"), low: \(isLow)"))
        }
      case .seen(let report):
        state.seen.append(report)
        return .none
      }
    }
  }

  @Test func anEffectsTaskHasThePriorityAndNameOfItsRun() async {
    let store = Store(initialState: TaskReporter.State()) { TaskReporter() }
    await store.send(.start).finish()
    #expect(store.seen == ["reporter, low: true"])
  }

  @Test func aChildFeaturesEffectKeepsItsPriorityAndName() async {
    struct Parent: Reducer {
      struct State: Equatable, Sendable { var child = TaskReporter.State() }
      enum Action: Equatable, Sendable { case child(TaskReporter.Action) }
      var body: some ReducerOf<Self> {
        Scope(state: \.child, action: Action.child) { TaskReporter() }
      }
    }
    let store = Store(initialState: Parent.State()) { Parent() }
    await store.send(.child(.start)).finish()
    #expect(store.withState(\.child.seen) == ["reporter, low: true"])
  }

  @Test func aTestStoresEffectKeepsItsPriorityAndName() async {
    let store = TestStore(initialState: TaskReporter.State()) { TaskReporter() }
    await store.send(.start)
    await store.receive(.seen("reporter, low: true")) { $0.seen = ["reporter, low: true"] }
  }

  @Test func sendCanBeBuiltForTests() async {
    let received = Locked<[Int]>([])
    let send = Send<Int> { value in received.withLock { $0.append(value) } }
    send(1)
    send(2)
    #expect(received.withLock { $0 } == [1, 2])
  }
}
