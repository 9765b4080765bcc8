import Foundation
import ReducerKit

/// The voice memos app: a list of recorded memos, one playing at a time, and a record button
/// that asks for the microphone once, then presents a ``RecordingMemo``. A finished recording
/// joins the top of the list; a failed one, a refused microphone or a failed playback shows an
/// alert. Deleting a memo stops it.
public struct VoiceMemos: Reducer {
  public struct State: Equatable, Sendable {
    @Presents public var alert: AlertState<Action.Alert>?
    public var audioRecorderPermission = RecorderPermission.undetermined
    @Presents public var recordingMemo: RecordingMemo.State?
    public var voiceMemos: IdentifiedArrayOf<VoiceMemo.State> = []

    public init(voiceMemos: IdentifiedArrayOf<VoiceMemo.State> = []) {
      self.voiceMemos = voiceMemos
    }

    public enum RecorderPermission: Equatable, Sendable {
      case allowed
      case denied
      case undetermined
    }
  }

  public enum Action: CasePathable, Sendable {
    case alert(PresentationAction<Alert>)
    case onDelete(IndexSet)
    case openSettingsButtonTapped
    case recordButtonTapped
    case recordPermissionResponse(Bool)
    case recordingMemo(PresentationAction<RecordingMemo.Action>)
    case voiceMemos(IdentifiedActionOf<VoiceMemo>)

    public enum Alert: Equatable, Sendable {}
  }

  @Dependency(\.audioRecorder.requestRecordPermission) var requestRecordPermission
  @Dependency(\.date) var date
  @Dependency(\.openSettings) var openSettings
  @Dependency(\.temporaryDirectory) var temporaryDirectory
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert:
        return .none

      case .onDelete(let offsets):
        state.voiceMemos.remove(atOffsets: offsets)
        return .none

      case .openSettingsButtonTapped:
        return .run { [openSettings] _ in await openSettings() }

      case .recordButtonTapped:
        switch state.audioRecorderPermission {
        case .undetermined:
          return .run { [requestRecordPermission] send in
            await send(.recordPermissionResponse(requestRecordPermission()))
          }
        case .denied:
          state.alert = Self.permissionAlert
          return .none
        case .allowed:
          state.recordingMemo = newRecordingMemo
          return .none
        }

      case .recordingMemo(.presented(.delegate(.didFinish(.success(let recordingMemo))))):
        state.recordingMemo = nil
        state.voiceMemos.insert(
          VoiceMemo.State(
            date: recordingMemo.date, duration: recordingMemo.duration, url: recordingMemo.url),
          at: 0)
        return .none

      case .recordingMemo(.presented(.delegate(.didFinish(.failure)))):
        state.alert = AlertState { TextState("Voice memo recording failed.") }
        state.recordingMemo = nil
        return .none

      case .recordingMemo:
        return .none

      case .recordPermissionResponse(let permission):
        state.audioRecorderPermission = permission ? .allowed : .denied
        if permission {
          state.recordingMemo = newRecordingMemo
        } else {
          state.alert = Self.permissionAlert
        }
        return .none

      case .voiceMemos(.element(id: _, action: .delegate(.playbackFailed))):
        state.alert = AlertState { TextState("Voice memo playback failed.") }
        return .none

      case .voiceMemos(.element(id: let playing, action: .delegate(.playbackStarted))):
        // One memo plays at a time.
        for id in state.voiceMemos.ids where id != playing {
          state.voiceMemos[id: id]?.mode = .notPlaying
        }
        return .none

      case .voiceMemos:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$recordingMemo, action: \.recordingMemo) { RecordingMemo() }
    .forEach(\.voiceMemos, action: \.voiceMemos) { VoiceMemo() }
  }

  private static var permissionAlert: AlertState<Action.Alert> {
    AlertState { TextState("Permission is required to record voice memos.") }
  }

  private var newRecordingMemo: RecordingMemo.State {
    RecordingMemo.State(
      date: date.now,
      url: temporaryDirectory()
        .appendingPathComponent(uuid().uuidString)
        .appendingPathExtension("m4a"))
  }
}
