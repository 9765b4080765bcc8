import ReducerKit
import ReducerKitTesting
import Testing

/// Actions sent with an animation, as TCA's features send them: here (no SwiftUI) each is sent
/// exactly as without one, and the animation is a value compared and dumped by how it was made.
@MainActor
@Suite struct AnimationTests {
  struct Feature: Reducer {
    struct State: Equatable, Sendable {
      var log: [String] = []
      @Presents var alert: AlertState<Action.Alert>?
    }
    enum Action: Equatable, Sendable {
      case alert(PresentationAction<Alert>)
      case loaded(String)
      case resetTapped
      case reset
      case loadTapped
      case streamTapped
      case deleteTapped

      enum Alert: Equatable, Sendable { case confirmDeletion }
    }

    var body: some Reducer<State, Action> {
      Reduce(core)
        .ifLet(\.$alert, action: Action.alert)
    }

    func core(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .alert(.presented(.confirmDeletion)):
        state.log.append("deleted")
        return .none
      case .alert:
        return .none
      case .loaded(let value):
        state.log.append(value)
        return .none
      case .resetTapped:
        return .send(.reset, animation: .default)
      case .reset:
        state.log.removeAll()
        return .none
      case .loadTapped:
        return .run { send in await send(.loaded("fact"), animation: .easeInOut(duration: 0.3)) }
      case .streamTapped:
        return .run { send in
          await send(.loaded("one"))
          await send(.loaded("two"))
        }
        .animation(.spring(duration: 0.5, bounce: 0.2))
      case .deleteTapped:
        state.alert = AlertState {
          TextState("Delete?")
        } actions: {
          ButtonState(role: .destructive, action: .send(.confirmDeletion, animation: .default)) {
            TextState("Delete")
          }
        }
        return .none
      }
    }
  }

  @Test func anAnimatedSendFromAnEffectIsReceivedAsAnyOther() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.loadTapped)
    await store.receive(.loaded("fact")) { $0.log = ["fact"] }
  }

  @Test func anAnimatedSendEffectIsReducedBeforeTheSendReturns() {
    let store = Store(initialState: Feature.State(log: ["old"])) { Feature() }
    store.send(.resetTapped)
    #expect(store.log.isEmpty)
  }

  @Test func anAnimatedEffectSendsWhatItSendsUnanimated() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.streamTapped)
    await store.receive(.loaded("one")) { $0.log = ["one"] }
    await store.receive(.loaded("two")) { $0.log = ["one", "two"] }
  }

  @Test func aStoreSendsWithAnAnimation() async {
    let store = Store(initialState: Feature.State()) { Feature() }
    await store.send(.loadTapped, animation: .default).finish()
    #expect(store.log == ["fact"])
  }

  @Test func aButtonSendsItsActionWithItsAnimation() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.deleteTapped) {
      $0.alert = AlertState {
        TextState("Delete?")
      } actions: {
        ButtonState(role: .destructive, action: .send(.confirmDeletion, animation: .default)) {
          TextState("Delete")
        }
      }
    }
    let button = store.state.alert?.buttons.first
    #expect(button?.action.animation == .default)
    await store.send(.alert(button!.presentationAction)) {
      $0.alert = nil
      $0.log = ["deleted"]
    }
  }

  @Test func aButtonsAnimationIsPartOfTheAlertAndOfItsDiff() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await expectIssues {
      await store.send(.deleteTapped) {
        $0.alert = AlertState {
          TextState("Delete?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
        }
      }
    } matching: { issue in
      let message = issue.description
      return message.contains("−") && message.contains("+")
        && message.contains("animation: Animation.default")
    }
  }

  @Test func buttonActionsCompareTheirAnimations() {
    typealias Action = ButtonStateAction<Feature.Action.Alert>
    let plain = Action.send(.confirmDeletion)
    let animated = Action.send(.confirmDeletion, animation: .default)
    #expect(plain == .send(.confirmDeletion, animation: nil))
    #expect(plain != animated)
    #expect(animated == .send(.confirmDeletion, animation: .default))
    #expect(animated != .send(.confirmDeletion, animation: .linear))
    #expect(plain.hashValue == animated.hashValue)
    #expect(plain.animation == nil && animated.action == .confirmDeletion)
  }

  @Test func animationsAreRecordsOfHowTheyWereMade() {
    #expect(Animation.default == .default)
    #expect(Animation.easeInOut(duration: 0.3) == .easeInOut(duration: 0.3))
    #expect(Animation.easeInOut(duration: 0.3) != .easeInOut)
    #expect(Animation.spring() != .spring)
    #expect(Animation.spring(duration: 0.5, bounce: 0.2) != .spring())
    // The springs and curves TCA users pass, each its own record.
    let springs: [Animation] = [
      .interpolatingSpring, .interpolatingSpring(stiffness: 170, damping: 15),
      .interpolatingSpring(duration: 0.4, bounce: 0.3),
      .interactiveSpring(), .interactiveSpring(duration: 0.2, extraBounce: 0.1),
      .timingCurve(0.2, 0, 0, 1, duration: 0.5),
    ]
    #expect(Set(springs).count == springs.count)
    #expect(
      Animation.interpolatingSpring(stiffness: 170, damping: 15).description
        == "interpolatingSpring(mass: 1.0, stiffness: 170.0, damping: 15.0, initialVelocity: 0.0)")
    #expect(
      Animation.easeOut.delay(0.1).speed(2).repeatForever(autoreverses: false).description
        == "easeOut.delay(0.1).speed(2.0).repeatForever(autoreverses: false)")
    #expect(
      customDump(Animation.bouncy(duration: 1))
        == "Animation.bouncy(duration: 1.0, extraBounce: 0.0)")
  }

  /// What `animation(_:)` does on Apple platforms, with a wrapper of the test's own: every action
  /// its `.run` operations send is reduced inside the wrapper, also once a parent has mapped it.
  @Test func aWrappedEffectReducesEachActionItSendsInsideTheWrapper() async {
    let depth = Locked(0)
    struct Probe: Reducer {
      let depth: Locked<Int>
      struct State: Equatable, Sendable { var wrapped: [Bool] = [] }
      enum Action: Sendable {
        case start
        case child(Int)
      }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          let child = Effect<Int>.run { send in
            await send(1)
            await send(2)
          }
          return child.wrappingDelivery { deliver in
            depth.withLock { $0 += 1 }
            deliver()
            depth.withLock { $0 -= 1 }
          }
          .map(Action.child)
        case .child:
          state.wrapped.append(depth.withLock { $0 } == 1)
          return .none
        }
      }
    }
    let store = Store(initialState: Probe.State()) { Probe(depth: depth) }
    await store.send(.start).finish()
    #expect(store.wrapped == [true, true])
  }

  /// What `Effect.send(_:animation:)` does on every platform (inside `withAnimation` where SwiftUI
  /// exists): the action is reduced in place, before the `send` that returned the effect
  /// returns and after the action being reduced, inside the wrapper.
  @Test func anAnimatedSendIsReducedInPlaceInsideItsWrapper() {
    let depth = Locked(0)
    struct Probe: Reducer {
      let depth: Locked<Int>
      struct State: Equatable, Sendable { var log: [String] = [] }
      enum Action: Sendable {
        case start
        case animated
      }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start:
          state.log.append("start")
          return .merge(
            .send(
              .animated,
              wrappedIn: { deliver in
                depth.withLock { $0 += 1 }
                deliver()
                depth.withLock { $0 -= 1 }
              }),
            .send(.animated, animation: .default)
          )
        case .animated:
          state.log.append(depth.withLock { $0 } == 1 ? "animated, wrapped" : "animated")
          return .none
        }
      }
    }
    let store = Store(initialState: Probe.State()) { Probe(depth: depth) }
    store.send(.start)
    // Both were reduced before `send` returned, in order, the first inside its wrapper.
    #expect(store.log == ["start", "animated, wrapped", "animated"])
  }
}
