extension Task where Success == Never, Failure == Never {
  /// Suspends until the task is cancelled, then throws `CancellationError`: an effect that
  /// should live as long as it is not cancelled.
  ///
  /// ```swift
  /// return .run { _ in
  ///   defer { print("stopped") }
  ///   try await Task.never()
  /// }
  /// .cancellable(id: CancelID.keepAlive)
  /// ```
  ///
  /// NB: waits on a stream that never yields: a task cancelled there keeps no memory, unlike one
  /// cancelled inside `Task.sleep`.
  public static func never() async throws -> Never {
    let (stream, continuation) = AsyncStream<Never>.makeStream()
    for await _ in stream {}
    // NB: the continuation is kept until here, so the stream ends only by cancellation.
    withExtendedLifetime(continuation) {}
    throw _Concurrency.CancellationError()
  }
}
