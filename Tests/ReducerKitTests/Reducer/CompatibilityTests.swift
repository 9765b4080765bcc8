import ReducerKit
import ReducerKitTesting
import Testing

/// The deprecated forms of the operators that take hand-built case paths (`Compatibility.swift`)
/// still work: each runs its child for the actions the path extracts and embeds what the child
/// sends back.
///
/// NB: the features' `body` witnesses are deprecated, so that they call the deprecated forms
/// without a warning; the tests reach them through the `Reducer` protocol, which does not warn
/// (Swift Testing refuses a deprecated test or suite).
@MainActor @Suite struct CompatibilityTests {
  /// A child that counts taps and, asked to, sends a tap back through an effect.
  struct Tapper: Reducer {
    struct State: Equatable, Identifiable {
      var id = 0
      var taps = 0
    }
    enum Action: Equatable, Sendable {
      case tap
      case tapLater
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .tap:
        state.taps += 1
        return .none
      case .tapLater:
        return .send(.tap)
      }
    }
  }

  /// Every deprecated form of an operator over a struct state.
  struct Parent: Reducer {
    struct State: Equatable {
      var field = Tapper.State()
      var optional: Tapper.State? = Tapper.State()
      @Presents var sheet: Tapper.State? = Tapper.State()
      var rows: IdentifiedArrayOf<Tapper.State> = [Tapper.State(id: 7)]
      var path = StackState<Tapper.State>([Tapper.State()])
    }
    enum Action: Equatable, Sendable {
      case field(Tapper.Action)
      case optional(Tapper.Action)
      case sheet(PresentationAction<Tapper.Action>)
      case rows(IdentifiedActionOf<Tapper>)
      case path(StackActionOf<Tapper>)
    }

    @available(*, deprecated, message: "Uses the deprecated forms under test")
    var body: some ReducerOf<Self> {
      Scope(
        state: \.field,
        action: path(Action.field) { if case .field(let a) = $0 { a } else { nil } }
      ) { Tapper() }
      EmptyReducer()
        .ifLet(
          \.optional,
          action: path(Action.optional) { if case .optional(let a) = $0 { a } else { nil } }
        ) { Tapper() }
        .ifLet(
          \.$sheet, action: path(Action.sheet) { if case .sheet(let a) = $0 { a } else { nil } }
        ) { Tapper() }
        .forEach(
          \.rows, action: path(Action.rows) { if case .rows(let a) = $0 { a } else { nil } }
        ) { Tapper() }
        .forEach(
          \.path, action: path(Action.path) { if case .path(let a) = $0 { a } else { nil } }
        ) { Tapper() }
    }
  }

  /// The deprecated forms over an enum state: `Scope` and `ifCaseLet`, with hand-built paths and
  /// with one case of each kind.
  struct Screens: Reducer {
    enum State: Equatable {
      case tapper(Tapper.State)
      case other
    }
    enum Action: Equatable, Sendable {
      case scoped(Tapper.Action)
      case ifCaseLet(Tapper.Action)
      case mixedScope(Tapper.Action)
      case mixedIfCaseLet(Tapper.Action)
    }
    static let tapper = path(State.tapper) { if case .tapper(let s) = $0 { s } else { nil } }

    @available(*, deprecated, message: "Uses the deprecated forms under test")
    var body: some ReducerOf<Self> {
      Scope(
        state: Self.tapper,
        action: path(Action.scoped) { if case .scoped(let a) = $0 { a } else { nil } }
      ) { Tapper() }
      EmptyReducer()
        .ifCaseLet(
          Self.tapper,
          action: path(Action.ifCaseLet) { if case .ifCaseLet(let a) = $0 { a } else { nil } }
        ) { Tapper() }
      // One case as a constructor, the other as a pattern.
      Scope(state: State.tapper, action: \.mixedScope) { Tapper() }
      EmptyReducer()
        .ifCaseLet(State.tapper, action: \.mixedIfCaseLet) { Tapper() }
    }
  }

  @Test func theStructOperatorsRunTheirChildrenAndEmbedTheirEffects() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.field(.tapLater))
    await store.receive(.field(.tap)) { $0.field.taps = 1 }
    await store.send(.optional(.tapLater))
    await store.receive(.optional(.tap)) { $0.optional?.taps = 1 }
    await store.send(.sheet(.presented(.tapLater)))
    await store.receive(.sheet(.presented(.tap))) { $0.sheet?.taps = 1 }
    await store.send(.rows(.element(id: 7, action: .tapLater)))
    await store.receive(.rows(.element(id: 7, action: .tap))) { $0.rows[id: 7]?.taps = 1 }
    await store.send(.path(.element(id: 0, action: .tapLater)))
    await store.receive(.path(.element(id: 0, action: .tap))) { $0.path[id: 0]?.taps = 1 }
  }

  @Test func theEnumOperatorsRunTheirChildrenAndEmbedTheirEffects() async {
    let store = TestStore(initialState: Screens.State.tapper(Tapper.State())) { Screens() }
    await store.send(.scoped(.tapLater))
    await store.receive(.scoped(.tap)) { $0 = .tapper(Tapper.State(taps: 1)) }
    await store.send(.ifCaseLet(.tapLater))
    await store.receive(.ifCaseLet(.tap)) { $0 = .tapper(Tapper.State(taps: 2)) }
    await store.send(.mixedScope(.tapLater))
    await store.receive(.mixedScope(.tap)) { $0 = .tapper(Tapper.State(taps: 3)) }
    await store.send(.mixedIfCaseLet(.tapLater))
    await store.receive(.mixedIfCaseLet(.tap)) { $0 = .tapper(Tapper.State(taps: 4)) }
  }
}

/// A hand-built case path of `Root`'s case that `embed` builds.
private func path<Root, Child>(
  _ embed: @escaping @Sendable (Child) -> Root, _ extract: @escaping @Sendable (Root) -> Child?
) -> AnyCasePath<Root, Child> {
  AnyCasePath(embed: embed, extract: extract)
}
