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
