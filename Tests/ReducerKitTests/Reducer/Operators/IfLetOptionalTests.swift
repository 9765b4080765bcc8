import ReducerKit
import ReducerKitTesting
import Testing

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

/// A higher-order reducer of the app's own (TCA's lifecycle case study): any reducer of a
/// non-optional state gains `onAppear` and `onDisappear` actions, running effects given to it,
/// and runs only while its optional state exists (an `ifLet` on `\.self`).
struct Lifecycle<Wrapped: Reducer>: Reducer where Wrapped.Action: Sendable {
  enum Action: Sendable {
    case onAppear
    case onDisappear
    case wrapped(Wrapped.Action)
  }
  let wrapped: Wrapped
  let onAppear: Effect<Wrapped.Action>
  let onDisappear: Effect<Wrapped.Action>

  var body: some Reducer<Wrapped.State?, Action> {
    Reduce { _, action in
      switch action {
      case .onAppear: onAppear.map(Action.wrapped)
      case .onDisappear: onDisappear.map(Action.wrapped)
      case .wrapped: .none
      }
    }
    .ifLet(\.self, action: Action.wrapped) { wrapped }
  }
}

extension Lifecycle.Action: Equatable where Wrapped.Action: Equatable {}

extension Reducer where Action: Sendable {
  func lifecycle(onAppear: Effect<Action>, onDisappear: Effect<Action> = .none) -> Lifecycle<Self> {
    Lifecycle(wrapped: self, onAppear: onAppear, onDisappear: onDisappear)
  }
}

/// A counter that ticks while its view is on screen, and a button that shows or hides it.
struct LifecycleDemo: Reducer {
  struct State: Equatable, Sendable { var count: Int? }
  enum Action: Equatable, Sendable {
    case timer(Lifecycle<Ticker>.Action)
    case toggleTimerButtonTapped
  }
  struct Ticker: Reducer {
    enum Action: Equatable, Sendable { case decrementButtonTapped, incrementButtonTapped, tick }
    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .decrementButtonTapped: state -= 1
      case .incrementButtonTapped, .tick: state += 1
      }
      return .none
    }
  }
  enum CancelID { case timer }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .toggleTimerButtonTapped = action { state.count = state.count == nil ? 0 : nil }
      return .none
    }
    Scope(state: \.count, action: Action.timer) {
      Ticker()
        .lifecycle(
          onAppear: .run { [clock] send in
            for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
          }
          .cancellable(id: CancelID.timer),
          onDisappear: .cancel(id: CancelID.timer)
        )
    }
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
    await expectIssues {
      await store.send(.editor(.tick))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""ifLet" received a child action while the child state was nil; the action was dropped."#
      ) ?? false
    }
  }

  @Test func aHigherOrderReducerRunsItsChildWhileTheOptionalStateExists() async {
    let clock = TestClock()
    let store = TestStore(initialState: LifecycleDemo.State()) {
      LifecycleDemo()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.toggleTimerButtonTapped) { $0.count = 0 }
    await store.send(.timer(.onAppear))
    await clock.advance(by: .seconds(1))
    await store.receive(.timer(.wrapped(.tick))) { $0.count = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.timer(.wrapped(.tick))) { $0.count = 2 }
    await store.send(.timer(.wrapped(.incrementButtonTapped))) { $0.count = 3 }
    await store.send(.timer(.wrapped(.decrementButtonTapped))) { $0.count = 2 }
    await store.send(.toggleTimerButtonTapped) { $0.count = nil }
    await store.send(.timer(.onDisappear))
  }
}
