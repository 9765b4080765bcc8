import Foundation
import MeetingsExample
import ReducerKit
import ReducerKitTesting
import Testing

private let standup = Meeting(
  id: UUID(100), title: "Standup", minutes: 1,
  attendees: [Attendee(id: UUID(101), name: "Blob"), Attendee(id: UUID(102), name: "Blobby")])
private let now = Date(timeIntervalSince1970: 1_234_567_890)
/// The alert that ending a meeting early shows.
private let endMeetingAlert = AlertState<RecordMeeting.Action.Alert> {
  TextState("End meeting?")
} actions: {
  ButtonState(action: .saveAndEnd) { TextState("Save and end") }
  ButtonState(role: .destructive, action: .discard) { TextState("Discard") }
  ButtonState(role: .cancel) { TextState("Resume") }
}

@MainActor
@Suite struct RecordMeetingTests {
  private func makeStore(
    clock: TestClock,
    speech: @escaping @Sendable () -> AsyncThrowingStream<String, any Error> = {
      AsyncThrowingStream { $0.finish() }
    }
  ) -> TestStoreOf<RecordMeeting> {
    TestStore(initialState: RecordMeeting.State(meetingID: standup.id)) {
      RecordMeeting()
    } withDependencies: {
      $0.continuousClock = clock
      $0.date = .constant(now)
      $0.uuid = .incrementing
      $0.speech.transcribe = speech
    }
  }

  @Test func givesEachAttendeeTheirShareThenSavesTheRecord() async {
    @Shared(.meetings) var meetings: IdentifiedArrayOf<Meeting> = [standup]
    let clock = TestClock()
    let store = makeStore(clock: clock) {
      AsyncThrowingStream { continuation in
        continuation.yield("Hello")
        continuation.finish()
      }
    }
    await store.send(.view(.onAppear))
    await store.receive(\.internal.transcribed, "Hello") { $0.transcript = "Hello" }
    for second in 1...60 {
      await clock.advance(by: .seconds(1))
      await store.receive(\.internal.timerTicked) {
        $0.secondsElapsed = second
        if second == 30 { $0.speakerIndex = 1 }
        if second == 60 {
          $0.$meetings.withLock {
            $0[id: standup.id]?.records = [
              MeetingRecord(id: UUID(0), date: now, transcript: "Hello")
            ]
          }
        }
      }
    }
    #expect(store.isDismissed)
    #expect(meetings[id: standup.id]?.records.count == 1)
  }

  @Test func endingEarlyAndDiscardingSavesNothing() async {
    @Shared(.meetings) var meetings: IdentifiedArrayOf<Meeting> = [standup]
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.view(.onAppear))
    await clock.advance(by: .seconds(1))
    await store.receive(\.internal.timerTicked) { $0.secondsElapsed = 1 }
    await store.send(.view(.endMeetingTapped)) { $0.alert = endMeetingAlert }
    // The meeting pauses while the alert is up.
    await clock.advance(by: .seconds(1))
    await store.receive(\.internal.timerTicked)
    await store.send(.alert(.presented(.discard))) { $0.alert = nil }
    #expect(store.isDismissed)
    #expect(meetings[id: standup.id]?.records == [])
  }

  @Test func endingEarlyCanSave() async {
    @Shared(.meetings) var meetings: IdentifiedArrayOf<Meeting> = [standup]
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.view(.onAppear))
    await store.send(.view(.endMeetingTapped)) { $0.alert = endMeetingAlert }
    await store.send(.alert(.presented(.saveAndEnd))) {
      $0.alert = nil
      $0.$meetings.withLock {
        $0[id: standup.id]?.records = [MeetingRecord(id: UUID(0), date: now, transcript: "")]
      }
    }
    #expect(store.isDismissed)
  }

  @Test func theNextSpeakerButtonSkipsAhead() async {
    @Shared(.meetings) var meetings: IdentifiedArrayOf<Meeting> = [standup]
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.view(.onAppear))
    await store.send(.view(.nextSpeakerTapped)) {
      $0.secondsElapsed = 30
      $0.speakerIndex = 1
    }
    await store.send(.view(.nextSpeakerTapped)) {
      $0.secondsElapsed = 60
      $0.$meetings.withLock {
        $0[id: standup.id]?.records = [MeetingRecord(id: UUID(0), date: now, transcript: "")]
      }
    }
    #expect(store.isDismissed)
  }

  @Test func aFailedTranscriptionIsShownAndTheMeetingGoesOn() async {
    @Shared(.meetings) var meetings: IdentifiedArrayOf<Meeting> = [standup]
    struct SpeechFailure: Error {}
    let clock = TestClock()
    let store = makeStore(clock: clock) {
      AsyncThrowingStream { $0.finish(throwing: SpeechFailure()) }
    }
    await store.send(.view(.onAppear))
    await store.receive(\.internal.transcriptionFailed) { $0.isTranscriptionUnavailable = true }
    await clock.advance(by: .seconds(1))
    await store.receive(\.internal.timerTicked) { $0.secondsElapsed = 1 }
    await store.send(.view(.endMeetingTapped)) { $0.alert = endMeetingAlert }
    await store.send(.alert(.presented(.discard))) { $0.alert = nil }
  }
}
