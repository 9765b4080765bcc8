extension Effect {
  /// Makes this effect cancellable by `id`.
  ///
  /// ```swift
  /// enum CancelID: Hashable, Sendable { case fact }
  ///
  /// return .run { send in … }
  ///   .cancellable(id: CancelID.fact, cancelInFlight: true)
  /// ```
  ///
  /// IDs are scoped to the navigation element whose reducer returned the effect: the same ID in
  /// two rows, or two stack elements, names two different effects, and a child cannot cancel its
  /// parent's or a sibling's effects. A parent reaches down: its `.cancel(id:)`, and its
  /// `cancelInFlight`, also cancel the effects with that ID in every presented child, stack
  /// element and row below it (as in TCA).
  ///
  /// - Parameters:
  ///   - id: Any hashable value; an enum with a case per effect is the clearest.
  ///   - cancelInFlight: Cancels effects already running with this ID before this one starts.
  @inlinable
  public func cancellable(id: some Hashable & Sendable, cancelInFlight: Bool = false) -> Self {
    guard !isNone else { return self }
    return Self(.cancellable(CancelKey(id: id), cancelInFlight: cancelInFlight, self))
  }

  /// An effect that cancels every running effect made cancellable with `id`, in the navigation
  /// element of the reducer that returns it and in every element below (presented children, stack
  /// elements, rows).
  ///
  /// ```swift
  /// case .view(.cancelFactTapped):
  ///   state.isLoadingFact = false
  ///   return .cancel(id: CancelID.fact)
  /// ```
  @inlinable
  public static func cancel(id: some Hashable & Sendable) -> Self {
    Self(.cancel(CancelKey(id: id)))
  }
}

/// Runs `operation` so that it can be cancelled by `id` from the store, like an effect made
/// ``Effect/cancellable(id:cancelInFlight:)``.
///
/// Use it inside `.run` to make part of an effect cancellable:
///
/// ```swift
/// return .run { send in
///   await withTaskCancellation(id: CancelID.search, cancelInFlight: true) {
///     try? await clock.sleep(for: .milliseconds(300))
///     await send(.internal(.search(query)))
///   }
/// }
/// ```
///
/// > Important: It needs the store that runs the effect; called anywhere else it runs
/// > `operation` uncancellable and reports a runtime warning.
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async throws -> T,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async throws -> T {
  let task = Task(
    executorPreference: DependencyValues.current.runtime.effect?.registry.executor
  ) { try await operation() }
  let cancel: @Sendable () -> Void = { task.cancel() }
  return try await withRegisteredCancellation(
    id: id, cancelInFlight: cancelInFlight, cancel: cancel,
    site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
  ) {
    try await withTaskCancellationHandler {
      try await task.value
    } onCancel: {
      task.cancel()
    }
  }
}

/// Runs a non-throwing `operation` so that it can be cancelled by `id`; see the throwing overload.
public func withTaskCancellation<T: Sendable>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool = false,
  operation: @escaping @Sendable () async -> T,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async -> T {
  let task = Task(
    executorPreference: DependencyValues.current.runtime.effect?.registry.executor
  ) { await operation() }
  let cancel: @Sendable () -> Void = { task.cancel() }
  return await withRegisteredCancellation(
    id: id, cancelInFlight: cancelInFlight, cancel: cancel,
    site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
  ) {
    await withTaskCancellationHandler {
      await task.value
    } onCancel: {
      task.cancel()
    }
  }
}

/// Registers `cancel` under `id` in the current effect's registry while `body` runs.
private func withRegisteredCancellation<T>(
  id: some Hashable & Sendable,
  cancelInFlight: Bool,
  cancel: @escaping @Sendable () -> Void,
  site: SourceSite,
  body: () async throws -> T
) async rethrows -> T {
  guard let context = DependencyValues.current.runtime.effect else {
    reportRuntimeWarning(
      """
      "withTaskCancellation(id:)" was called outside an effect; the operation ran, but nothing \
      can cancel it by ID.

      Cancel IDs belong to the store that runs an effect. Call it inside ".run { … }", or \
      cancel the task yourself.
      """,
      at: site
    )
    return try await body()
  }
  let token = context.registry.register(
    CancelKey(id: id, path: context.path), cancelInFlight: cancelInFlight, cancel: cancel
  )
  defer { context.registry.unregister(token) }
  return try await body()
}

extension Task where Success == Never, Failure == Never {
  /// Cancels the running effects made cancellable with `id`, from inside an effect: what the
  /// reducer that returned the effect would cancel by returning `.cancel(id:)`, in its navigation
  /// element and every element below.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) {
  ///     await send(.internal(.tick))
  ///   }
  /// }
  /// .cancellable(id: CancelID.timer)
  ///
  /// // In another effect:
  /// return .run { _ in
  ///   try await save()
  ///   Task.cancel(id: CancelID.timer)
  /// }
  /// ```
  ///
  /// An effect that cancels its own ID is cancelled too: its next cancellation check throws, and
  /// its `catch:` handler is not called for that.
  ///
  /// Unlike TCA, whose cancel IDs live in one table for the whole process, ReducerKit's belong to
  /// the store that runs the effect: two stores never cancel each other's effects.
  ///
  /// > Important: It needs the store that runs the current effect (inside `.run`, or an
  /// > operation of `withTaskCancellation(id:)`); called anywhere else, a reducer included (which
  /// > returns `.cancel(id:)` instead), it cancels nothing and reports a runtime warning.
  public static func cancel(
    id: some Hashable & Sendable,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    guard let context = DependencyValues.current.runtime.effect else {
      reportRuntimeWarning(
        """
        "Task.cancel(id:)" was called outside an effect; nothing was cancelled.

        Cancel IDs belong to the store that runs an effect. Return ".cancel(id:)" from the \
        reducer instead, or call "Task.cancel(id:)" inside ".run { … }".
        """,
        at: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
      )
      return
    }
    context.registry.cancel(CancelKey(id: id, path: context.path))
  }
}

// The cancellations the navigation operators return when a child goes away.
extension Effect {
  /// Cancels every effect running inside `element` (which its parent removed).
  @usableFromInline
  static func cancelElement(_ element: NavigationElement) -> Self {
    Self(.cancelElement(NavigationPath(prefix: element, rest: NavigationPath())))
  }

  /// Cancels the effects of the children of the operator `operatorID` that `keep` rejects, in a
  /// collection whose history the operator lost (it was replaced wholesale).
  @usableFromInline
  static func cancelElements(
    operatorID: Int, keep: @escaping @Sendable (NavigationElement) -> Bool
  ) -> Self {
    guard let live = DependencyValues.frame.current?.pointee.runtime.liveElements,
      live.live(at: operatorID) != 0
    else { return .none }
    return Self(
      .cancelElements(parent: NavigationPath(), operatorID: operatorID, keep: ElementFilter(keep)))
  }
}
