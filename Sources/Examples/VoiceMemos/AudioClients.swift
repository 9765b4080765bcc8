import Foundation
import ReducerKit

/// Records audio to a file.
public struct AudioRecorderClient: Sendable {
  /// How long the current recording is, in seconds; `nil` when nothing is recording.
  public var currentTime: @Sendable () async -> TimeInterval?
  /// Asks the user for the microphone; whether it was granted.
  public var requestRecordPermission: @Sendable () async -> Bool
  /// Records to the file at the URL until ``stopRecording`` is called; whether the file was
  /// written. Throws when recording fails.
  public var startRecording: @Sendable (URL) async throws -> Bool
  /// Ends the recording in progress.
  public var stopRecording: @Sendable () async -> Void

  public init(
    currentTime: @escaping @Sendable () async -> TimeInterval?,
    requestRecordPermission: @escaping @Sendable () async -> Bool,
    startRecording: @escaping @Sendable (URL) async throws -> Bool,
    stopRecording: @escaping @Sendable () async -> Void
  ) {
    self.currentTime = currentTime
    self.requestRecordPermission = requestRecordPermission
    self.startRecording = startRecording
    self.stopRecording = stopRecording
  }
}

/// Plays an audio file.
public struct AudioPlayerClient: Sendable {
  /// Plays the file at the URL to its end; whether it played successfully. Cancelling the task
  /// stops it.
  public var play: @Sendable (URL) async throws -> Bool

  public init(play: @escaping @Sendable (URL) async throws -> Bool) {
    self.play = play
  }
}

extension AudioRecorderClient: DependencyKey {
  /// The toolchain has no audio device API on Linux, so the app's recorder is simulated, as
  /// TCA's previews simulate theirs: permission is granted, a recording lasts until it is
  /// stopped (or its task cancelled), and it reports the time since it started.
  public static var liveValue: AudioRecorderClient {
    let recording = SimulatedRecording()
    return AudioRecorderClient(
      currentTime: { recording.elapsed },
      requestRecordPermission: { true },
      startRecording: { _ in try await recording.record() },
      stopRecording: { recording.stop() }
    )
  }

  public static let testValue = AudioRecorderClient(
    currentTime: unimplemented("AudioRecorderClient.currentTime", placeholder: nil),
    requestRecordPermission: unimplemented(
      "AudioRecorderClient.requestRecordPermission", placeholder: false),
    startRecording: unimplemented("AudioRecorderClient.startRecording"),
    stopRecording: unimplemented("AudioRecorderClient.stopRecording", placeholder: ())
  )
}

extension AudioPlayerClient: DependencyKey {
  /// Simulated, as the recorder is (see ``AudioRecorderClient/liveValue``): every memo plays
  /// for five seconds.
  public static let liveValue = AudioPlayerClient { _ in
    try await Task.sleep(for: .seconds(5))
    return true
  }

  public static let testValue = AudioPlayerClient(play: unimplemented("AudioPlayerClient.play"))
}

/// The one recording the simulated recorder makes at a time.
// NB: its state is behind `state`'s lock; the continuation is resumed outside it.
private final class SimulatedRecording: Sendable {
  private struct State {
    var start: ContinuousClock.Instant?
    var waiter: CheckedContinuation<Bool, any Error>?
  }
  private let state = LockIsolated(State())

  var elapsed: TimeInterval? {
    state.value.start.map { (ContinuousClock.now - $0) / .seconds(1) }
  }

  func record() async throws -> Bool {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let previous = state.withValue { state in
          defer { state = State(start: .now, waiter: continuation) }
          return state.waiter
        }
        previous?.resume(returning: false)
      }
    } onCancel: {
      finish(with: .failure(CancellationError()))
    }
  }

  func stop() { finish(with: .success(true)) }

  private func finish(with result: Result<Bool, any Error>) {
    let waiter = state.withValue { state in
      defer { state = State() }
      return state.waiter
    }
    waiter?.resume(with: result)
  }
}

extension DependencyValues {
  /// The microphone recorder.
  public var audioRecorder: AudioRecorderClient {
    get { self[AudioRecorderClient.self] }
    set { self[AudioRecorderClient.self] = newValue }
  }

  /// The audio player.
  public var audioPlayer: AudioPlayerClient {
    get { self[AudioPlayerClient.self] }
    set { self[AudioPlayerClient.self] = newValue }
  }

  /// Where new recordings are written.
  public var temporaryDirectory: @Sendable () -> URL {
    get { self[TemporaryDirectoryKey.self] }
    set { self[TemporaryDirectoryKey.self] = newValue }
  }

  /// Opens the system's settings, for the user to grant the microphone.
  public var openSettings: @Sendable () async -> Void {
    get { self[OpenSettingsKey.self] }
    set { self[OpenSettingsKey.self] = newValue }
  }
}

private enum TemporaryDirectoryKey: DependencyKey {
  static let liveValue: @Sendable () -> URL = { URL(fileURLWithPath: NSTemporaryDirectory()) }
  static let testValue: @Sendable () -> URL = unimplemented(
    "temporaryDirectory", placeholder: URL(fileURLWithPath: NSTemporaryDirectory()))
}

private enum OpenSettingsKey: DependencyKey {
  /// Linux has no settings screen for the microphone: nothing to open. An app on Apple
  /// platforms opens its settings URL here.
  static let liveValue: @Sendable () async -> Void = {}
  static let testValue: @Sendable () async -> Void = unimplemented(
    "openSettings", placeholder: ())
}
