import Foundation
import ReducerKit

/// Edits a meeting's title, length and attendees (the sheet of the list and of the detail).
public struct MeetingForm: Reducer {
  public struct State: Equatable, Sendable {
    public var meeting: Meeting

    public init(meeting: Meeting) {
      self.meeting = meeting
    }
  }

  public enum Action: CasePathable, ViewAction, Sendable {
    case view(View)

    public enum View: BindableAction, Sendable {
      case binding(BindingAction<State>)
      case addAttendeeTapped
      case deleteAttendees(IndexSet)
    }
  }

  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .view(.addAttendeeTapped):
        state.meeting.attendees.append(Attendee(id: uuid()))
        return .none
      case .view(.deleteAttendees(let offsets)):
        state.meeting.attendees.remove(atOffsets: offsets)
        return .none
      case .view(.binding):
        return .none
      }
    }
  }
}
