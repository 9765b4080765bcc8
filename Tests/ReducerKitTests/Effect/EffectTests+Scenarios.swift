import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// A web socket as a client of closures, for the scenario below.
private struct WebSocketClient: Sendable {
  enum Event: Equatable, Sendable {
    case didOpen
    case didClose(code: Int)
  }
  enum Message: Equatable, Sendable {
    case string(String)
    case data(Data)
  }

  var open: @Sendable (URL) async -> AsyncStream<Event>
  var receive: @Sendable () async throws -> AsyncStream<Result<Message, any Error>>
  var send: @Sendable (Message) async throws -> Void
  var sendPing: @Sendable () async throws -> Void
}

extension WebSocketClient: TestDependencyKey {
  static let testValue = WebSocketClient(
    open: unimplemented("WebSocketClient.open", placeholder: AsyncStream { $0.finish() }),
    receive: unimplemented("WebSocketClient.receive"),
    send: unimplemented("WebSocketClient.send"),
    sendPing: unimplemented("WebSocketClient.sendPing"))
}

extension DependencyValues {
  fileprivate var webSocket: WebSocketClient {
    get { self[WebSocketClient.self] }
    set { self[WebSocketClient.self] = newValue }
  }
}

/// An echo client over a web socket (TCA's WebSocket case study): one long-living effect holds
/// the connection, and inside it a task group forwards the socket's events, pings every ten
/// seconds and receives messages; sending is an effect of its own under the same cancel ID, so
/// disconnecting ends everything.
private struct EchoSocket: Reducer {
  struct State: Equatable, Sendable {
    var alert: AlertState<Never>?
    var connectivity = Connectivity.disconnected
    var messageToSend = ""
    var receivedMessages: [String] = []

    enum Connectivity: Equatable, Sendable {
      case connected, connecting, disconnected
    }
  }

  enum Action: Sendable {
    case connectButtonTapped
    case messageToSendChanged(String)
    case receivedSocketMessage(Result<WebSocketClient.Message, any Error>)
    case sendButtonTapped
    case sendResponse(didSucceed: Bool)
    case webSocket(WebSocketClient.Event)
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.webSocket) var webSocket
  private enum CancelID { case socket }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .connectButtonTapped:
      guard state.connectivity == .disconnected else {
        state.connectivity = .disconnected
        return .cancel(id: CancelID.socket)
      }
      state.connectivity = .connecting
      return .run { [clock, webSocket] send in
        let events = await webSocket.open(URL(string: "wss://echo.example")!)
        await withThrowingTaskGroup(of: Void.self) { group in
          for await event in events {
            group.addTask { await send(.webSocket(event)) }
            switch event {
            case .didOpen:
              group.addTask {
                while !Task.isCancelled {
                  try await clock.sleep(for: .seconds(10))
                  try? await webSocket.sendPing()
                }
              }
              group.addTask {
                for await message in try await webSocket.receive() {
                  await send(.receivedSocketMessage(message))
                }
              }
            case .didClose:
              return
            }
          }
        }
      }
      .cancellable(id: CancelID.socket)

    case .messageToSendChanged(let message):
      state.messageToSend = message
      return .none

    case .receivedSocketMessage(.success(.string(let string))):
      state.receivedMessages.append(string)
      return .none

    case .receivedSocketMessage:
      return .none

    case .sendButtonTapped:
      let message = state.messageToSend
      state.messageToSend = ""
      return .run { [webSocket] send in
        try await webSocket.send(.string(message))
        await send(.sendResponse(didSucceed: true))
      } catch: { _, send in
        await send(.sendResponse(didSucceed: false))
      }
      .cancellable(id: CancelID.socket)

    case .sendResponse(let didSucceed):
      if !didSucceed {
        state.alert = AlertState {
          TextState("Could not send socket message. Connect to the server first, and try again.")
        }
      }
      return .none

    case .webSocket(.didClose):
      state.connectivity = .disconnected
      return .cancel(id: CancelID.socket)

    case .webSocket(.didOpen):
      state.connectivity = .connected
      return .none
    }
  }
}

/// Counts screenshots while its view's task runs (TCA's LongLivingEffects case study).
private struct ScreenshotCounter: Reducer {
  struct State: Equatable, Sendable { var screenshotCount = 0 }
  enum Action: Sendable {
    case task
    case userDidTakeScreenshot
  }
  let screenshots: @Sendable () -> AsyncStream<Void>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .task:
      return .run { [screenshots] send in
        for await _ in screenshots() { await send(.userDidTakeScreenshot) }
      }
    case .userDidTakeScreenshot:
      state.screenshotCount += 1
      return .none
    }
  }
}

/// A timer toggled on and off (TCA's Timers case study).
private struct Stopwatch: Reducer {
  struct State: Equatable, Sendable {
    var isTimerActive = false
    var secondsElapsed = 0
  }
  enum Action: Sendable {
    case toggleTimerButtonTapped
    case timerTicked
  }
  @Dependency(\.continuousClock) var clock
  private enum CancelID { case timer }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggleTimerButtonTapped:
      state.isTimerActive.toggle()
      guard state.isTimerActive else { return .cancel(id: CancelID.timer) }
      return .run { [clock] send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.timerTicked) }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .timerTicked:
      state.secondsElapsed += 1
      return .none
    }
  }
}

