import ReducerKit
import ReducerKitTesting
import Testing

struct Sheet: Reducer {
  struct State: Equatable, Sendable {
    var title = "sheet"
    var ticks = 0
    var presentedInReducer: Bool?
    var presentedInEffect: Bool?
  }
  enum Action: Equatable, Sendable {
    case startTimer, tick, closeTapped, checkPresented
    case presentedChecked(Bool)
  }
  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.isPresented) var isPresented

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTimer:
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    case .closeTapped:
      return .run { [dismiss] _ in await dismiss() }
    case .checkPresented:
      state.presentedInReducer = isPresented
      return .run { send in
        @Dependency(\.isPresented) var isPresented
        await send(.presentedChecked(isPresented))
      }
    case .presentedChecked(let value):
      state.presentedInEffect = value
      return .none
    }
  }
}

struct Host: Reducer {
  struct State: Equatable, Sendable {
    @Presents var sheet: Sheet.State?
    var log: [String] = []
  }
  enum Action: Equatable, Sendable {
    case sheet(PresentationAction<Sheet.Action>)
    case present(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .sheet(.dismiss):
        state.log.append("dismissing \(state.sheet?.title ?? "nothing")")
        return .none
      case .sheet(.presented(let action)):
        state.log.append("parent saw \(action)")
        return .none
      case .present(let title):
        state.sheet = Sheet.State(title: title)
        return .none
      }
    }
    .ifLet(\.$sheet, action: Action.sheet) { Sheet() }
  }
}

@MainActor
@Suite struct IfLetTests {
  func makeStore(clock: TestClock = TestClock()) -> TestStore<Host.State, Host.Action> {
    TestStore(initialState: Host.State()) {
      Host()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func dismissRunsTheParentFirstThenClearsTheStateAndCancelsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.present("a")) { $0.sheet = Sheet.State(title: "a") }
    await store.send(.sheet(.presented(.startTimer))) { $0.log = ["parent saw startTimer"] }
    await clock.advance(by: .seconds(1))
    await store.receive(\.sheet.presented.tick) {
      $0.sheet?.ticks = 1
      $0.log.append("parent saw tick")
    }
    await store.send(.sheet(.dismiss)) {
      $0.log.append("dismissing a")
      $0.sheet = nil
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func reassigningAChildOfTheSameIdentityKeepsItsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.present("old")) { $0.sheet = Sheet.State(title: "old") }
    await store.send(.sheet(.presented(.startTimer))) { $0.log = ["parent saw startTimer"] }
    // The sheet is neither an enum nor Identifiable: every value is the same child.
    await store.send(.present("new")) { $0.sheet = Sheet.State(title: "new") }
    await clock.advance(by: .seconds(1))
    await store.receive(\.sheet.presented.tick) {
      $0.sheet?.ticks = 1
      $0.log.append("parent saw tick")
    }
    await store.send(.sheet(.dismiss)) {
      $0.log.append("dismissing new")
      $0.sheet = nil
    }
  }

  @Test func theChildDismissesItself() async {
    let store = makeStore()
    await store.send(.present("a")) { $0.sheet = Sheet.State(title: "a") }
    await store.send(.sheet(.presented(.closeTapped))) { $0.log = ["parent saw closeTapped"] }
    await store.receive(\.sheet.dismiss) {
      $0.log.append("dismissing a")
      $0.sheet = nil
    }
  }

  @Test func isPresentedIsTrueInsideThePresentedChild() async {
    let store = makeStore()
    await store.send(.present("a")) { $0.sheet = Sheet.State(title: "a") }
    await store.send(.sheet(.presented(.checkPresented))) {
      $0.sheet?.presentedInReducer = true
      $0.log = ["parent saw checkPresented"]
    }
    await store.receive(\.sheet.presented.presentedChecked, true) {
      $0.sheet?.presentedInEffect = true
      $0.log.append("parent saw presentedChecked(true)")
    }
    @Dependency(\.isPresented) var isPresented
    #expect(!isPresented)
  }

  @Test func warnsAboutAChildActionWhileNothingIsPresented() async {
    let store = makeStore()
    await expectIssues {
      await store.send(.sheet(.presented(.tick))) { $0.log = ["parent saw tick"] }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        """
        "ifLet" received a child action while the presented state was nil; the action was \
        dropped.

          Action:
            Host.Action.sheet(.presented(.tick))
        """
      ) ?? false
    }
  }

  @Test func dismissOutsideAPresentationWarns() async {
    let store = Store(initialState: Sheet.State()) { Sheet() }
    await expectIssues {
      await store.send(.closeTapped).finish()
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""dismiss()" was called outside a presented feature; nothing was dismissed."#
      ) ?? false
    }
  }

  @Test func aCustomDismissCanBeObservedInIsolation() async {
    let dismissed = LockedState(false)
    let store = TestStore(initialState: Sheet.State()) {
      Sheet()
    } withDependencies: {
      $0.dismiss = DismissEffect { dismissed.withLock { $0 = true } }
    }
    await store.send(.closeTapped)
    #expect(dismissed.withLock { $0 })
  }
}

