import Foundation
import ReducerKit
import ReducerKitTesting
import Testing
import VoiceMemosExample

private let deadbeefID = UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!
private let deadbeefURL = URL(fileURLWithPath: "/tmp/DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF.m4a")
private let memoURL = URL(fileURLWithPath: "pointfreeco/functions.m4a")
private struct SomeError: Error, Equatable {}

/// Recording and playing memos, as TCA's VoiceMemos tests do it: a recorder that finishes when
/// stopped, a player that plays for a while on a test clock, timers, alerts, and rows whose
/// effects end with them.
@MainActor
@Suite struct VoiceMemosTests {
  /// A recorder whose recording ends when it is stopped, reporting 2.5 s.
  private func stoppableRecorder(_ dependencies: inout DependencyValues) {
    let didFinish = AsyncThrowingStream.makeStream(of: Bool.self)
    dependencies.audioRecorder.currentTime = { 2.5 }
    dependencies.audioRecorder.requestRecordPermission = { true }
    dependencies.audioRecorder.startRecording = { _ in
      try await didFinish.stream.first { _ in true }!
    }
    dependencies.audioRecorder.stopRecording = {
      didFinish.continuation.yield(true)
      didFinish.continuation.finish()
    }
    dependencies.date = .constant(Date(timeIntervalSinceReferenceDate: 0))
    dependencies.temporaryDirectory = { URL(fileURLWithPath: "/tmp") }
    dependencies.uuid = .constant(deadbeefID)
  }

  /// Taps record with the microphone not yet granted: it is asked for, and granted.
  private func grantMicrophoneAndPresentRecording(_ store: TestStoreOf<VoiceMemos>) async {
    await store.send(.recordButtonTapped)
    await store.receive(\.recordPermissionResponse, true) {
      $0.audioRecorderPermission = .allowed
      $0.recordingMemo = RecordingMemo.State(
        date: Date(timeIntervalSinceReferenceDate: 0), mode: .recording, url: deadbeefURL)
    }
  }

  /// Stops the recording at 2.5 s: the recorder finishes, and the memo is handed up to the list
  /// (the sheet, and its recording task, end with it).
  private func stopRecordingAndSave(_ store: TestStoreOf<VoiceMemos>) async {
    await store.send(\.recordingMemo.presented.stopButtonTapped) {
      $0.recordingMemo?.mode = .encoding
    }
    await store.receive(\.recordingMemo.presented.finalRecordingTime, 2.5) {
      $0.recordingMemo?.duration = 2.5
    }
    await store.receive(\.recordingMemo.presented.audioRecorderDidFinish.success, true)
    await store.receive(\.recordingMemo.presented.delegate.didFinish.success) {
      $0.recordingMemo = nil
      $0.voiceMemos = [recordedMemo]
    }
  }

  /// A store whose recording ends when the test finishes the returned continuation (with an
  /// error, to fail it).
  private func makeRecordingThatFails() -> (
    TestStoreOf<VoiceMemos>, AsyncThrowingStream<Bool, any Error>.Continuation
  ) {
    let didFinish = AsyncThrowingStream.makeStream(of: Bool.self)
    let store = TestStore(initialState: VoiceMemos.State()) {
      VoiceMemos()
    } withDependencies: {
      stoppableRecorder(&$0)
      $0.audioRecorder.startRecording = { _ in try await didFinish.stream.first { _ in true }! }
      $0.continuousClock = TestClock()
    }
    return (store, didFinish.continuation)
  }

  private var recordedMemo: VoiceMemo.State {
    VoiceMemo.State(
      date: Date(timeIntervalSinceReferenceDate: 0), duration: 2.5, url: deadbeefURL)
  }

  private func memos(
    playing: Bool = false, titles: [String] = [""], duration: TimeInterval = 30
  ) -> IdentifiedArrayOf<VoiceMemo.State> {
    IdentifiedArray(
      uniqueElements: titles.enumerated().map { index, title in
        VoiceMemo.State(
          date: Date(timeIntervalSinceReferenceDate: 0), duration: duration,
          mode: playing ? .playing(progress: 0.3) : .notPlaying, title: title,
          url: titles.count == 1 ? memoURL : URL(fileURLWithPath: "pointfreeco/\(index).m4a"))
      })
  }

  @Test func recordsAMemoThenPlaysIt() async throws {
    let clock = TestClock()
    let store = TestStore(initialState: VoiceMemos.State()) {
      VoiceMemos()
    } withDependencies: {
      stoppableRecorder(&$0)
      $0.continuousClock = clock
      $0.audioPlayer.play = { _ in
        try await clock.sleep(for: .milliseconds(2_500))
        return true
      }
    }
    await grantMicrophoneAndPresentRecording(store)
    await store.send(\.recordingMemo.presented.onTask)
    await stopRecordingAndSave(store)
    await store.send(\.voiceMemos[id: deadbeefURL].playButtonTapped) {
      $0.voiceMemos[id: deadbeefURL]?.mode = .playing(progress: 0)
    }
    await store.receive(\.voiceMemos[id: deadbeefURL].delegate.playbackStarted)
    await clock.run()
    for (time, progress) in [(0.5, 0.2), (1, 0.4), (1.5, 0.6), (2, 0.8)] {
      await store.receive(\.voiceMemos[id: deadbeefURL].timerUpdated, time) {
        $0.voiceMemos[id: deadbeefURL]?.mode = .playing(progress: progress)
      }
    }
    // The tick due with the end of the memo never arrives: the end cancels the timer first.
    await store.receive(\.voiceMemos[id: deadbeefURL].audioPlayerClient.success, true) {
      $0.voiceMemos[id: deadbeefURL]?.mode = .notPlaying
    }
  }

