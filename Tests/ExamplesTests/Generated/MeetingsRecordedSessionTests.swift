import MeetingsExample
import ReducerKit
import Testing

/// A recorded session of 8 steps, reduced again by the reducer alone (no
/// effect runs: what effects sent back is among the steps).
@MainActor
@Test func aRecordedMeetingsSessionReducesAsItDid() {
  withDependencies {
    $0.uuid = .incrementing
  } operation: {
    let feature = MeetingsApp()
    var state = MeetingsApp.State()

    // Step 0, sent from outside the store.
    _ = feature.reduce(into: &state, action: .list(.view(.addTapped)))
    #expect(state.list.addMeeting?.meeting.id == UUID(0))
    #expect(state.list.addMeeting?.meeting.title == "")
    #expect(state.list.addMeeting?.meeting.minutes == 5)
    #expect(state.list.addMeeting?.meeting.attendees == [Attendee(id: UUID(1), name: "")])
    #expect(state.list.addMeeting?.meeting.records == [])

    // Step 1, sent from outside the store.
    _ = feature.reduce(
      into: &state,
      action: .list(.addMeeting(.presented(.view(.binding(.set(\.meeting.title, "Retro")))))))
    #expect(state.list.addMeeting?.meeting.title == "Retro")

    // Step 2, sent from outside the store.
    _ = feature.reduce(into: &state, action: .list(.view(.confirmAddTapped)))
    #expect(
      state.list.meetings == [
        Meeting(id: UUID(0), title: "Retro", minutes: 5, attendees: [], records: []),
      ])
    #expect(state.list.addMeeting == nil)

    // Step 3, sent from outside the store.
    _ = feature.reduce(into: &state, action: .list(.view(.meetingTapped(id: UUID(0)))))

    // Step 4, sent by the reducer at step 3.
    _ = feature.reduce(into: &state, action: .list(.delegate(.showMeeting(id: UUID(0)))))
    #expect(state.path.ids == [0])
    #expect(state.path[id: 0]?[case: MeetingsApp.Path.State.detail]?.meetingID == UUID(0))
    #expect(
      state.path[id: 0]?[case: MeetingsApp.Path.State.detail]?.meetings == [
        Meeting(id: UUID(0), title: "Retro", minutes: 5, attendees: [], records: []),
      ])
    #expect(state.path[id: 0]?[case: MeetingsApp.Path.State.detail]?.destination == nil)

    // Step 5, sent from outside the store.
    _ = feature.reduce(
      into: &state, action: .path(.element(id: 0, action: .detail(.view(.deleteTapped)))))
    #expect(
      state.path[id: 0]?[case: MeetingsApp.Path.State.detail]?.destination == .alert(
        AlertState(
          title: TextState("Delete this meeting?"),
          buttons: [
            ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") },
            ButtonState(role: .cancel) { TextState("Keep") },
          ])))

    // Step 6, sent from outside the store.
    _ = feature.reduce(
      into: &state,
      action: .path(
        .element(id: 0, action: .detail(.destination(.presented(.alert(.confirmDeletion)))))))
    #expect(state.list.meetings == [])
    #expect(state.path[id: 0]?[case: MeetingsApp.Path.State.detail]?.meetings == [])
    #expect(state.path[id: 0]?[case: MeetingsApp.Path.State.detail]?.destination == nil)

    // Step 7, sent by the effect at MeetingsExample/MeetingDetail.swift:90.
    _ = feature.reduce(into: &state, action: .path(.popFrom(id: 0)))
    #expect(state.path == [])
  }
}