/// A feature that can present itself, for dismissal from several levels deep.
struct Level: Reducer {
  struct State: Equatable, Sendable {
    var depth = 0
    @Presents var next: State?
  }
  indirect enum Action: Equatable, Sendable {
    case next(PresentationAction<Action>)
    case closeTapped
  }
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { _, action in
      switch action {
      case .closeTapped:
        return .run { [dismiss] _ in await dismiss() }
      case .next:
        return .none
      }
    }
    .ifLet(\.$next, action: Action.next) { Level() }
  }
}

@MainActor
@Suite struct DismissTests {
  @Test func dismissesFromThreeLevelsDeep() async {
    let store = TestStore(
      initialState: Level.State(
        depth: 0,
        next: Level.State(depth: 1, next: Level.State(depth: 2, next: Level.State(depth: 3)))
      )
    ) { Level() }
    await store.send(.next(.presented(.next(.presented(.next(.presented(.closeTapped)))))))
    await store.receive(\.next.presented.next.presented.next.dismiss) {
      $0.next?.next?.next = nil
    }
    await store.send(.next(.presented(.closeTapped)))
    await store.receive(\.next.dismiss) { $0.next = nil }
  }
}

/// Keeps its presentation out of line, so `\.$sheet` is a computed property over heap memory and
/// `ifLet` must go through the key path.
struct OutOfLineHost: Reducer {
  struct State: Equatable, Sendable {
    var boxes = [Presents<Sheet.State>(wrappedValue: nil)]
    var sheetPresentation: Presents<Sheet.State> {
      get { boxes[0] }
      set { boxes[0] = newValue }
    }
  }
  enum Action: Equatable, Sendable {
    case sheet(PresentationAction<Sheet.Action>)
    case present
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .present = action {
        state.sheetPresentation.wrappedValue = Sheet.State(title: "boxed")
      }
      return .none
    }
    .ifLet(\.sheetPresentation, action: Action.sheet) { Sheet() }
  }
}

@MainActor
@Suite struct OutOfLinePresentationTests {
  @Test func reducesAndDismissesThroughAComputedPresentation() async {
    let clock = TestClock()
    let store = TestStore(initialState: OutOfLineHost.State()) {
      OutOfLineHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.present) { $0.sheetPresentation.wrappedValue = Sheet.State(title: "boxed") }
    await store.send(.sheet(.presented(.startTimer)))
    await clock.advance(by: .seconds(1))
    await store.receive(\.sheet.presented.tick) { $0.sheetPresentation.wrappedValue?.ticks = 1 }
    await store.send(.sheet(.presented(.tick))) { $0.sheetPresentation.wrappedValue?.ticks = 2 }
    await store.send(.sheet(.dismiss)) { $0.sheetPresentation.wrappedValue = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }
}

@MainActor
@Suite struct PresentedStoreTests {
  @Test func scopesToThePresentedChildWhilePresented() {
    let store = Store(initialState: Host.State()) { Host() }
    #expect(store.scope(state: \.$sheet, action: Host.Action.sheet) == nil)
    store.send(.present("a"))
    let sheet = store.scope(state: \.$sheet, action: Host.Action.sheet)
    #expect(sheet?.title == "a")
    sheet?.send(.tick)  // sent as .sheet(.presented(.tick))
    #expect(sheet?.ticks == 1)
    #expect(store.withState(\.log) == ["parent saw tick"])
    store.send(.sheet(.dismiss))
    #expect(store.withState(\.sheet) == nil)
    #expect(sheet?.ticks == 1)  // keeps showing the last state
  }
}

/// Reports, from its effect, whether it runs presented.
struct PresentationProbe: Reducer {
  struct State: Equatable, Sendable { var presented: Bool? }
  enum Action: Equatable, Sendable {
    case check
    case checked(Bool)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .check:
      return .run { send in
        @Dependency(\.isPresented) var isPresented
        await send(.checked(isPresented))
      }
    case .checked(let presented):
      state.presented = presented
      return .none
    }
  }
}

/// A presented feature whose effect makes a store of its own.
struct StoreMaker: Reducer {
  struct State: Equatable, Sendable { var presentedInNewStore: Bool? }
  enum Action: Equatable, Sendable {
    case make
    case made(Bool?)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .make:
      return .run { send in await send(.made(await Self.presentedSeenByANewStore())) }
    case .made(let presented):
      state.presentedInNewStore = presented
      return .none
    }
  }

  @MainActor static func presentedSeenByANewStore() async -> Bool? {
    let store = Store(initialState: PresentationProbe.State()) { PresentationProbe() }
    await store.send(.check).finish()
    return store.withState(\.presented)
  }
}

@MainActor
@Suite struct NewStoreContextTests {
  struct Presenter: Reducer {
    struct State: Equatable, Sendable { @Presents var maker: StoreMaker.State? }
    enum Action: Equatable, Sendable { case maker(PresentationAction<StoreMaker.Action>) }
    var body: some ReducerOf<Self> {
      EmptyReducer().ifLet(\.$maker, action: \.maker) { StoreMaker() }
    }
  }

  @Test func aStoreMadeInsideAPresentedFeatureRunsOutsideThePresentation() async {
    let store = TestStore(initialState: Presenter.State(maker: StoreMaker.State())) {
      Presenter()
    }
    await store.send(.maker(.presented(.make)))
    await store.receive(\.maker.presented.made, false) {
      $0.maker?.presentedInNewStore = false
    }
  }
}