  @Test func theRecordingTimerCountsSeconds() async {
    let clock = TestClock()
    let store = TestStore(initialState: VoiceMemos.State()) {
      VoiceMemos()
    } withDependencies: {
      stoppableRecorder(&$0)
      $0.continuousClock = clock
    }
    await store.send(.recordButtonTapped)
    await clock.advance()
    await store.receive(\.recordPermissionResponse, true) {
      $0.audioRecorderPermission = .allowed
      $0.recordingMemo = RecordingMemo.State(
        date: Date(timeIntervalSinceReferenceDate: 0), mode: .recording, url: deadbeefURL)
    }
    let recordingTask = await store.send(\.recordingMemo.presented.onTask)
    await clock.advance(by: .seconds(1))
    await store.receive(\.recordingMemo.presented.timerUpdated) { $0.recordingMemo?.duration = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(\.recordingMemo.presented.timerUpdated) { $0.recordingMemo?.duration = 2 }
    await clock.advance(by: .milliseconds(500))
    await stopRecordingAndSave(store)
    await recordingTask.cancel()
  }

  @Test func aRefusedMicrophoneShowsAnAlertAndOffersTheSettings() async {
    let didOpenSettings = LockIsolated(false)
    let store = TestStore(initialState: VoiceMemos.State()) {
      VoiceMemos()
    } withDependencies: {
      $0.audioRecorder.requestRecordPermission = { false }
      $0.openSettings = { didOpenSettings.setValue(true) }
    }
    await store.send(.recordButtonTapped)
    await store.receive(\.recordPermissionResponse, false) {
      $0.alert = AlertState { TextState("Permission is required to record voice memos.") }
      $0.audioRecorderPermission = .denied
    }
    await store.send(\.alert.dismiss) { $0.alert = nil }
    // Asked once: tapping again shows the alert without asking.
    await store.send(.recordButtonTapped) {
      $0.alert = AlertState { TextState("Permission is required to record voice memos.") }
    }
    await store.send(.openSettingsButtonTapped).finish()
    #expect(didOpenSettings.value)
  }

  @Test func aFailedRecordingShowsAnAlert() async {
    let (store, didFinish) = makeRecordingThatFails()
    await grantMicrophoneAndPresentRecording(store)
    await store.send(\.recordingMemo.presented.onTask)
    didFinish.finish(throwing: SomeError())
    await store.receive(\.recordingMemo.presented.audioRecorderDidFinish.failure)
    await store.receive(\.recordingMemo.presented.delegate.didFinish.failure) {
      $0.alert = AlertState { TextState("Voice memo recording failed.") }
      $0.recordingMemo = nil
    }
  }

  @Test func aFailedRecordingNonExhaustively() async {
    let (store, didFinish) = makeRecordingThatFails()
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.recordButtonTapped)
    await store.send(\.recordingMemo.presented.onTask)
    didFinish.finish(throwing: SomeError())
    await store.receive(\.recordingMemo.presented.delegate.didFinish.failure) {
      $0.alert = AlertState { TextState("Voice memo recording failed.") }
      $0.recordingMemo = nil
    }
  }

  @Test func playsAMemoWithItsProgress() async {
    let clock = TestClock()
    let store = TestStore(initialState: VoiceMemos.State(voiceMemos: memos(duration: 1.25))) {
      VoiceMemos()
    } withDependencies: {
      $0.audioPlayer.play = { _ in
        try await clock.sleep(for: .milliseconds(1_250))
        return true
      }
      $0.continuousClock = clock
    }
    await store.send(\.voiceMemos[id: memoURL].playButtonTapped) {
      $0.voiceMemos[id: memoURL]?.mode = .playing(progress: 0)
    }
    await store.receive(\.voiceMemos[id: memoURL].delegate.playbackStarted)
    await clock.advance(by: .milliseconds(500))
    await store.receive(\.voiceMemos[id: memoURL].timerUpdated, 0.5) {
      $0.voiceMemos[id: memoURL]?.mode = .playing(progress: 0.4)
    }
    await clock.advance(by: .milliseconds(500))
    await store.receive(\.voiceMemos[id: memoURL].timerUpdated, 1) {
      $0.voiceMemos[id: memoURL]?.mode = .playing(progress: 0.8)
    }
    await clock.advance(by: .milliseconds(250))
    await store.receive(\.voiceMemos[id: memoURL].audioPlayerClient.success, true) {
      $0.voiceMemos[id: memoURL]?.mode = .notPlaying
    }
  }

