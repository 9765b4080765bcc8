extension DependencyValues {
  /// Starts work that nothing waits for, such as analytics or logging, from an effect.
  ///
  /// ```swift
  /// @Dependency(\.fireAndForget) var fireAndForget
  /// return .run { [analytics] _ in
  ///   await fireAndForget { try await analytics.track("saved") }
  /// }
  /// ```
  ///
  /// Live and in previews, the work runs in a task of its own (with the dependencies in force
  /// where it was started) and the call returns at once; its errors are dropped. In tests the
  /// call returns once the work has finished, so the test sees what it did, as with
  /// swift-dependencies.
  public var fireAndForget: FireAndForget {
    get { self[FireAndForgetKey.self] }
    set { self[FireAndForgetKey.self] = newValue }
  }
}

/// Starts work that nothing waits for (see ``DependencyValues/fireAndForget``).
public struct FireAndForget: Sendable {
  private let start:
    @Sendable (TaskPriority?, @escaping @Sendable () async throws -> Void) async -> Void

  /// A `FireAndForget` that hands each piece of work, and its priority, to `start`.
  public init(
    _ start:
      @escaping @Sendable (
        _ priority: TaskPriority?, _ work: @escaping @Sendable () async throws -> Void
      ) async -> Void
  ) {
    self.start = start
  }

  /// Starts `work`; see ``DependencyValues/fireAndForget`` for when the call returns.
  public func callAsFunction(
    priority: TaskPriority? = nil,
    _ work: @escaping @Sendable () async throws -> Void
  ) async {
    await start(priority, work)
  }

  /// Runs the work in a task of its own and returns at once.
  public static let detached = FireAndForget { priority, work in
    Task(priority: priority) { try? await work() }
  }

  /// Runs the work and returns when it has finished.
  public static let immediate = FireAndForget { _, work in
    try? await work()
  }
}

private enum FireAndForgetKey: DependencyKey {
  static let liveValue = FireAndForget.detached
  static let testValue = FireAndForget.immediate
}
