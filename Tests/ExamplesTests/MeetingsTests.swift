import Foundation
import MeetingsExample
import ReducerKit
import ReducerKitTesting
import Testing

private let standup = Meeting(
  id: UUID(100), title: "Standup", minutes: 1,
  attendees: [Attendee(id: UUID(101), name: "Blob"), Attendee(id: UUID(102), name: "Blobby")])

@MainActor
@Suite struct MeetingsTests {
  private func makeApp() -> TestStoreOf<MeetingsApp> {
    TestStore(initialState: MeetingsApp.State()) {
      MeetingsApp()
    } withDependencies: {
      $0.uuid = .incrementing
    }
  }

  @Test func addsAMeetingFromTheSheet() async {
    let store = makeApp()
    await store.send(.list(.view(.addTapped))) {
      $0.list.addMeeting = MeetingForm.State(
        meeting: Meeting(id: UUID(0), attendees: [Attendee(id: UUID(1))]))
    }
    await store.send(
      .list(.addMeeting(.presented(.view(.binding(.set(\.meeting.title, "Retro"))))))
    ) {
      $0.list.addMeeting?.meeting.title = "Retro"
    }
    await store.send(.list(.addMeeting(.presented(.view(.addAttendeeTapped))))) {
      $0.list.addMeeting?.meeting.attendees.append(Attendee(id: UUID(2)))
    }
    await store.send(
      .list(.addMeeting(.presented(.view(.binding(.set(\.meeting.attendees[0].name, "Blob"))))))
    ) {
      $0.list.addMeeting?.meeting.attendees[0].name = "Blob"
    }
    await store.send(.list(.view(.confirmAddTapped))) {
      $0.list.addMeeting = nil
      $0.list.$meetings.withLock {
        $0 = [
          Meeting(id: UUID(0), title: "Retro", attendees: [Attendee(id: UUID(1), name: "Blob")])
        ]
      }
    }
  }

  @Test func dismissingTheSheetAddsNothing() async {
    let store = makeApp()
    await store.send(.list(.view(.addTapped))) {
      $0.list.addMeeting = MeetingForm.State(
        meeting: Meeting(id: UUID(0), attendees: [Attendee(id: UUID(1))]))
    }
    await store.send(.list(.view(.dismissAddTapped))) { $0.list.addMeeting = nil }
    #expect(store.state.list.meetings.isEmpty)
  }

  @Test func meetingsArePersistedAsJSON() async throws {
    let files = InMemoryFileSystem()
    let store = TestStore(initialState: MeetingsApp.State()) {
      MeetingsApp()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.defaultFileStorage = .inMemory(files)
    }
    await store.send(.list(.view(.addTapped))) {
      $0.list.addMeeting = MeetingForm.State(
        meeting: Meeting(id: UUID(0), attendees: [Attendee(id: UUID(1))]))
    }
    await store.send(.list(.view(.confirmAddTapped))) {
      $0.list.addMeeting = nil
      $0.list.$meetings.withLock { $0 = [Meeting(id: UUID(0), title: "Untitled meeting")] }
    }
    files.writePending()
    let data = try #require(files.files[.meetingsFile])
    let stored = try JSONDecoder().decode(IdentifiedArrayOf<Meeting>.self, from: data)
    #expect(stored.map(\.title) == ["Untitled meeting"])
  }

  @Test func editsAMeetingFromItsDetail() async {
    @Shared(.meetings) var meetings: IdentifiedArrayOf<Meeting> = [standup]
    let store = makeApp()
    await store.send(.list(.view(.meetingTapped(id: standup.id))))
    await store.receive(\.list.delegate.showMeeting) {
      $0.path.append(.detail(MeetingDetail.State(meetingID: standup.id)))
    }
    await store.send(.path(.element(id: 0, action: .detail(.view(.editTapped))))) {
      $0.path[id: 0]?.modify(MeetingsApp.Path.State.detail) {
        $0.destination = .edit(MeetingForm.State(meeting: standup))
      }
    }
    await store.send(
      .path(
        .element(
          id: 0,
          action: .detail(
            .destination(.presented(.edit(.view(.binding(.set(\.meeting.minutes, 15)))))))))
    ) {
      $0.path[id: 0]?.modify(MeetingsApp.Path.State.detail) {
        $0.destination?.modify(MeetingDetail.Destination.State.edit) { $0.meeting.minutes = 15 }
      }
    }
    await store.send(.path(.element(id: 0, action: .detail(.view(.doneEditingTapped))))) {
      $0.path[id: 0]?.modify(MeetingsApp.Path.State.detail) { $0.destination = nil }
      $0.list.$meetings.withLock { $0[id: standup.id]?.minutes = 15 }
    }
    #expect(meetings[id: standup.id]?.minutes == 15)
  }