  @Test func aFailedPlaybackShowsAnAlert() async {
    let store = TestStore(initialState: VoiceMemos.State(voiceMemos: memos())) {
      VoiceMemos()
    } withDependencies: {
      $0.audioPlayer.play = { _ in throw SomeError() }
      $0.continuousClock = TestClock()
    }
    let task = await store.send(\.voiceMemos[id: memoURL].playButtonTapped) {
      $0.voiceMemos[id: memoURL]?.mode = .playing(progress: 0)
    }
    await store.receive(\.voiceMemos[id: memoURL].delegate.playbackStarted)
    await store.receive(\.voiceMemos[id: memoURL].audioPlayerClient.failure) {
      $0.voiceMemos[id: memoURL]?.mode = .notPlaying
    }
    await store.receive(\.voiceMemos[id: memoURL].delegate.playbackFailed) {
      $0.alert = AlertState { TextState("Voice memo playback failed.") }
    }
    await task.cancel()
  }

  @Test func tappingAPlayingMemoStopsIt() async {
    let store = TestStore(initialState: VoiceMemos.State(voiceMemos: memos(playing: true))) {
      VoiceMemos()
    }
    await store.send(\.voiceMemos[id: memoURL].playButtonTapped) {
      $0.voiceMemos[id: memoURL]?.mode = .notPlaying
    }
  }

  @Test func playingAMemoStopsTheOneThatWasPlaying() async {
    let store = TestStore(
      initialState: VoiceMemos.State(voiceMemos: memos(titles: ["One", "Two"]))
    ) {
      VoiceMemos()
    } withDependencies: {
      $0.audioPlayer.play = { _ in try await Task.never() }
      $0.continuousClock = TestClock()
    }
    let first = URL(fileURLWithPath: "pointfreeco/0.m4a")
    let second = URL(fileURLWithPath: "pointfreeco/1.m4a")
    await store.send(\.voiceMemos[id: first].playButtonTapped) {
      $0.voiceMemos[id: first]?.mode = .playing(progress: 0)
    }
    await store.receive(\.voiceMemos[id: first].delegate.playbackStarted)
    await store.send(\.voiceMemos[id: second].playButtonTapped) {
      $0.voiceMemos[id: second]?.mode = .playing(progress: 0)
    }
    await store.receive(\.voiceMemos[id: second].delegate.playbackStarted) {
      $0.voiceMemos[id: first]?.mode = .notPlaying
    }
    await store.send(\.voiceMemos[id: second].playButtonTapped) {
      $0.voiceMemos[id: second]?.mode = .notPlaying
    }
    // The first memo's playback still runs until it is stopped or deleted: deleting it ends it.
    await store.send(.onDelete([0])) { $0.voiceMemos.remove(id: first) }
    await store.finish()
  }

  @Test func deletesMemos() async {
    let store = TestStore(
      initialState: VoiceMemos.State(voiceMemos: memos(playing: true, titles: ["1", "2", "3"]))
    ) {
      VoiceMemos()
    }
    await store.send(.onDelete([1])) {
      $0.voiceMemos.remove(id: URL(fileURLWithPath: "pointfreeco/1.m4a"))
    }
    await store.send(.onDelete([0, 1])) { $0.voiceMemos = [] }
  }

  @Test func deletingAPlayingMemoEndsItsPlayback() async {
    let store = TestStore(initialState: VoiceMemos.State(voiceMemos: memos(duration: 10))) {
      VoiceMemos()
    } withDependencies: {
      $0.audioPlayer.play = { _ in try await Task.never() }
      $0.continuousClock = TestClock()
    }
    await store.send(\.voiceMemos[id: memoURL].playButtonTapped) {
      $0.voiceMemos[id: memoURL]?.mode = .playing(progress: 0)
    }
    await store.receive(\.voiceMemos[id: memoURL].delegate.playbackStarted)
    await store.send(.onDelete([0])) { $0.voiceMemos = [] }
    await store.finish()
  }

  @Test func theSimulatedRecorderRecordsUntilStopped() async throws {
    let recorder = AudioRecorderClient.liveValue
    #expect(await recorder.currentTime() == nil)
    let recording = Task { try await recorder.startRecording(deadbeefURL) }
    try await waitUntilRecording(recorder)
    await recorder.stopRecording()
    #expect(try await recording.value)
    #expect(await recorder.currentTime() == nil)

    let cancelled = Task { try await recorder.startRecording(deadbeefURL) }
    try await waitUntilRecording(recorder)
    cancelled.cancel()
    await #expect(throws: CancellationError.self) { try await cancelled.value }
  }

  /// Waits, a bounded number of turns, until the recorder reports a recording under way.
  private func waitUntilRecording(_ recorder: AudioRecorderClient) async throws {
    var turns = 0
    while await recorder.currentTime() == nil, turns < 10_000 {
      await Task.yield()
      turns += 1
    }
    try #require(await recorder.currentTime() != nil, "the recording never started")
  }
}
