import ReducerKit

/// The meetings app: the list at the root, a stack of meeting details and meetings in
/// progress pushed over it.
public struct MeetingsApp: Reducer {
  public struct Path: Reducer {
    @dynamicMemberLookup
    public enum State: CasePathable, Equatable, Sendable {
      case detail(MeetingDetail.State)
      case record(RecordMeeting.State)
    }
    public enum Action: Sendable {
      case detail(MeetingDetail.Action)
      case record(RecordMeeting.Action)
    }
    public init() {}
    public var body: some ReducerOf<Self> {
      Scope(state: \.detail, action: \.detail) { MeetingDetail() }
      Scope(state: \.record, action: \.record) { RecordMeeting() }
    }
  }

  public struct State: Equatable, Sendable {
    public var list = MeetingsList.State()
    public var path = StackState<Path.State>()

    public init() {}
  }

  public enum Action: Sendable {
    case list(MeetingsList.Action)
    case path(StackActionOf<Path>)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.list, action: \.list) { MeetingsList() }
    Reduce { state, action in
      switch action {
      case .list(.delegate(.showMeeting(let id))):
        state.path.append(.detail(MeetingDetail.State(meetingID: id)))
        return .none
      case .path(.element(_, action: .detail(.delegate(.startMeeting(let id))))):
        state.path.append(.record(RecordMeeting.State(meetingID: id)))
        return .none
      case .list, .path:
        return .none
      }
    }
    .forEach(\.path, action: \.path) { Path() }
  }
}
