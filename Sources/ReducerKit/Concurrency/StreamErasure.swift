extension AsyncStream where Element: Sendable {
  /// A stream of the elements of `base`, until it ends: the type a dependency client returns
  /// for any asynchronous sequence (swift-concurrency-extras' eraser, which TCA exports).
  ///
  /// ```swift
  /// struct ScreenshotsClient: Sendable {
  ///   var screenshots: @Sendable () -> AsyncStream<Void>
  /// }
  /// // live:
  /// ScreenshotsClient { AsyncStream(clock.timer(interval: .seconds(1)).map { _ in }) }
  /// ```
  ///
  /// A failure of `base` ends the stream (`AsyncThrowingStream.init(_:)` passes it on).
  /// `base` is iterated by a task of its own from the moment the stream is made, so nothing it
  /// produces before the first `next()` is lost; the task is cancelled when the stream's consumer
  /// is cancelled, stops iterating, or drops the stream.
  public init<Base: AsyncSequence & Sendable>(_ base: Base) where Base.Element == Element {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    let task = Task {
      do {
        for try await element in base { continuation.yield(element) }
      } catch {
        // NB: a plain stream cannot carry the failure; ending it is what the eraser promises.
      }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    self = stream
  }

  /// A stream that never produces an element and ends only when its consumer is cancelled:
  /// a test's stand-in for an endpoint that stays silent.
  ///
  /// ```swift
  /// $0.screenshots.screenshots = { .never }
  /// ```
  public static var never: Self {
    AsyncStream { _ in }
  }

  /// A stream that ends at once, without an element.
  public static var finished: Self {
    AsyncStream { $0.finish() }
  }
}

extension AsyncThrowingStream where Element: Sendable, Failure == any Error {
  /// A stream of the elements of `base`, ending as it ends and throwing what it throws.
  ///
  /// ```swift
  /// var recognitionTask: @Sendable (Request) async -> AsyncThrowingStream<Result, any Error>
  /// ```
  ///
  /// `base` is iterated by a task of its own from the moment the stream is made; the task is
  /// cancelled when the stream's consumer is cancelled, stops iterating, or drops the stream.
  public init<Base: AsyncSequence & Sendable>(_ base: Base) where Base.Element == Element {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self)
    let task = Task {
      do {
        for try await element in base { continuation.yield(element) }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    self = stream
  }

  /// A stream that never produces an element and ends only when its consumer is cancelled.
  public static var never: Self {
    AsyncThrowingStream { _ in }
  }

  /// A stream that ends at once, without an element: with `error`, it throws it.
  ///
  /// ```swift
  /// $0.speech.recognitionTask = { _ in .finished(throwing: SpeechError.notAuthorized) }
  /// ```
  public static func finished(throwing error: Failure? = nil) -> Self {
    AsyncThrowingStream { $0.finish(throwing: error) }
  }
}

// NB: Swift 6.2 and later check that a metatype a task captures may cross to it; earlier
// compilers have no `SendableMetatype` to state it with.
#if compiler(>=6.2)
  extension AsyncSequence where Element: Sendable, AsyncIterator: SendableMetatype {
    /// This sequence as an `AsyncStream`, for a client whose endpoint returns one: its elements
    /// until it ends; a failure ends the stream. See `AsyncStream.init(_:)`.
    ///
    /// ```swift
    /// ScreenshotsClient { clock.timer(interval: .seconds(1)).map { _ in }.eraseToStream() }
    /// ScreenshotsClient {
    ///   NotificationCenter.default.notifications(named: .screenshotTaken).map { _ in }
    ///     .eraseToStream()
    /// }
    /// ```
    ///
    /// The sequence need not be `Sendable` (Foundation's notification sequences are not): its
    /// iterator is made here and moved to a task of the stream's own, which alone uses it from
    /// then on, as swift-concurrency-extras' eraser does. So a sequence that is not `Sendable`
    /// must not share its iteration state with anyone else (a reference to state that is
    /// iterated elsewhere too would be read from two tasks).
    public func eraseToStream() -> AsyncStream<Element> {
      // NB: not checked by the compiler: only the stream's task calls `next` (see above).
      nonisolated(unsafe) var iterator = makeAsyncIterator()
      return AsyncStream(iteratingAlone: { try await iterator.next() })
    }

    /// This sequence as an `AsyncThrowingStream` that throws what it throws, for a sequence that
    /// is not `Sendable`; see ``eraseToStream()`` for how it is iterated.
    public func eraseToThrowingStream() -> AsyncThrowingStream<Element, any Error> {
      // NB: not checked by the compiler: only the stream's task calls `next` (see above).
      nonisolated(unsafe) var iterator = makeAsyncIterator()
      return AsyncThrowingStream(iteratingAlone: { try await iterator.next() })
    }
  }
#else
  extension AsyncSequence where Element: Sendable {
    /// This sequence as an `AsyncStream`, for a sequence that is not `Sendable`; see the
    /// declaration for Swift 6.2 and later.
    public func eraseToStream() -> AsyncStream<Element> {
      nonisolated(unsafe) var iterator = makeAsyncIterator()
      return AsyncStream(iteratingAlone: { try await iterator.next() })
    }

    /// This sequence as an `AsyncThrowingStream`, for a sequence that is not `Sendable`.
    public func eraseToThrowingStream() -> AsyncThrowingStream<Element, any Error> {
      nonisolated(unsafe) var iterator = makeAsyncIterator()
      return AsyncThrowingStream(iteratingAlone: { try await iterator.next() })
    }
  }
#endif

extension AsyncThrowingStream where Element: Sendable, Failure == any Error {
  /// A stream of what `next` returns, called by a task of the stream's own until it returns
  /// `nil` or throws; the task is cancelled with the stream's consumer.
  fileprivate init(iteratingAlone next: @escaping @Sendable () async throws -> Element?) {
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Element.self)
    let task = Task {
      do {
        while let element = try await next() { continuation.yield(element) }
        continuation.finish()
      } catch {
        continuation.finish(throwing: error)
      }
    }
    continuation.onTermination = { _ in task.cancel() }
    self = stream
  }

}

extension AsyncStream where Element: Sendable {
  /// A stream of what `next` returns, called by a task of the stream's own until it returns
  /// `nil` or throws (a plain stream cannot carry the failure: it ends); the task is cancelled
  /// with the stream's consumer.
  fileprivate init(iteratingAlone next: @escaping @Sendable () async throws -> Element?) {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    let task = Task {
      while let element = try? await next() { continuation.yield(element) }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    self = stream
  }
}
