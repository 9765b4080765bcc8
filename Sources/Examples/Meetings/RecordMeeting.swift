import ReducerKit

/// A meeting in progress: a one-second timer moves through the attendees, speech is
/// transcribed, and the record is saved when time is up or the meeting is ended early.
public struct RecordMeeting: Reducer {
  public struct State: Equatable, Sendable {
    public let meetingID: Meeting.ID
    @Shared(.meetings) public var meetings: IdentifiedArrayOf<Meeting> = []
    public var secondsElapsed = 0
    public var speakerIndex = 0
    public var transcript = ""
    public var isTranscriptionUnavailable = false
    @Presents public var alert: AlertState<Action.Alert>?

    public init(meetingID: Meeting.ID) {
      self.meetingID = meetingID
    }

    public var meeting: Meeting? { meetings[id: meetingID] }
  }

  public enum Action: CasePathable, Sendable {
    case view(View)
    case `internal`(Internal)
    case alert(PresentationAction<Alert>)

    public enum View: Equatable, Sendable {
      case onAppear
      case nextSpeakerTapped
      case endMeetingTapped
    }
    public enum Internal: Equatable, Sendable {
      case timerTicked
      case transcribed(String)
      case transcriptionFailed
    }
    public enum Alert: Equatable, Sendable {
      case saveAndEnd
      case discard
    }
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.date.now) var now
  @Dependency(\.dismiss) var dismiss
  @Dependency(\.speech) var speech
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .view(.onAppear):
        return .merge(
          .run { [clock] send in
            for await _ in clock.timer(interval: .seconds(1)) {
              await send(.internal(.timerTicked))
            }
          },
          .run { [speech] send in
            do {
              for try await transcript in speech.transcribe() {
                await send(.internal(.transcribed(transcript)))
              }
            } catch {
              await send(.internal(.transcriptionFailed))
            }
          }
        )

      case .internal(.timerTicked):
        // The meeting pauses while the end-meeting alert is up.
        guard state.alert == nil, let meeting = state.meeting else { return .none }
        state.secondsElapsed += 1
        guard state.secondsElapsed.isMultiple(of: meeting.secondsPerAttendee) else { return .none }
        return advanceSpeaker(&state, in: meeting)

      case .view(.nextSpeakerTapped):
        guard let meeting = state.meeting else { return .none }
        state.secondsElapsed = (state.speakerIndex + 1) * meeting.secondsPerAttendee
        return advanceSpeaker(&state, in: meeting)

      case .internal(.transcribed(let transcript)):
        state.transcript = transcript
        return .none

      case .internal(.transcriptionFailed):
        state.isTranscriptionUnavailable = true
        return .none

      case .view(.endMeetingTapped):
        state.alert = AlertState {
          TextState("End meeting?")
        } actions: {
          ButtonState(action: .saveAndEnd) { TextState("Save and end") }
          ButtonState(role: .destructive, action: .discard) { TextState("Discard") }
          ButtonState(role: .cancel) { TextState("Resume") }
        }
        return .none

      case .alert(.presented(.saveAndEnd)):
        return save(&state)

      case .alert(.presented(.discard)):
        return .run { [dismiss] _ in await dismiss() }

      case .alert:
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }

  private func advanceSpeaker(_ state: inout State, in meeting: Meeting) -> Effect<Action> {
    guard state.speakerIndex + 1 < meeting.attendees.count else { return save(&state) }
    state.speakerIndex += 1
    return .none
  }

  /// Adds this meeting's record to the shared meetings and leaves.
  private func save(_ state: inout State) -> Effect<Action> {
    let record = MeetingRecord(id: uuid(), date: now, transcript: state.transcript)
    let id = state.meetingID
    state.$meetings.withLock { $0[id: id]?.records.insert(record, at: 0) }
    return .run { [dismiss] _ in await dismiss() }
  }
}
