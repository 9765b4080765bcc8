import ReducerKit
import ReducerKitTesting
import Testing

struct Detail: Reducer {
  struct State: Equatable, Sendable {
    var name: String
    var ticks = 0
    var isPresented: Bool?
  }
  enum Action: Equatable, Sendable { case startTimer, tick, closeTapped, checkPresented }
  enum CancelID: Hashable, Sendable { case timer }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.isPresented) var isPresented

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .checkPresented:
      state.isPresented = isPresented
      return .none
    case .startTimer:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    case .closeTapped:
      return .run { [dismiss] _ in await dismiss() }
    }
  }
}

struct Navigator: Reducer {
  struct State: Equatable, Sendable {
    var path = StackState<Detail.State>()
  }
  enum Action: Equatable, Sendable {
    case path(StackActionOf<Detail>)
    case show(String)
    case popToRoot
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .show(let name):
        state.path.append(Detail.State(name: name))
      case .popToRoot:
        state.path.removeAll()
      case .path:
        break
      }
      return .none
    }
    .forEach(\.path, action: Action.path) { Detail() }
  }
}

@MainActor
@Suite struct StackForEachTests {
  func makeStore(
    clock: TestClock = TestClock()
  ) -> TestStore<Navigator.State, Navigator.Action> {
    TestStore(initialState: Navigator.State()) {
      Navigator()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func idsAreDeterministicIncludingAppendsInAssertions() async {
    let store = makeStore()
    await store.send(.show("a")) { $0.path.append(Detail.State(name: "a")) }
    await store.send(.show("b")) { $0.path.append(Detail.State(name: "b")) }
    #expect(store.state.path.ids == [0, 1])
    await store.send(.path(.element(id: 1, action: .tick))) { $0.path[id: 1]?.ticks = 1 }
    await store.send(.path(.popFrom(id: 1))) { $0.path.pop(from: 1) }
    await store.send(.show("c")) { $0.path.append(Detail.State(name: "c")) }
    #expect(store.state.path.ids == [0, 2])
  }

  @Test func isPresentedIsTrueInAStackElementsReducer() async {
    let store = makeStore()
    await store.send(.show("a")) { $0.path.append(Detail.State(name: "a")) }
    await store.send(.path(.element(id: 0, action: .checkPresented))) {
      $0.path[id: 0]?.isPresented = true
    }
    let alone = TestStore(initialState: Detail.State(name: "alone")) { Detail() }
    await alone.send(.checkPresented) { $0.isPresented = false }
  }

  @Test func pushesWithAnIDByAction() async {
    let store = makeStore()
    await store.send(.path(.push(id: 0, state: Detail.State(name: "pushed")))) {
      $0.path[id: 0] = Detail.State(name: "pushed")
    }
    #expect(store.state.path.ids == [0])
    await store.send(.show("next")) { $0.path.append(Detail.State(name: "next")) }
    #expect(store.state.path.ids == [0, 1])
  }

  @Test func warnsAboutAPushWithAnIDOtherThanTheNextOne() async {
    let store = makeStore()
    await expectIssues {
      await store.send(.path(.push(id: 5, state: Detail.State(name: "pushed")))) {
        $0.path[id: 5] = Detail.State(name: "pushed")
      }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""forEach" received a "push" with the id #5, but the stack's next id is #0; the element was pushed with the id it came with."#
      ) ?? false
    }
    #expect(store.state.path.ids == [5])
  }

  @Test func poppingCancelsThePoppedElementsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.show("a")) { $0.path.append(Detail.State(name: "a")) }
    await store.send(.show("b")) { $0.path.append(Detail.State(name: "b")) }
    await store.send(.path(.element(id: 0, action: .startTimer)))
    await store.send(.path(.element(id: 1, action: .startTimer)))
    await store.send(.path(.popFrom(id: 1))) { $0.path.pop(from: 1) }
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].tick) { $0.path[id: 0]?.ticks = 1 }
    await store.send(.popToRoot) { $0.path.removeAll() }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func theSameCancelIDInTwoElementsDoesNotCollide() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.show("a")) { $0.path.append(Detail.State(name: "a")) }
    await store.send(.show("b")) { $0.path.append(Detail.State(name: "b")) }
    await store.send(.path(.element(id: 0, action: .startTimer)))
    await store.send(.path(.element(id: 1, action: .startTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.path[id: 0].tick) { $0.path[id: 0]?.ticks = 1 }
    await store.receive(\.path[id: 1].tick) { $0.path[id: 1]?.ticks = 1 }
    await store.send(.popToRoot) { $0.path.removeAll() }
  }

  @Test func anElementDismissesItselfByPoppingFromItsID() async {
    let store = makeStore()
    await store.send(.show("a")) { $0.path.append(Detail.State(name: "a")) }
    await store.send(.show("b")) { $0.path.append(Detail.State(name: "b")) }
    await store.send(.path(.element(id: 0, action: .closeTapped)))
    await store.receive(\.path.popFrom, 0) { $0.path.removeAll() }
  }

  @Test func warnsAboutActionsForMissingOrDuplicateIDs() async {
    let store = makeStore()
    await expectIssues {
      await store.send(.path(.element(id: 3, action: .tick)))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""forEach" received a child action while no element had the id #3; the action was dropped."#
      ) ?? false
    }
    await store.send(.show("a")) { $0.path.append(Detail.State(name: "a")) }
    await expectIssues {
      await store.send(.path(.push(id: 0, state: Detail.State(name: "again"))))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""forEach" received a "push" for the id #0, which the stack already holds; the element was not pushed."#
      ) ?? false
    }
    await expectIssues {
      await store.send(.path(.popFrom(id: 9)))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""forEach" received a "popFrom" for the id #9, which is not in the stack; nothing was popped."#
      ) ?? false
    }
  }

  @Test func scopesAStorePerElement() {
    let store = Store(
      initialState: Navigator.State(path: ["a", "b"].map { Detail.State(name: $0) }.stack)
    ) {
      Navigator()
    }
    let elements = store.scope(state: \.path, action: Navigator.Action.path)
    #expect(elements.map(\.name) == ["a", "b"])
    elements[0].send(.tick)
    #expect(store.path[id: 0]?.ticks == 1)
  }

  @Test func aParentThatPopsTheElementItselfIsNotWarned() async {
    let store = TestStore(initialState: SelfPopping.State(path: [Detail.State(name: "a")])) {
      SelfPopping()
    }
    await store.send(.path(.popFrom(id: 0))) { $0.path = [] }
  }
}

extension Array {
  fileprivate var stack: StackState<Element> { StackState(self) }
}

/// A parent that handles `.popFrom` by popping the element itself.
struct SelfPopping: Reducer {
  struct State: Equatable, Sendable { var path = StackState<Detail.State>() }
  enum Action: Equatable, Sendable { case path(StackActionOf<Detail>) }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .path(.popFrom(let id)) = action { state.path.pop(from: id) }
      return .none
    }
    .forEach(\.path, action: Action.path) { Detail() }
  }
}
