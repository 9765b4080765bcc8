import ReducerKit
import Testing

@MainActor
@Suite struct StoreInstrumentationTests {
  enum CancelID: Hashable, Sendable { case sleep }

  struct Feature: Reducer {
    struct State: Equatable, Sendable { var count = 0 }
    enum Action: Equatable, Sendable {
      case increment
      case incrementTwice
      case work
      case sleep
      case stopSleeping
      case done
      case load(Request)
      case steps
    }
    /// A payload too large to be stored inline in an existential (more than three words).
    struct Request: Equatable, Sendable {
      var path = "/facts"
      var query = "n=1"
      var token = "abc"
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .incrementTwice:
        return .merge(.send(.increment), .send(.increment))
      case .work:
        return .run { send in await send(.done) }
      case .sleep:
        return .run { _ in try await Task.sleep(for: .seconds(3600)) }
          .cancellable(id: CancelID.sleep)
      case .stopSleeping:
        return .cancel(id: CancelID.sleep)
      case .done:
        return .none
      case .load:
        return .run { send in await send(.done) }
      case .steps:
        return .concatenate(.run { _ in }, .run { send in await send(.done) })
      }
    }
  }

  /// The events a store reported, as text.
  final class Events: Sendable {
    let log = Locked<[String]>([])
    var lines: [String] { log.withLock { $0 } }

    func record(_ event: StoreEvent) {
      let line =
        switch event {
        case .actionReduced(let action, let duration):
          "reduced \(action)\(duration >= .zero ? "" : " in negative time")"
        case .effectStarted(let effect), .effectFinished(let effect),
          .effectCancelled(let effect):
          "\(event.name) effect of \(effect.action) at line \(effect.line > 0 ? "known" : "0")"
        }
      log.withLock { $0.append(line) }
    }
  }

  @Test func reportsEveryReducedActionIncludingQueuedOnes() {
    let events = Events()
    let store = Store(initialState: Feature.State()) { Feature() }
    store.instrumentation = StoreInstrumentation { events.record($0) }
    store.send(.incrementTwice)
    #expect(events.lines == ["reduced incrementTwice", "reduced increment", "reduced increment"])
  }

  @Test func reportsEffectsStartingAndFinishing() async {
    let events = Events()
    let store = Store(initialState: Feature.State()) { Feature() }
    store.instrumentation = StoreInstrumentation { events.record($0) }
    await store.send(.work).finish()
    #expect(
      events.lines == [
        "reduced work",
        "started effect of work at line known",
        "reduced done",
        "finished effect of work at line known",
      ]
    )
  }

  @Test func namesTheActionThatStartedAnEffectHoweverLargeAndForAStoresOwnTask() async {
    let events = Events()
    let store = Store(initialState: Feature.State()) { Feature() }
    store.instrumentation = StoreInstrumentation { events.record($0) }
    await store.send(.load(Feature.Request())).finish()
    await store.send(.steps).finish()
    let load =
      #"load(ReducerKitTests.StoreInstrumentationTests.Feature.Request(path: "/facts", query: "n=1", token: "abc"))"#
    #expect(
      events.lines.prefix(4) == [
        "reduced \(load)",
        "started effect of \(load) at line known",
        "reduced done",
        "finished effect of \(load) at line known",
      ])
    // A concatenation steps through its effects in a task of the store's own, named after the
    // action too (with no site of its own).
    #expect(events.lines.contains("started effect of steps at line 0"))
    #expect(events.lines.contains("finished effect of steps at line 0"))
  }

  @Test func reportsCancellationThenTheFinish() async {
    let events = Events()
    let store = Store(initialState: Feature.State()) { Feature() }
    store.instrumentation = StoreInstrumentation { events.record($0) }
    let sleeping = store.send(.sleep)
    store.send(.stopSleeping)
    await sleeping.finish()
    #expect(
      events.lines == [
        "reduced sleep",
        "started effect of sleep at line known",
        "reduced stopSleeping",
        "cancelled effect of sleep at line known",
        "finished effect of sleep at line known",
      ]
    )
  }

  @Test func removingTheInstrumentationStopsTheEvents() {
    let events = Events()
    let store = Store(initialState: Feature.State()) { Feature() }
    store.instrumentation = StoreInstrumentation { events.record($0) }
    let scoped = store.scope(state: \.count, action: { (_: Never) -> Feature.Action in })
    #expect(scoped.instrumentation != nil)
    store.instrumentation = nil
    store.send(.increment)
    #expect(events.lines.isEmpty)
  }
}
