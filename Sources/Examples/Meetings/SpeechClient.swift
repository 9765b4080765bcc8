import ReducerKit

/// Transcribes what is said during a meeting, piece by piece.
public struct SpeechClient: Sendable {
  /// The transcript so far, each time it grows; throws when recognition fails.
  public var transcribe: @Sendable () -> AsyncThrowingStream<String, any Error>

  public init(transcribe: @escaping @Sendable () -> AsyncThrowingStream<String, any Error>) {
    self.transcribe = transcribe
  }
}

extension SpeechClient: DependencyKey {
  /// No speech recognizer on this platform: the transcript stays empty.
  public static let liveValue = SpeechClient { .finished() }

  public static let testValue = SpeechClient(
    transcribe: unimplemented(
      "SpeechClient.transcribe", placeholder: .finished()))
}

extension DependencyValues {
  /// The speech recognizer meetings are transcribed with.
  public var speech: SpeechClient {
    get { self[SpeechClient.self] }
    set { self[SpeechClient.self] = newValue }
  }
}
