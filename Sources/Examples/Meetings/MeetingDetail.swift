import ReducerKit

/// One meeting: its details and past records, an edit sheet, and deletion behind an alert.
/// It reads and writes the shared meetings, so the list sees every change at once.
public struct MeetingDetail: Reducer {
  public struct Destination: Reducer {
    @dynamicMemberLookup
    public enum State: CasePathable, Equatable, Sendable {
      case alert(AlertState<Alert>)
      case edit(MeetingForm.State)
    }
    public enum Action: Sendable {
      case alert(Alert)
      case edit(MeetingForm.Action)
    }
    public enum Alert: Equatable, Sendable {
      case confirmDeletion
    }
    public init() {}
    public var body: some ReducerOf<Self> {
      Scope(state: \.edit, action: \.edit) { MeetingForm() }
    }
  }

  public struct State: Equatable, Sendable {
    public let meetingID: Meeting.ID
    @Shared(.meetings) public var meetings: IdentifiedArrayOf<Meeting> = []
    @Presents public var destination: Destination.State?

    public init(meetingID: Meeting.ID) {
      self.meetingID = meetingID
    }

    /// The meeting shown, while it exists.
    public var meeting: Meeting? { meetings[id: meetingID] }
  }

  public enum Action: CasePathable, Sendable {
    case view(View)
    case delegate(Delegate)
    case destination(PresentationAction<Destination.Action>)

    public enum View: Equatable, Sendable {
      case editTapped
      case doneEditingTapped
      case cancelEditTapped
      case deleteTapped
      case startMeetingTapped
    }
    public enum Delegate: Equatable, Sendable {
      case startMeeting(id: Meeting.ID)
    }
  }

  @Dependency(\.dismiss) var dismiss

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .view(.editTapped):
        guard let meeting = state.meeting else { return .none }
        state.destination = .edit(MeetingForm.State(meeting: meeting))
        return .none

      case .view(.doneEditingTapped):
        guard case .edit(let form)? = state.destination else { return .none }
        state.$meetings.withLock { $0[id: form.meeting.id] = form.meeting }
        state.destination = nil
        return .none

      case .view(.cancelEditTapped):
        state.destination = nil
        return .none

      case .view(.deleteTapped):
        state.destination = .alert(
          AlertState {
            TextState("Delete this meeting?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
            ButtonState(role: .cancel) { TextState("Keep") }
          })
        return .none

      case .destination(.presented(.alert(.confirmDeletion))):
        let id = state.meetingID
        state.$meetings.withLock { _ = $0.remove(id: id) }
        return .run { [dismiss] _ in await dismiss() }

      case .view(.startMeetingTapped):
        return .send(.delegate(.startMeeting(id: state.meetingID)))

      case .destination, .delegate:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination) { Destination() }
  }
}
