import Foundation
import ReducerKit
import ReducerKitTesting
import TeaTimersExample
import Testing

@MainActor
@Suite struct TeaTimersTests {
  static let sencha = Tea.State(id: UUID(0), name: "sencha", steepTime: .seconds(2))
  static let assam = Tea.State(id: UUID(1), name: "assam", steepTime: .seconds(4))

  private func makeStore(
    _ state: TeaTimers.State, clock: TestClock, notified: LockIsolated<[String]> = .init([])
  ) -> TestStoreOf<TeaTimers> {
    TestStore(initialState: state) {
      TeaTimers()
    } withDependencies: {
      $0.continuousClock = clock
      $0.notifications.requestPermission = { true }
      $0.notifications.notify = { message in notified.withValue { $0.append(message) } }
    }
  }

  @Test func aTeaCountsDownOnTheClockAndNotifiesWhenReady() async {
    let clock = TestClock()
    let notified = LockIsolated<[String]>([])
    let store = makeStore(TeaTimers.State(teas: [Self.sencha]), clock: clock, notified: notified)
    await store.send(\.teas[id: UUID(0)].start) {
      $0.teas[id: UUID(0)]?.status = .steeping(remaining: .seconds(2))
    }
    await store.receive(\.teas[id: UUID(0)].delegate.started)
    await store.receive(\.internal.permissionAnswered, true) { $0.notifications = .allowed }

    await clock.advance(by: .seconds(1))
    await store.receive(\.teas[id: UUID(0)].tick) {
      $0.teas[id: UUID(0)]?.status = .steeping(remaining: .seconds(1))
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.teas[id: UUID(0)].tick) { $0.teas[id: UUID(0)]?.status = .ready }
    await store.receive(\.teas[id: UUID(0)].delegate.ready)
    await store.finish()
    #expect(notified.value == ["Your sencha is ready."])
  }

  @Test func startingATeaStopsTheOneSteepingAndItsCountdown() async {
    let clock = TestClock()
    var state = TeaTimers.State(teas: [Self.sencha, Self.assam])
    state.notifications = .allowed
    let store = makeStore(state, clock: clock)
    await store.send(\.teas[id: UUID(0)].start) {
      $0.teas[id: UUID(0)]?.status = .steeping(remaining: .seconds(2))
    }
    await store.receive(\.teas[id: UUID(0)].delegate.started)
    await store.send(\.teas[id: UUID(1)].start) {
      $0.teas[id: UUID(1)]?.status = .steeping(remaining: .seconds(4))
    }
    await store.receive(\.teas[id: UUID(1)].delegate.started)
    await store.receive(\.teas[id: UUID(0)].stop) { $0.teas[id: UUID(0)]?.status = .idle }
    #expect(store.state.steeping?.id == UUID(1))

    // Only the assam's countdown is left: one tick a second, for it alone.
    await clock.advance(by: .seconds(1))
    await store.receive(\.teas[id: UUID(1)].tick) {
      $0.teas[id: UUID(1)]?.status = .steeping(remaining: .seconds(3))
    }
    await store.send(\.teas[id: UUID(1)].stop) { $0.teas[id: UUID(1)]?.status = .idle }
    await clock.run()
  }

  @Test func removingASteepingTeaEndsItsCountdown() async {
    let clock = TestClock()
    var state = TeaTimers.State(teas: [Self.sencha, Self.assam])
    state.notifications = .allowed
    let store = makeStore(state, clock: clock)
    await store.send(\.teas[id: UUID(1)].start) {
      $0.teas[id: UUID(1)]?.status = .steeping(remaining: .seconds(4))
    }
    await store.receive(\.teas[id: UUID(1)].delegate.started)
    await store.send(.view(.removeTapped(id: UUID(1)))) { $0.teas = [Self.sencha] }
    // No tick arrives for the removed tea, and no effect is left running.
    await clock.advance(by: .seconds(10))
    await store.finish()
  }

  @Test func refusedPermissionShowsAnAlertThatOpensTheSettings() async {
    let clock = TestClock()
    let opened = LockIsolated<[URL]>([])
    let store = TestStore(initialState: TeaTimers.State(teas: [Self.sencha])) {
      TeaTimers()
    } withDependencies: {
      $0.continuousClock = clock
      $0.notifications.requestPermission = { false }
      $0.openURL = OpenURLEffect { url in
        opened.withValue { $0.append(url) }
        return true
      }
    }
    await store.send(\.teas[id: UUID(0)].start) {
      $0.teas[id: UUID(0)]?.status = .steeping(remaining: .seconds(2))
    }
    await store.receive(\.teas[id: UUID(0)].delegate.started)
    await store.receive(\.internal.permissionAnswered, false) {
      $0.notifications = .denied
      $0.alert = AlertState {
        TextState("Notifications are off")
      } actions: {
        ButtonState(action: .openSettingsTapped) { TextState("Open Settings") }
        ButtonState(role: .cancel) { TextState("Not now") }
      } message: {
        TextState("The timers still run, but you will not hear when a tea is ready.")
      }
    }
    await store.send(\.alert.openSettingsTapped) { $0.alert = nil }
    #expect(opened.value == [NotificationsClient.settingsURL])

    // The tea still steeps; being denied, nobody is notified (notify is unimplemented here).
    await clock.advance(by: .seconds(2))
    await store.receive(\.teas[id: UUID(0)].tick) {
      $0.teas[id: UUID(0)]?.status = .steeping(remaining: .seconds(1))
    }
    await store.receive(\.teas[id: UUID(0)].tick) { $0.teas[id: UUID(0)]?.status = .ready }
    await store.receive(\.teas[id: UUID(0)].delegate.ready)
  }

  @Test func aFailedNotificationShowsAnAlert() async {
    struct Refused: LocalizedError {
      var errorDescription: String? { "The system refused it." }
    }
    let clock = TestClock()
    var state = TeaTimers.State(teas: [Self.sencha])
    state.notifications = .allowed
    let store = TestStore(initialState: state) {
      TeaTimers()
    } withDependencies: {
      $0.continuousClock = clock
      $0.notifications.notify = { _ in throw Refused() }
    }
    await store.send(\.teas[id: UUID(0)].start) {
      $0.teas[id: UUID(0)]?.status = .steeping(remaining: .seconds(2))
    }
    await store.receive(\.teas[id: UUID(0)].delegate.started)
    await clock.advance(by: .seconds(2))
    await store.receive(\.teas[id: UUID(0)].tick) {
      $0.teas[id: UUID(0)]?.status = .steeping(remaining: .seconds(1))
    }
    await store.receive(\.teas[id: UUID(0)].tick) { $0.teas[id: UUID(0)]?.status = .ready }
    await store.receive(\.teas[id: UUID(0)].delegate.ready)
    await store.receive(
      .internal(.notificationFailed(tea: "sencha", reason: "The system refused it."))
    ) {
      $0.alert = AlertState {
        TextState("Your sencha is ready")
      } message: {
        TextState("The notification could not be shown: The system refused it.")
      }
    }
  }

  @Test func addingATeaGivesItAnIDAndIgnoresABlankName() async {
    let store = TestStore(initialState: TeaTimers.State()) {
      TeaTimers()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.view(.addTapped(name: "  ", steepTime: .seconds(60))))
    await store.send(.view(.addTapped(name: "oolong", steepTime: .zero)))
    await store.send(.view(.addTapped(name: " oolong ", steepTime: .seconds(180)))) {
      $0.teas = [Tea.State(id: UUID(0), name: "oolong", steepTime: .seconds(180))]
    }
  }
}
