import Foundation
import ReducerKit

/// One recorded memo in the list: a title to edit, and play/stop. While it plays, a timer
/// moves its progress every half second.
public struct VoiceMemo: Reducer {
  public struct State: Equatable, Identifiable, Sendable {
    public var date: Date
    public var duration: TimeInterval
    public var mode = Mode.notPlaying
    public var title = ""
    public var url: URL

    public var id: URL { url }

    public init(
      date: Date, duration: TimeInterval, mode: Mode = .notPlaying, title: String = "", url: URL
    ) {
      self.date = date
      self.duration = duration
      self.mode = mode
      self.title = title
      self.url = url
    }

    public enum Mode: CasePathable, Equatable, Sendable {
      case notPlaying
      case playing(progress: Double)
    }
  }

  public enum Action: CasePathable, Sendable {
    case audioPlayerClient(Result<Bool, any Error>)
    case delegate(Delegate)
    case playButtonTapped
    case timerUpdated(TimeInterval)
    case titleTextFieldChanged(String)

    public enum Delegate: Equatable, Sendable {
      case playbackStarted
      case playbackFailed
    }
  }

  @Dependency(\.audioPlayer) var audioPlayer
  @Dependency(\.continuousClock) var clock
  private enum CancelID { case play }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .audioPlayerClient(.failure):
      state.mode = .notPlaying
      return .merge(.cancel(id: CancelID.play), .send(.delegate(.playbackFailed)))

    case .audioPlayerClient:
      state.mode = .notPlaying
      return .cancel(id: CancelID.play)

    case .delegate:
      return .none

    case .playButtonTapped:
      switch state.mode {
      case .notPlaying:
        state.mode = .playing(progress: 0)
        return .run { [url = state.url, audioPlayer, clock] send in
          await send(.delegate(.playbackStarted))
          async let playing: Void = send(
            .audioPlayerClient(Result { try await audioPlayer.play(url) }))
          var elapsed: TimeInterval = 0
          for await _ in clock.timer(interval: .milliseconds(500)) {
            elapsed += 0.5
            await send(.timerUpdated(elapsed))
          }
          await playing
        }
        .cancellable(id: CancelID.play, cancelInFlight: true)

      case .playing:
        state.mode = .notPlaying
        return .cancel(id: CancelID.play)
      }

    case .timerUpdated(let time):
      if case .playing = state.mode {
        state.mode = .playing(progress: time / state.duration)
      }
      return .none

    case .titleTextFieldChanged(let text):
      state.title = text
      return .none
    }
  }
}
