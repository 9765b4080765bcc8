import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// Alerts in a reusable component, as TCA's offline-downloads case study runs them: an alert
/// asks before stopping or deleting a download, a button's action cancels the download by the
/// component's own ID, and a download that ends while the alert is up takes the alert away.
extension AlertStateTests {
  /// Streams a download's progress, then its data.
  struct DownloadClient: Sendable {
    enum Event: Equatable, Sendable {
      case progress(Double)
      case finished(Data)
    }
    var download: @Sendable (URL) -> AsyncThrowingStream<Event, any Error>
  }

  /// One download button: any feature embeds one per item, under the item's ID.
  struct Download: Reducer {
    enum Mode: Equatable, Sendable {
      case idle
      case starting
      case downloading(progress: Double)
      case downloaded
    }
    struct State: Equatable, Sendable {
      @Presents var alert: AlertState<Action.Alert>?
      let id: AnyHashableSendable
      var mode: Mode
      let url: URL
    }
    enum Action: Equatable, Sendable {
      case alert(PresentationAction<Alert>)
      case buttonTapped
      case client(Result<DownloadClient.Event, DownloadError>)

      enum Alert: Equatable, Sendable {
        case delete
        case stop
      }
    }
    struct DownloadError: Error, Equatable {}

    let client: DownloadClient

    var body: some Reducer<State, Action> {
      Reduce(core)
        .ifLet(\.$alert, action: Action.alert)
    }

    func core(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .alert(.presented(.delete)):
        state.mode = .idle
        return .none
      case .alert(.presented(.stop)):
        state.mode = .idle
        return .cancel(id: state.id)
      case .alert:
        return .none
      case .buttonTapped:
        switch state.mode {
        case .downloaded:
          state.alert = Self.question("Delete this map from your device?", .delete, "Delete")
        case .starting, .downloading:
          state.alert = Self.question("Stop downloading this map?", .stop, "Stop")
        case .idle:
          state.mode = .starting
          return .run { [url = state.url, client] send in
            for try await event in client.download(url) {
              await send(.client(.success(event)), animation: .default)
            }
          } catch: { _, send in
            await send(.client(.failure(DownloadError())), animation: .default)
          }
          .cancellable(id: state.id)
        }
        return .none
      case .client(.success(.progress(let progress))):
        state.mode = .downloading(progress: progress)
        return .none
      case .client(.success(.finished)):
        state.mode = .downloaded
        state.alert = nil
        return .none
      case .client(.failure):
        state.mode = .idle
        state.alert = nil
        return .none
      }
    }

    static func question(_ title: String, _ action: Action.Alert, _ label: String)
      -> AlertState<Action.Alert>
    {
      AlertState {
        TextState(title)
      } actions: {
        ButtonState(role: .destructive, action: .send(action, animation: .default)) {
          TextState(label)
        }
        ButtonState(role: .cancel) { TextState("Keep") }
      }
    }
  }

  @MainActor
  static func downloadStore(_ mode: Download.Mode = .idle) -> (
    TestStore<Download.State, Download.Action>,
    AsyncThrowingStream<DownloadClient.Event, any Error>.Continuation
  ) {
    let (events, continuation) = AsyncThrowingStream.makeStream(of: DownloadClient.Event.self)
    let client = DownloadClient { _ in events }
    let state = Download.State(
      id: 1, mode: mode, url: URL(string: "https://example.com/map")!)
    return (TestStore(initialState: state) { Download(client: client) }, continuation)
  }

  @MainActor
  @Test func aDownloadReportsItsProgressThenItsEnd() async {
    let (store, download) = Self.downloadStore()
    await store.send(.buttonTapped) { $0.mode = .starting }
    download.yield(.progress(0.2))
    await store.receive(\.client.success.progress) { $0.mode = .downloading(progress: 0.2) }
    download.yield(.finished(Data()))
    download.finish()
    await store.receive(\.client.success.finished) { $0.mode = .downloaded }
  }

  @MainActor
  @Test func stoppingFromTheAlertCancelsTheDownload() async {
    let (store, download) = Self.downloadStore()
    await store.send(.buttonTapped) { $0.mode = .starting }
    download.yield(.progress(0.2))
    await store.receive(\.client.success.progress) { $0.mode = .downloading(progress: 0.2) }
    await store.send(.buttonTapped) {
      $0.alert = Download.question("Stop downloading this map?", .stop, "Stop")
    }
    await store.send(\.alert.stop) {
      $0.alert = nil
      $0.mode = .idle
    }
    // Cancelled: what the client sends now goes nowhere, and the test ends with nothing running.
    download.yield(.progress(0.5))
  }

  @MainActor
  @Test func aDownloadEndingWhileTheAlertIsUpTakesTheAlertAway() async {
    let (store, download) = Self.downloadStore()
    let task = await store.send(.buttonTapped) { $0.mode = .starting }
    await store.send(.buttonTapped) {
      $0.alert = Download.question("Stop downloading this map?", .stop, "Stop")
    }
    download.yield(.finished(Data()))
    download.finish()
    await store.receive(\.client.success.finished) {
      $0.alert = nil
      $0.mode = .downloaded
    }
    await task.finish()
  }

  @MainActor
  @Test func deletingFromTheAlertForgetsTheDownload() async {
    let (store, _) = Self.downloadStore(.downloaded)
    await store.send(.buttonTapped) {
      $0.alert = Download.question("Delete this map from your device?", .delete, "Delete")
    }
    await store.send(\.alert.delete) {
      $0.alert = nil
      $0.mode = .idle
    }
  }

  @MainActor
  @Test func keepingFromTheAlertLeavesTheDownloadRunning() async {
    let (store, download) = Self.downloadStore()
    await store.send(.buttonTapped) { $0.mode = .starting }
    await store.send(.buttonTapped) {
      $0.alert = Download.question("Stop downloading this map?", .stop, "Stop")
    }
    await store.send(.alert(.dismiss)) { $0.alert = nil }
    download.yield(.finished(Data()))
    download.finish()
    await store.receive(\.client.success.finished) { $0.mode = .downloaded }
  }
}
