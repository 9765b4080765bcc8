import Observation
import ReducerKit
import Testing

@MainActor
@Suite struct StoreObservationTests {
  struct Profile: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var name = "a"
      var settings = Settings.State()
    }
    enum Action: Equatable, Sendable {
      case increment
      case rename(String)
      case incrementAndRename(String)
      case incrementThenSendIncrement
      case settings(Settings.Action)
      case setCount(Int)
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.settings, action: Action.settings) { Settings() }
      Reduce { state, action in
        switch action {
        case .increment:
          state.count += 1
        case .rename(let name):
          state.name = name
        case .incrementAndRename(let name):
          state.count += 1
          state.name = name
        case .incrementThenSendIncrement:
          state.count += 1
          return .send(.increment)
        case .settings:
          break
        case .setCount(let count):
          state.count = count
        }
        return .none
      }
    }
  }

  struct Settings: Reducer {
    struct State: Equatable, Sendable { var volume = 5 }
    enum Action: Equatable, Sendable { case louder }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.volume += 1
      return .none
    }
  }

  /// Counts the notifications of one tracking scope, which fires at most once.
  final class Notifications: @unchecked Sendable {
    // NB: @unchecked Sendable: touched only on the main actor (onChange runs there, during a
    // store's send).
    var count = 0
  }

  func track(_ read: () -> Void) -> Notifications {
    let notifications = Notifications()
    withObservationTracking(read) { notifications.count += 1 }
    return notifications
  }

  @Test func anObserverOfOneFieldIsNotNotifiedWhenAnotherChanges() {
    let store = Store(initialState: Profile.State()) { Profile() }
    let notifications = track { _ = store.count }
    store.send(.rename("b"))
    #expect(notifications.count == 0)
    store.send(.increment)
    #expect(notifications.count == 1)
  }

  /// Forty fields, more than the store's recent-read slots: reads collide and evict each other,
  /// yet every observer hears of its own field only, read after read and send after send.
  struct Wide: Reducer {
    struct State: Equatable, Sendable {
      var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0, f10 = 0,
        f11 = 0, f12 = 0, f13 = 0, f14 = 0, f15 = 0, f16 = 0, f17 = 0, f18 = 0, f19 = 0, f20 = 0,
        f21 = 0, f22 = 0, f23 = 0, f24 = 0, f25 = 0, f26 = 0, f27 = 0, f28 = 0, f29 = 0, f30 = 0,
        f31 = 0, f32 = 0, f33 = 0, f34 = 0, f35 = 0, f36 = 0, f37 = 0, f38 = 0, f39 = 0
    }
    enum Action: Sendable { case bump(WritableKeyPath<State, Int> & Sendable) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .bump(let field): state[keyPath: field] += 1
      }
      return .none
    }
  }

  @Test func manyFieldsNotifyOnlyTheirOwnObservers() {
    let store = Store(initialState: Wide.State()) { Wide() }
    let fields: [WritableKeyPath<Wide.State, Int> & Sendable] = [
      \.f0, \.f1, \.f2, \.f3, \.f4, \.f5, \.f6, \.f7, \.f8, \.f9, \.f10, \.f11, \.f12, \.f13, \.f14,
      \.f15, \.f16, \.f17, \.f18, \.f19, \.f20, \.f21, \.f22, \.f23, \.f24, \.f25, \.f26, \.f27,
      \.f28, \.f29, \.f30, \.f31, \.f32, \.f33, \.f34, \.f35, \.f36, \.f37, \.f38, \.f39,
    ]
    for round in 0..<3 {
      // Read each field twice: once to arm it, once more through its recent slot.
      let notifications = fields.map { field in
        track {
          _ = store[dynamicMember: field]
          _ = store[dynamicMember: field]
        }
      }
      let bumped = (round * 7 + 5) % fields.count
      store.send(.bump(fields[bumped]))
      #expect(notifications.map(\.count) == fields.indices.map { $0 == bumped ? 1 : 0 })
      // A key path made at run time is another object for the same field.
      let same = (\Wide.State.self).appending(path: fields[bumped])
      let again = track { _ = store[dynamicMember: same] }
      store.send(.bump(fields[bumped]))
      #expect(again.count == 1)
      // Its literal key path, read again after the change, must arm the field again.
      let reread = track { _ = store[dynamicMember: fields[bumped]] }
      store.send(.bump(fields[bumped]))
      #expect(reread.count == 1)
      #expect(store.withState { $0[keyPath: fields[bumped]] } == 3)
    }
  }

  @Test func perceptionTrackingIsObservationTrackingUnderTCAsName() {
    let store = Store(initialState: Profile.State()) { Profile() }
    let notifications = Notifications()
    let read = withPerceptionTracking {
      store.count
    } onChange: {
      notifications.count += 1
    }
    #expect(read == 0)
    store.send(.rename("b"))
    #expect(notifications.count == 0)
    store.send(.increment)
    #expect(notifications.count == 1)
  }

  @Test func anObserverIsNotifiedOnceForAnActionThatChangesTwoFields() {
    let store = Store(initialState: Profile.State()) { Profile() }
    var seen: [Int] = []
    withObservationTracking {
      _ = store.count
      _ = store.name
    } onChange: {
      MainActor.assumeIsolated { seen.append(store.withState(\.count)) }
    }
    store.send(.incrementAndRename("b"))
    #expect(seen == [1])
  }

  @Test func notifiesOncePerSendAfterEveryActionItCausedAndShowsTheNewState() {
    let store = Store(initialState: Profile.State()) { Profile() }
    var seen: [Int] = []
    withObservationTracking {
      _ = store.count
    } onChange: {
      MainActor.assumeIsolated { seen.append(store.withState(\.count)) }
    }
    store.send(.incrementThenSendIncrement)
    #expect(seen == [2])
  }

  @Test func settingAFieldToTheSameValueDoesNotNotify() {
    let store = Store(initialState: Profile.State()) { Profile() }
    let notifications = track { _ = store.count }
    store.send(.setCount(0))
    #expect(notifications.count == 0)
  }

  @Test func readingTheWholeStateObservesEveryField() {
    let store = Store(initialState: Profile.State()) { Profile() }
    let notifications = track { _ = store.state }
    store.send(.rename("b"))
    #expect(notifications.count == 1)
  }

  @Test func withStateReadsWithoutObserving() {
    let store = Store(initialState: Profile.State()) { Profile() }
    let notifications = track { _ = store.withState(\.count) }
    store.send(.increment)
    #expect(notifications.count == 0)
  }

  @Test func observersCanSendWhileBeingNotified() {
    let store = Store(initialState: Profile.State()) { Profile() }
    withObservationTracking {
      _ = store.count
    } onChange: {
      MainActor.assumeIsolated { _ = store.send(.rename("changed by observer")) }
    }
    store.send(.increment)
    #expect(store.withState(\.name) == "changed by observer")
    #expect(store.withState(\.count) == 1)
  }

  @Test func aScopedStoreNotifiesForItsOwnSliceOnly() {
    let store = Store(initialState: Profile.State()) { Profile() }
    let settings = store.scope(state: \.settings, action: Profile.Action.settings)
    let notifications = track { _ = settings.volume }
    store.send(.increment)
    store.send(.rename("b"))
    #expect(notifications.count == 0)
    settings.send(.louder)
    #expect(notifications.count == 1)
  }

  @Test func observingAgainAfterANotificationSeesTheNextChange() {
    let store = Store(initialState: Profile.State()) { Profile() }
    let first = track { _ = store.count }
    store.send(.increment)
    let second = track { _ = store.count }
    store.send(.rename("b"))
    store.send(.increment)
    #expect(first.count == 1)
    #expect(second.count == 1)
  }

  @Test func aValueStreamYieldsTheCurrentValueThenEachDistinctChange() async {
    let store = Store(initialState: Profile.State()) { Profile() }
    var iterator = store.observe(\.count).makeAsyncIterator()
    #expect(await iterator.next() == 0)
    store.send(.increment)
    store.send(.rename("b"))  // count unchanged: nothing yielded
    store.send(.setCount(1))  // same value: nothing yielded
    store.send(.increment)
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == 2)
  }

  @Test func aValueStreamFinishesWhenTheStoreIsReleased() async {
    var store: StoreOf<Profile>? = Store(initialState: Profile.State()) { Profile() }
    let stream = store!.observe(\.count)
    store!.send(.increment)
    store = nil
    var values: [Int] = []
    for await value in stream { values.append(value) }
    #expect(values == [0, 1])
  }

  @Test func aStreamOfAValueThatIsNotEquatableYieldsAfterEverySend() async {
    struct Opaque: Sendable { var count: Int }
    struct Feature: Reducer {
      enum Action: Sendable { case touch, bump }
      func reduce(into state: inout Opaque, action: Action) -> Effect<Action> {
        if case .bump = action { state.count += 1 }
        return .none
      }
    }
    let store = Store(initialState: Opaque(count: 0)) { Feature() }
    var iterator = store.observe(\.self).makeAsyncIterator()
    #expect(await iterator.next()?.count == 0)
    store.send(.touch)
    store.send(.bump)
    #expect(await iterator.next()?.count == 0)
    #expect(await iterator.next()?.count == 1)
  }

  @Test func worksWithTheObservationsSequence() async throws {
    guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, *) else { return }
    let store = Store(initialState: Profile.State()) { Profile() }
    let counts = Observations { store.count }
    var iterator = counts.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    store.send(.rename("b"))
    store.send(.increment)
    #expect(await iterator.next() == 1)
  }
}