@MainActor
@Suite struct EffectScenarioTests {
  private func makeSocket(
    send: @escaping @Sendable (WebSocketClient.Message) async throws -> Void = { _ in },
    clock: any Clock<Duration> = ImmediateClock(),
    pings: LockIsolated<Int>? = nil,
    messages: AsyncStream<Result<WebSocketClient.Message, any Error>>? = nil
  ) -> (TestStoreOf<EchoSocket>, AsyncStream<WebSocketClient.Event>.Continuation) {
    let events = AsyncStream.makeStream(of: WebSocketClient.Event.self)
    let store = TestStore(initialState: EchoSocket.State()) {
      EchoSocket()
    } withDependencies: {
      $0.continuousClock = clock
      $0.webSocket.open = { _ in events.stream }
      $0.webSocket.receive = {
        guard let messages else { try await Task.never() }
        return messages
      }
      $0.webSocket.send = send
      $0.webSocket.sendPing = {
        guard let pings else { try await Task.never() }
        pings.withValue { $0 += 1 }
      }
    }
    return (store, events.continuation)
  }

  @Test func aSocketConnectsEchoesAndDisconnects() async {
    let messages = AsyncStream.makeStream(of: Result<WebSocketClient.Message, any Error>.self)
    let (store, events) = makeSocket(messages: messages.stream)
    await store.send(.connectButtonTapped) { $0.connectivity = .connecting }
    events.yield(.didOpen)
    await store.receive(\.webSocket.didOpen) { $0.connectivity = .connected }
    messages.continuation.yield(.success(.string("Welcome")))
    await store.receive(\.receivedSocketMessage.success) { $0.receivedMessages = ["Welcome"] }
    await store.send(.messageToSendChanged("Hi")) { $0.messageToSend = "Hi" }
    await store.send(.sendButtonTapped) { $0.messageToSend = "" }
    await store.receive(\.sendResponse)
    messages.continuation.yield(.success(.string("Hi")))
    await store.receive(\.receivedSocketMessage.success) {
      $0.receivedMessages = ["Welcome", "Hi"]
    }
    // Disconnecting cancels the connection's effect, and the task group inside it.
    await store.send(.connectButtonTapped) { $0.connectivity = .disconnected }
    await store.finish()
  }

  @Test func aFailedSendShowsAnAlert() async {
    struct SendFailure: Error {}
    let (store, events) = makeSocket(send: { _ in throw SendFailure() })
    await store.send(.connectButtonTapped) { $0.connectivity = .connecting }
    events.yield(.didOpen)
    await store.receive(\.webSocket.didOpen) { $0.connectivity = .connected }
    await store.send(.messageToSendChanged("Hi")) { $0.messageToSend = "Hi" }
    await store.send(.sendButtonTapped) { $0.messageToSend = "" }
    await store.receive(\.sendResponse, false) {
      $0.alert = AlertState {
        TextState("Could not send socket message. Connect to the server first, and try again.")
      }
    }
    await store.send(.connectButtonTapped) { $0.connectivity = .disconnected }
    await store.finish()
  }

  @Test func anOpenSocketPingsEveryTenSeconds() async {
    let clock = TestClock()
    let pings = LockIsolated(0)
    let (store, events) = makeSocket(clock: clock, pings: pings)
    await store.send(.connectButtonTapped) { $0.connectivity = .connecting }
    events.yield(.didOpen)
    await store.receive(\.webSocket.didOpen) { $0.connectivity = .connected }
    #expect(pings.value == 0)
    await clock.advance(by: .seconds(10))
    #expect(pings.value == 1)
    await clock.advance(by: .seconds(25))
    #expect(pings.value == 3)
    await store.send(.connectButtonTapped) { $0.connectivity = .disconnected }
  }

  @Test func aSocketThatClosesWhileConnectingEndsItsEffect() async {
    let (store, events) = makeSocket()
    await store.send(.connectButtonTapped) { $0.connectivity = .connecting }
    events.yield(.didClose(code: 500))
    await store.receive(\.webSocket.didClose) { $0.connectivity = .disconnected }
  }

  @Test func aLongLivingEffectEndsWithItsViewsTask() async {
    let screenshots = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(initialState: ScreenshotCounter.State()) {
      ScreenshotCounter(screenshots: { screenshots.stream })
    }
    let task = await store.send(.task)
    screenshots.continuation.yield()
    await store.receive(\.userDidTakeScreenshot) { $0.screenshotCount = 1 }
    await task.cancel()
    // A screenshot after the view went away reaches nothing: an action received now would
    // fail the test at its end.
    screenshots.continuation.yield()
  }

  @Test func aTimerTicksAsTheClockAdvancesUntilToggledOff() async {
    let clock = TestClock()
    let store = TestStore(initialState: Stopwatch.State()) {
      Stopwatch()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerActive = true }
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTicked) { $0.secondsElapsed = 1 }
    // Five seconds at once: five ticks, in order.
    await clock.advance(by: .seconds(5))
    for second in 2...6 {
      await store.receive(\.timerTicked) { $0.secondsElapsed = second }
    }
    await store.send(.toggleTimerButtonTapped) { $0.isTimerActive = false }
  }
}
