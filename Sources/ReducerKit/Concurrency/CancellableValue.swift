extension Task where Failure == Never {
  /// The task's result, awaited so that cancelling the waiting task cancels this one too (the
  /// plain `value` leaves it running): swift-concurrency-extras' helper, which TCA exports.
  ///
  /// ```swift
  /// return .run { send in
  ///   // An effect cancelled while it waits ends the work it started.
  ///   let image = await Task { await renderer.render(page) }.cancellableValue
  ///   await send(.rendered(image))
  /// }
  /// ```
  public var cancellableValue: Success {
    get async {
      await withTaskCancellationHandler {
        await value
      } onCancel: {
        cancel()
      }
    }
  }
}

extension Task where Failure == any Error {
  /// The task's result, awaited so that cancelling the waiting task cancels this one too; it
  /// throws what the task throws.
  public var cancellableValue: Success {
    get async throws {
      try await withTaskCancellationHandler {
        try await value
      } onCancel: {
        cancel()
      }
    }
  }
}
