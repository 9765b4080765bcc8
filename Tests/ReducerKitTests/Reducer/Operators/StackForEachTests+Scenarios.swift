import ReducerKit
import ReducerKitTesting
import Testing

/// Navigation stacks scenario by scenario as TCA's own tests of them: dismissal from any depth,
/// enum elements, effects that outlive their siblings, ids by push.
extension StackForEachTests {
  /// Waits `delay` seconds, then dismisses itself; `never` waits until cancelled.
  struct Timed: Reducer {
    struct State: Equatable, Sendable {
      var delay = 0
      var count = 0
    }
    enum Action: Equatable, Sendable {
      case dismissLater
      case never
      case startCounting
      case stopCounting
      case response(Int)
    }
    enum CancelID: Hashable, Sendable { case counting }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .dismissLater:
        return .run { [delay = state.delay, clock, dismiss] _ in
          if delay > 0 { try await clock.sleep(for: .seconds(delay)) }
          await dismiss()
        }
      case .never:
        return .run { _ in try await Task.never() }
      case .startCounting:
        return .run { [delay = state.delay, clock] send in
          try await clock.sleep(for: .seconds(delay))
          await send(.response(delay))
        }
        .cancellable(id: CancelID.counting)
      case .stopCounting:
        return .cancel(id: CancelID.counting)
      case .response(let value):
        state.count += value
        return .none
      }
    }
  }

  /// A path of two kinds of `Timed` screens.
  struct Path: Reducer {
    enum State: Equatable, Sendable {
      case first(Timed.State)
      case second(Timed.State)
    }
    enum Action: Equatable, Sendable {
      case first(Timed.Action)
      case second(Timed.Action)
    }
    var body: some ReducerOf<Self> {
      Scope(state: State.first, action: Action.first) { Timed() }
      Scope(state: State.second, action: Action.second) { Timed() }
    }
  }

  struct Parent<Element: Reducer>: Reducer
  where Element.State: Equatable & Sendable, Element.Action: Equatable & Sendable {
    struct State: Equatable, Sendable {
      var path = StackState<Element.State>()
    }
    enum Action: Equatable, Sendable {
      case path(StackActionOf<Element>)
      case popFirst
      case popToRootBefore
      case popToRootAfter
      case removeSelected
    }
    let element: Element
    /// The elements `removeSelected` removes.
    var isSelected: @Sendable (Element.State) -> Bool = { _ in false }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .popFirst: state.path[id: state.path.ids[0]] = nil
        case .popToRootBefore: state.path.removeAll()
        case .removeSelected: state.path.removeAll(where: isSelected)
        default: break
        }
        return .none
      }
      .forEach(\.path, action: Action.path) { element }
      Reduce { state, action in
        if case .popToRootAfter = action { state.path.removeAll() }
        return .none
      }
    }
  }

  func makeStore<Element: Reducer>(
    _ element: Element, _ path: [Element.State], clock: TestClock = TestClock(),
    selecting isSelected: @escaping @Sendable (Element.State) -> Bool = { _ in false }
  ) -> TestStore<Parent<Element>.State, Parent<Element>.Action> {
    TestStore(initialState: Parent<Element>.State(path: StackState(path))) {
      Parent(element: element, isSelected: isSelected)
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func anIntermediateElementDismissingItselfPopsTheElementsAboveIt() async {
    let clock = TestClock()
    let store = makeStore(Timed(), [], clock: clock)
    for (id, delay) in [(0, 2), (1, 1), (2, 2)] {
      let id = StackElementID(rawValue: id)
      await store.send(.path(.push(id: id, state: Timed.State(delay: delay)))) {
        $0.path[id: id] = Timed.State(delay: delay)
      }
      await store.send(.path(.element(id: id, action: .dismissLater)))
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.popFrom(id: 1))) { $0.path.pop(from: 1) }
    // The popped element #2 was cancelled with it; #0 still waits, until popped too.
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
    await clock.advance(by: .seconds(5))
  }

  @Test func anElementOfTheInitialStateDismissesItself() async {
    let store = makeStore(Timed(), [Timed.State()])
    await store.send(.path(.element(id: 0, action: .dismissLater)))
    await store.receive(.path(.popFrom(id: 0))) { $0.path.removeAll() }
  }

  @Test func receivingADismissalOfAnotherIDFails() async {
    let store = makeStore(Timed(), [Timed.State()])
    await store.send(.path(.element(id: 0, action: .dismissLater)))
    await expectIssues {
      await store.receive(.path(.popFrom(id: 1))) { $0.path = StackState() }
    } matching: { issue in
      issue.comments.first?.rawValue.contains("−   .popFrom(id: #1)\n    +   .popFrom(id: #0)")
        ?? false
    }
  }

  @Test func poppingAnEnumPathCancelsTheEffectsOfEveryCase() async {
    let store = makeStore(Path(), [])
    await store.send(.path(.push(id: 0, state: .first(Timed.State())))) {
      $0.path.append(.first(Timed.State()))
    }
    await store.send(.path(.element(id: 0, action: .first(.never))))
    await store.send(.path(.push(id: 1, state: .second(Timed.State())))) {
      $0.path.append(.second(Timed.State()))
    }
    await store.send(.path(.element(id: 1, action: .second(.never))))
    await store.send(.path(.popFrom(id: 0))) { $0.path.removeAll() }
  }

  @Test func aSiblingCannotCancelAnotherElementsEffect() async {
    let clock = TestClock()
    let store = makeStore(
      Path(), [.first(Timed.State(delay: 1)), .second(Timed.State(delay: 1))], clock: clock)
    await store.send(.path(.element(id: 0, action: .first(.startCounting))))
    await store.send(.path(.element(id: 1, action: .second(.startCounting))))
    await store.send(.path(.element(id: 0, action: .first(.stopCounting))))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 1, action: .second(.response(1))))) {
      $0.path[id: 1]?.modify(Path.State.second) { $0.count = 1 }
    }

    await store.send(.path(.element(id: 0, action: .first(.startCounting))))
    await store.send(.path(.element(id: 1, action: .second(.startCounting))))
    await store.send(.path(.element(id: 1, action: .second(.stopCounting))))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .first(.response(1))))) {
      $0.path[id: 0]?[case: Path.State.first]?.count = 1
    }
  }

  @Test func removingTheFirstElementLeavesTheOthersEffectsDeliveringToTheirIDs() async {
    let clock = TestClock()
    let store = makeStore(
      Path(), [.first(Timed.State(delay: 1)), .second(Timed.State(delay: 2))], clock: clock)
    await store.send(.path(.element(id: 0, action: .first(.startCounting))))
    await store.send(.path(.element(id: 1, action: .second(.startCounting))))
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 0, action: .first(.response(1))))) {
      $0.path[id: 0]?[case: Path.State.first]?.count = 1
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.path(.element(id: 1, action: .second(.response(2))))) {
      $0.path[id: 1]?[case: Path.State.second]?.count = 2
    }

    await store.send(.path(.element(id: 0, action: .first(.startCounting))))
    await store.send(.path(.element(id: 1, action: .second(.startCounting))))
    await store.send(.popFirst) { $0.path[id: 0] = nil }
    await clock.advance(by: .seconds(2))
    await store.receive(.path(.element(id: 1, action: .second(.response(2))))) {
      $0.path[id: 1]?[case: Path.State.second]?.count = 4
    }
    await store.send(.popFirst) { $0.path[id: 1] = nil }
  }

  @Test func pushingByActionTakesTheNextIDOrOneNoLongerHeld() async {
    let store = makeStore(Timed(), [])
    await store.send(.path(.push(id: 0, state: Timed.State()))) {
      $0.path[id: 0] = Timed.State()
    }
    await store.send(.path(.push(id: 1, state: Timed.State()))) {
      $0.path[id: 1] = Timed.State()
    }
    await store.send(.path(.popFrom(id: 0))) { $0.path = StackState() }
    // As in TCA, the popped id may come back; appends go on from the next id.
    await store.send(.path(.push(id: 0, state: Timed.State(delay: 7)))) {
      $0.path[id: 0] = Timed.State(delay: 7)
    }
    #expect(store.state.path.ids == [0])
    await store.send(.path(.push(id: 2, state: Timed.State()))) {
      $0.path[id: 2] = Timed.State()
    }
    #expect(store.state.path.ids == [0, 2])
  }

  @Test func anAssertionPushingTheWrongIDFails() async {
    let store = makeStore(Timed(), [])
    await expectIssues {
      await store.send(.path(.push(id: 0, state: Timed.State()))) {
        $0.path[id: 1] = Timed.State()
      }
    } matching: { issue in
      let message = issue.comments.first?.rawValue ?? ""
      return message.contains("−     [#1]: StackForEachTests.Timed.State(")
        && message.contains("+     [#0]: StackForEachTests.Timed.State(")
    }
  }

  @Test func elementsRemovedByALaterReducerHaveTheirEffectsCancelled() async {
    let store = makeStore(Timed(), [])
    await store.send(.path(.push(id: 0, state: Timed.State()))) { $0.path[id: 0] = Timed.State() }
    await store.send(.path(.element(id: 0, action: .never)))
    await store.send(.popToRootBefore) { $0.path.removeAll() }

    await store.send(.path(.push(id: 1, state: Timed.State()))) { $0.path[id: 1] = Timed.State() }
    await store.send(.path(.element(id: 1, action: .never)))
    await store.send(.popToRootAfter) { $0.path.removeAll() }
    // As in TCA, a reducer after the `forEach` removes the elements behind its back: their
    // effects are cancelled when the next action reaches the `forEach`.
    await store.send(.popToRootAfter)
  }

  @Test func removingElementsByPredicateCancelsOnlyTheirEffects() async {
    let clock = TestClock()
    let store = makeStore(
      Timed(), [Timed.State(delay: 1), Timed.State(delay: 2), Timed.State(delay: 1)], clock: clock,
      selecting: { $0.delay == 1 })
    for id in store.state.path.ids.elements {
      await store.send(.path(.element(id: id, action: .startCounting)))
    }
    await store.send(.removeSelected) { $0.path.removeAll { $0.delay == 1 } }
    #expect(store.state.path.ids == [1])
    await clock.advance(by: .seconds(2))
    await store.receive(.path(.element(id: 1, action: .response(2)))) {
      $0.path[id: 1]?.count = 2
    }
  }
}
