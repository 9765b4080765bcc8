import ReducerKit

/// The list of meetings, persisted and shared with every other screen, and a sheet to add one.
public struct MeetingsList: Reducer {
  public struct State: Equatable, Sendable {
    @Shared(.meetings) public var meetings: IdentifiedArrayOf<Meeting> = []
    @Presents public var addMeeting: MeetingForm.State?

    public init() {}
  }

  public enum Action: CasePathable, Sendable {
    case view(View)
    case delegate(Delegate)
    case addMeeting(PresentationAction<MeetingForm.Action>)

    public enum View: Equatable, Sendable {
      case addTapped
      case confirmAddTapped
      case dismissAddTapped
      case meetingTapped(id: Meeting.ID)
    }
    public enum Delegate: Equatable, Sendable {
      case showMeeting(id: Meeting.ID)
    }
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .view(.addTapped):
        state.addMeeting = MeetingForm.State(
          meeting: Meeting(id: uuid(), attendees: [Attendee(id: uuid())]))
        return .none

      case .view(.confirmAddTapped):
        guard var meeting = state.addMeeting?.meeting else { return .none }
        meeting.attendees.removeAll { $0.name.allSatisfy(\.isWhitespace) }
        if meeting.title.isEmpty { meeting.title = "Untitled meeting" }
        state.$meetings.withLock { $0.append(meeting) }
        state.addMeeting = nil
        return .none

      case .view(.dismissAddTapped):
        state.addMeeting = nil
        return .none

      case .view(.meetingTapped(let id)):
        return .send(.delegate(.showMeeting(id: id)))

      case .addMeeting, .delegate:
        return .none
      }
    }
    .ifLet(\.$addMeeting, action: \.addMeeting) { MeetingForm() }
  }
}
