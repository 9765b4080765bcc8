import ReducerKit
import ReducerKitTesting
import Testing

/// Cancel IDs belong to the navigation element that used them: a parent's `.cancel(id:)` reaches
/// every descendant element, a child's reaches neither its siblings nor its parent.
@MainActor
@Suite struct CancelKeyTests {
  struct Worker: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      @Presents var child: Worker.State?
    }
    indirect enum Action: Equatable, Sendable {
      case start(cancelInFlight: Bool = false)
      case stop
      case present
      case response(Int)
      case child(PresentationAction<Action>)
    }
    enum CancelID: Hashable, Sendable { case effect }
    @Dependency(\.continuousClock) var clock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .start(let cancelInFlight):
          return .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.response(42))
          }
          .cancellable(id: CancelID.effect, cancelInFlight: cancelInFlight)
        case .stop:
          return .cancel(id: CancelID.effect)
        case .present:
          state.child = Worker.State()
          return .none
        case .response(let value):
          state.count = value
          return .none
        case .child:
          return .none
        }
      }
      .ifLet(\.$child, action: Action.child) { Worker() }
    }
  }

  struct Siblings: Reducer {
    struct State: Equatable, Sendable {
      @Presents var first: Worker.State?
      @Presents var second: Worker.State?
      var path = StackState<Worker.State>()
    }
    enum Action: Equatable, Sendable {
      case first(PresentationAction<Worker.Action>)
      case second(PresentationAction<Worker.Action>)
      case path(StackActionOf<Worker>)
      case presentBoth
      case stopAll
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .presentBoth:
          state.first = Worker.State()
          state.second = Worker.State()
          state.path.append(Worker.State())
          return .none
        case .stopAll:
          return .cancel(id: Worker.CancelID.effect)
        case .first, .second, .path:
          return .none
        }
      }
      .ifLet(\.$first, action: Action.first) { Worker() }
      .ifLet(\.$second, action: Action.second) { Worker() }
      .forEach(\.path, action: Action.path) { Worker() }
    }
  }

  private func makeWorker(_ clock: TestClock) -> TestStore<Worker.State, Worker.Action> {
    TestStore(initialState: Worker.State()) {
      Worker()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  private func makeSiblings(_ clock: TestClock) -> TestStore<Siblings.State, Siblings.Action> {
    TestStore(initialState: Siblings.State()) {
      Siblings()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func aParentsCancelReachesItsChildAndGrandchild() async {
    let clock = TestClock()
    let store = makeWorker(clock)
    await store.send(.present) { $0.child = Worker.State() }
    await store.send(.child(.presented(.present))) { $0.child?.child = Worker.State() }
    await store.send(.child(.presented(.start())))
    await store.send(.child(.presented(.child(.presented(.start())))))
    await store.send(.stop)
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func aParentsCancelReachesEverySiblingAndStackElement() async {
    let clock = TestClock()
    let store = makeSiblings(clock)
    await store.send(.presentBoth) {
      $0.first = Worker.State()
      $0.second = Worker.State()
      $0.path.append(Worker.State())
    }
    await store.send(.first(.presented(.start())))
    await store.send(.second(.presented(.start())))
    await store.send(.path(.element(id: 0, action: .start())))
    await store.send(.stopAll)
    await clock.advance(by: .seconds(2))
    await store.finish()
  }

  @Test func aChildsCancelLeavesItsSiblingsAlone() async {
    let clock = TestClock()
    let store = makeSiblings(clock)
    await store.send(.presentBoth) {
      $0.first = Worker.State()
      $0.second = Worker.State()
      $0.path.append(Worker.State())
    }
    await store.send(.first(.presented(.start())))
    await store.send(.second(.presented(.start())))
    await store.send(.path(.element(id: 0, action: .start())))
    await store.send(.first(.presented(.stop)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.second.presented.response) { $0.second?.count = 42 }
    await store.receive(\.path[id: 0].response) { $0.path[id: 0]?.count = 42 }
  }

  @Test func aChildsCancelDoesNotReachItsParent() async {
    let clock = TestClock()
    let store = makeWorker(clock)
    await store.send(.present) { $0.child = Worker.State() }
    await store.send(.start())
    await store.send(.child(.presented(.stop)))
    await clock.advance(by: .seconds(1))
    await store.receive(.response(42)) { $0.count = 42 }
  }

  @Test func aChildsCancelInFlightDoesNotCancelItsParentsEffect() async {
    let clock = TestClock()
    let store = makeWorker(clock)
    await store.send(.present) { $0.child = Worker.State() }
    await store.send(.start())
    await clock.advance(by: .milliseconds(500))
    await store.send(.child(.presented(.start(cancelInFlight: true))))
    await clock.advance(by: .milliseconds(500))
    await store.receive(.response(42)) { $0.count = 42 }
    await clock.advance(by: .milliseconds(500))
    await store.receive(.child(.presented(.response(42)))) { $0.child?.count = 42 }
  }

  @Test func aParentsCancelInFlightReachesItsChild() async {
    let clock = TestClock()
    let store = makeWorker(clock)
    await store.send(.present) { $0.child = Worker.State() }
    await store.send(.child(.presented(.start())))
    await store.send(.start(cancelInFlight: true))
    await clock.advance(by: .seconds(1))
    await store.receive(.response(42)) { $0.count = 42 }
    await store.finish()
  }

  /// Effects whose cancel IDs are given more than once: twice on one effect, a thousand times
  /// nested on another, and an outer ID around a merge of both.
  struct Nester: Reducer {
    struct State: Equatable, Sendable { var log: [String] = [] }
    enum Action: Equatable, Sendable {
      case start
      case cancel(String)
      case finished(String)
    }
    let gate: Gate

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        var deep = waiter("deep")
        for _ in 0..<1_000 { deep = deep.cancellable(id: "inner") }
        return .merge(waiter("twice").cancellable(id: "inner").cancellable(id: "inner"), deep)
          .cancellable(id: "outer")
      case .cancel(let id):
        return .cancel(id: id)
      case .finished(let name):
        state.log.append(name)
        return .none
      }
    }

    func waiter(_ name: String) -> Effect<Action> {
      .run { [gate] send in
        await gate.wait()
        try Task.checkCancellation()
        await send(.finished(name))
      }
    }
  }

  @Test(arguments: ["inner", "outer"])
  func anIDGivenManyTimesCancelsEachEffectOnceAndLeavesNothingBehind(id: String) async {
    let gate = Gate()
    let root = RootCore.make(
      initialState: Nester.State(), reducer: Nester(gate: gate), dependencies: DependencyValues())
    let store = Store(root: root)
    let started = store.send(.start)
    #expect(root.registry.inFlight.count == 2)
    store.send(.cancel(id))
    gate.open()
    await started.finish()
    #expect(store.log.isEmpty)
    #expect(started.isCancelled)
    #expect(root.registry.isEmpty)
  }

  @Test func anIDGivenManyTimesStillLetsItsEffectsFinish() async {
    let gate = Gate()
    let root = RootCore.make(
      initialState: Nester.State(), reducer: Nester(gate: gate), dependencies: DependencyValues())
    let store = Store(root: root)
    let started = store.send(.start)
    gate.open()
    await started.finish()
    #expect(Set(store.log) == ["twice", "deep"])
    #expect(root.registry.isEmpty)
    // Cancelling afterwards finds nothing left to cancel.
    store.send(.cancel("inner"))
    #expect(root.registry.isEmpty)
  }

  /// A key is hashed where its ID's type is known (`.cancellable(id:)`, `.cancel(id:)`) or after
  /// erasure (prefixes of a path, scoped keys): both must give equal keys with equal hashes, or
  /// a scope's `.cancel(id:)` would miss the effects it names.
  @Test func aKeyHashedWithItsIDsTypeEqualsOneHashedAfterErasure() {
    class Shape: Hashable, @unchecked Sendable {  // NB: immutable; no state to guard.
      let name: String
      init(_ name: String) { self.name = name }
      static func == (lhs: Shape, rhs: Shape) -> Bool { lhs.name == rhs.name }
      func hash(into hasher: inout Hasher) { hasher.combine(name) }
    }
    final class Circle: Shape, @unchecked Sendable {}  // NB: immutable, as Shape.
    let circle: Shape = Circle("c")
    let path = NavigationPath([NavigationElement(operatorID: 7, identity: 3)])
    let pairs: [(CancelKey, CancelKey)] = [
      (
        CancelKey(id: Worker.CancelID.effect),
        CancelKey(id: AnyHashableSendable(Worker.CancelID.effect))
      ),
      (CancelKey(id: "fetch", path: path), CancelKey(id: AnyHashableSendable("fetch"), path: path)),
      (CancelKey(id: 42), CancelKey(id: AnyHashableSendable(42))),
      (CancelKey(id: circle), CancelKey(id: AnyHashableSendable(Circle("c") as Shape))),
    ]
    for (typed, erased) in pairs {
      #expect(typed == erased)
      #expect(typed.hashValue == erased.hashValue)
      #expect(typed.tableHash == erased.tableHash)
      #expect(typed.isReached(by: erased) && erased.isReached(by: typed))
    }
    #expect(CancelKey(id: 1) != CancelKey(id: AnyHashableSendable(2)))
    #expect(CancelKey(id: 1) != CancelKey(id: AnyHashableSendable(Int64(1))))
    #expect(CancelKey(id: circle) != CancelKey(id: AnyHashableSendable(Shape("c"))))
    #expect(CancelKey(id: "fetch") != CancelKey(id: AnyHashableSendable("fetch"), path: path))
  }
}
