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
