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

  @Test func replacingThePresentationCancelsTheOldChildsEffects() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.present("old")) { $0.sheet = Sheet.State(title: "old") }
    await store.send(.sheet(.presented(.startTimer))) { $0.log = ["parent saw startTimer"] }
    await store.send(.present("new")) { $0.sheet = Sheet.State(title: "new") }
    await clock.advance(by: .seconds(3))
    await store.finish()
    #expect(store.state.sheet?.ticks == 0)
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
    await withKnownIssue {
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
    let store = TestStore(initialState: Sheet.State()) { Sheet() }
    await withKnownIssue {
      await store.send(.closeTapped)
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

struct Editor: Reducer {
  struct State: Equatable, Sendable, Identifiable {
    var id: Int
    var ticks = 0
  }
  enum Action: Equatable, Sendable { case start, tick }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.tick)
      }
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

struct OptionalHost: Reducer {
  struct State: Equatable, Sendable { var editor: Editor.State? }
  enum Action: Equatable, Sendable {
    case editor(Editor.Action)
    case open(Int)
    case close
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .open(let id): state.editor = Editor.State(id: id)
      case .close: state.editor = nil
      case .editor: break
      }
      return .none
    }
    .ifLet(\.editor, action: Action.editor) { Editor() }
  }
}

@MainActor
@Suite struct OptionalIfLetTests {
  @Test func runsTheChildAndCancelsItsEffectsWhenNilledOrReplaced() async {
    let clock = TestClock()
    let store = TestStore(initialState: OptionalHost.State()) {
      OptionalHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.open(1)) { $0.editor = Editor.State(id: 1) }
    await store.send(.editor(.start))
    await store.send(.close) { $0.editor = nil }
    await store.send(.open(2)) { $0.editor = Editor.State(id: 2) }
    await store.send(.editor(.start))
    await store.send(.open(3)) { $0.editor = Editor.State(id: 3) }  // another id: replaced
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(store.state.editor?.ticks == 0)
    await store.send(.editor(.start))
    await clock.advance(by: .seconds(1))
    await store.receive(\.editor.tick) { $0.editor?.ticks = 1 }
  }

  @Test func warnsAboutAChildActionWhileTheStateIsNil() async {
    let store = TestStore(initialState: OptionalHost.State()) { OptionalHost() }
    await withKnownIssue {
      await store.send(.editor(.tick))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""ifLet" received a child action while the child state was nil; the action was dropped."#
      ) ?? false
    }
  }
}

enum Screen: Equatable, Sendable {
  case editor(Editor.State)
  case empty
}

struct CaseHost: Reducer {
  typealias State = Screen
  enum Action: Equatable, Sendable {
    case editor(Editor.Action)
    case clear
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .clear = action { state = .empty }
      return .none
    }
    .ifCaseLet(Screen.editor, action: Action.editor) { Editor() }
  }
}

@MainActor
@Suite struct IfCaseLetTests {
  @Test func runsInItsCaseAndCancelsWhenTheCaseChanges() async {
    let clock = TestClock()
    let store = TestStore(initialState: Screen.editor(Editor.State(id: 1))) {
      CaseHost()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.editor(.start))
    await store.send(.clear) { $0 = .empty }
    await clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func warnsAboutAChildActionInAnotherCase() async {
    let store = TestStore(initialState: Screen.empty) { CaseHost() }
    await withKnownIssue {
      await store.send(.editor(.tick))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""ifCaseLet" received a child action while the state held another case; the action was dropped."#
      ) ?? false
    }
  }
}
