extension Effect {
  /// Delays this effect by `duration`, and cancels it if another effect with the same `id`
  /// arrives in the meantime: only the last of a burst runs.
  ///
  /// ```swift
  /// case let .view(.queryChanged(query)):
  ///   state.query = query
  ///   return .run { send in await send(.internal(.results(try await search(query)))) }
  ///     .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
  /// ```
  public func debounce(
    id: some Hashable & Sendable,
    for duration: Duration,
    clock: any Clock<Duration>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    let wait: @Sendable () async throws -> Void = { try await clock.sleep(for: duration) }
    let delayed: Self
    switch operation {
    case .none:
      return self
    case .run(let reference):
      // One effect, as TCA has it: the wait and the operation in one task, listed (by a test
      // store, a recording) once, where the `.run` was written.
      delayed = Self(.run(RunEffectReference(reference.run.afterAwaiting(wait))))
    default:
      // NB: the wait is written at the `.debounce`, so that it is reported there.
      delayed = .concatenate(
        .run(
          operation: { _ in try await wait() }, fileID: fileID, filePath: filePath, line: line,
          column: column),
        self)
    }
    return delayed.cancellable(id: id, cancelInFlight: true)
  }

  /// Runs at most one effect with the same `id` per `interval`.
  ///
  /// The store decides when the effect is returned, reading `clock.now`: the first effect runs
  /// at once and opens a window of `interval`. Effects arriving while the window is open wait
  /// for its end: with `latest: true` the newest of them runs then (the ones before it never
  /// run); with `latest: false` the first of them does (the ones after it never run). An effect
  /// that runs at the end of a window opens the next one. Running effects, and one waiting for
  /// its window, are cancellable with `id`, and go away with their navigation element.
  ///
  /// ```swift
  /// case .view(.scrolled):
  ///   return .send(.internal(.loadMore))
  ///     .throttle(id: CancelID.loadMore, for: .seconds(1), clock: clock, latest: false)
  /// ```
  ///
  /// The store forgets a window once it has ended (at the next throttle decision), when its
  /// navigation element goes away, or when the store is released.
  public func throttle(
    id: some Hashable & Sendable,
    for interval: Duration,
    clock: any Clock<Duration>,
    latest: Bool
  ) -> Self {
    guard !isNone else { return self }
    return Self(
      .throttle(
        Throttle(key: CancelKey(id: id), interval: interval, clock: clock, latest: latest), self)
    )
  }
}

/// How a throttled effect is throttled.
@usableFromInline
package struct Throttle: Sendable {
  /// The throttle ID, within the navigation element that throttled.
  package var key: CancelKey
  package let interval: Duration
  package let clock: any Clock<Duration>
  package let latest: Bool
}