  @Test func deletingAMeetingAsksThenLeavesItsDetail() async {
    @Shared(.meetings) var meetings: IdentifiedArrayOf<Meeting> = [standup]
    let store = makeApp()
    await store.send(.list(.view(.meetingTapped(id: standup.id))))
    await store.receive(\.list.delegate.showMeeting) {
      $0.path.append(.detail(MeetingDetail.State(meetingID: standup.id)))
    }
    await store.send(.path(.element(id: 0, action: .detail(.view(.deleteTapped))))) {
      $0.path[id: 0]?.modify(MeetingsApp.Path.State.detail) {
        $0.destination = .alert(
          AlertState {
            TextState("Delete this meeting?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
            ButtonState(role: .cancel) { TextState("Keep") }
          })
      }
    }
    await store.send(
      .path(.element(id: 0, action: .detail(.destination(.presented(.alert(.confirmDeletion))))))
    ) {
      $0.path[id: 0]?.modify(MeetingsApp.Path.State.detail) { $0.destination = nil }
      $0.list.$meetings.withLock { $0 = [] }
    }
    await store.receive(\.path.popFrom) { $0.path = StackState() }
    #expect(meetings.isEmpty)
  }

  @Test func startingAMeetingPushesTheRecorder() async {
    @Shared(.meetings) var meetings: IdentifiedArrayOf<Meeting> = [standup]
    var state = MeetingsApp.State()
    state.path.append(.detail(MeetingDetail.State(meetingID: standup.id)))
    let store = TestStore(initialState: state) { MeetingsApp() }
    await store.send(.path(.element(id: 0, action: .detail(.view(.startMeetingTapped)))))
    await store.receive(\.path[id: 0].detail.delegate.startMeeting) {
      $0.path.append(.record(RecordMeeting.State(meetingID: standup.id)))
    }
  }

  @Test func aFormsFieldsAreSetByAssigningThemOnItsStore() {
    // What a view's `$store.meeting.title` does: the assignment goes through the form's
    // BindingReducer as a binding action of its `view` case.
    let store = Store(initialState: MeetingForm.State(meeting: standup)) {
      MeetingForm()
    } withDependencies: {
      $0.uuid = .incrementing
    }
    store.meeting.title = "Retro"
    store.meeting.minutes = 30
    #expect(store.meeting.title == "Retro")
    #expect(store.meeting.minutes == 30)
    store.send(.addAttendeeTapped)
    #expect(store.meeting.attendees.count == 3)
  }

  @Test func editsThroughThePathWrittenAsTCAsCaseKeyPaths() async {
    // TCA's AppFeatureTests.testDetailEdit, with patterns: a push by pattern, and steps into the
    // presented form without naming `.presented`.
    @Shared(.meetings) var meetings: IdentifiedArrayOf<Meeting> = [standup]
    let store = makeApp()
    let detail = MeetingsApp.Path.State.detail(MeetingDetail.State(meetingID: standup.id))
    await store.send(\.path.push, (id: 0, detail)) { $0.path[id: 0] = detail }
    await store.send(\.path[id: 0].detail.view.editTapped) {
      $0.path[id: 0, case: MeetingsApp.Path.State.detail]?.destination = .edit(
        MeetingForm.State(meeting: standup))
    }
    var edited = standup
    edited.title = "Blob"
    await store.send(\.path[id: 0].detail.destination.edit.view.binding.meeting, edited) {
      $0.path[id: 0, case: MeetingsApp.Path.State.detail]?.destination?.modify(
        MeetingDetail.Destination.State.edit
      ) { $0.meeting.title = "Blob" }
    }
    await store.send(\.path[id: 0].detail.view.doneEditingTapped) {
      $0.path[id: 0, case: MeetingsApp.Path.State.detail]?.destination = nil
      $0.list.$meetings.withLock { $0[id: standup.id]?.title = "Blob" }
    }
    .finish()
  }

  @Test func aMeetingRecordedToItsEndIsSavedAndLeftNonExhaustively() async {
    // TCA's AppFeatureTests.testRecording: only the outcome is asserted.
    @Shared(.meetings) var meetings: IdentifiedArrayOf<Meeting> = [standup]
    var state = MeetingsApp.State()
    state.path.append(.detail(MeetingDetail.State(meetingID: standup.id)))
    state.path.append(.record(RecordMeeting.State(meetingID: standup.id)))
    let store = TestStore(initialState: state) {
      MeetingsApp()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
      $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
      $0.speech.transcribe = {
        AsyncThrowingStream {
          $0.yield("I completed the project")
          $0.finish()
        }
      }
      $0.uuid = .incrementing
    }
    store.exhaustivity = .off
    await store.send(\.path[id: 1].record.view.onAppear)
    await store.receive(\.path.popFrom) { #expect($0.path.count == 1) }
    store.assert {
      $0.list.$meetings.withLock {
        $0[id: standup.id]?.records = [
          MeetingRecord(
            id: UUID(0), date: Date(timeIntervalSince1970: 1_234_567_890),
            transcript: "I completed the project")
        ]
      }
    }
  }
}
