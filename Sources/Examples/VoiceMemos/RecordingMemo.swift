import Foundation
import ReducerKit

/// A memo being recorded: a one-second timer counts its length while the recorder runs;
/// "stop" reads the final length, stops the recorder, and tells the parent how it ended.
public struct RecordingMemo: Reducer {
  public struct State: Equatable, Sendable {
    public var date: Date
    public var duration: TimeInterval = 0
    public var mode: Mode = .recording
    public var url: URL

    public init(date: Date, duration: TimeInterval = 0, mode: Mode = .recording, url: URL) {
      self.date = date
      self.duration = duration
      self.mode = mode
      self.url = url
    }

    public enum Mode: Equatable, Sendable {
      case recording
      case encoding
    }
  }

  public enum Action: CasePathable, Sendable {
    case audioRecorderDidFinish(Result<Bool, any Error>)
    case delegate(Delegate)
    case finalRecordingTime(TimeInterval)
    /// The view appeared: recording starts, and lasts as long as the view's task.
    case onTask
    case timerUpdated
    case stopButtonTapped

    public enum Delegate: Sendable {
      case didFinish(Result<State, any Error>)
    }
  }

  /// The recorder said it wrote no file.
  public struct Failed: Equatable, Error {}

  @Dependency(\.audioRecorder) var audioRecorder
  @Dependency(\.continuousClock) var clock

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .audioRecorderDidFinish(.success(true)):
      return .send(.delegate(.didFinish(.success(state))))

    case .audioRecorderDidFinish(.success(false)):
      return .send(.delegate(.didFinish(.failure(Failed()))))

    case .audioRecorderDidFinish(.failure(let error)):
      return .send(.delegate(.didFinish(.failure(error))))

    case .delegate:
      return .none

    case .finalRecordingTime(let duration):
      state.duration = duration
      return .none

    case .stopButtonTapped:
      state.mode = .encoding
      return .run { [audioRecorder] send in
        if let currentTime = await audioRecorder.currentTime() {
          await send(.finalRecordingTime(currentTime))
        }
        await audioRecorder.stopRecording()
      }

    case .onTask:
      return .run { [url = state.url, audioRecorder, clock] send in
        async let recording: Void = send(
          .audioRecorderDidFinish(Result { try await audioRecorder.startRecording(url) }))
        for await _ in clock.timer(interval: .seconds(1)) {
          await send(.timerUpdated)
        }
        await recording
      }

    case .timerUpdated:
      state.duration += 1
      return .none
    }
  }
}
