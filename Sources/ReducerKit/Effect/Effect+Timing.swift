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
    clock: any Clock<Duration>
  ) -> Self {
    guard !isNone else { return self }
    return Self.concatenate(
      .run { _ in try await clock.sleep(for: duration) },
      self
    )
    .cancellable(id: id, cancelInFlight: true)
  }

  /// Runs at most one effect with the same `id` per `interval`.
  ///
  /// The first effect runs at once. One arriving less than `interval` after the last run waits
  /// for the interval to end: with `latest: true` the newest waiting effect runs (older ones are
  /// dropped), with `latest: false` the first one that started waiting runs (later ones are
  /// dropped).
  ///
  /// ```swift
  /// case .view(.scrolled):
  ///   return .send(.internal(.loadMore))
  ///     .throttle(id: CancelID.loadMore, for: .seconds(1), clock: clock, latest: false)
  /// ```
  public func throttle(
    id: some Hashable & Sendable,
    for interval: Duration,
    clock: any Clock<Duration>,
    latest: Bool
  ) -> Self {
    guard !isNone else { return self }
    let instance = ThrottleInstance()
    let gate = Self.run { _ in
      guard let scope = DependencyValues.current.effectScope else { return }
      let key = CancelKey(id: id, path: scope.path)
      let instanceKey = CancelKey(id: ObjectIdentifier(instance), path: scope.path)
      let now = clock.now
      switch scope.registry.throttle(
        key, instance: instanceKey, now: now, interval: interval, latest: latest
      ) {
      case .runNow:
        return
      case .runAfter(let delay):
        try await clock.sleep(for: delay)
        scope.registry.throttleDidRun(key, instance: instanceKey, at: clock.now)
      case .drop:
        scope.registry.cancel(instanceKey)
        throw CancellationError()
      }
    }
    return Self.concatenate(gate, self).cancellable(id: ObjectIdentifier(instance))
  }
}

/// Gives each throttled effect an identity of its own, so the registry can drop it.
private final class ThrottleInstance: Sendable {}

/// What a throttled effect does when it arrives.
package enum ThrottleDecision: Sendable {
  case runNow
  case runAfter(Duration)
  case drop
}

/// What a store remembers about one throttle ID.
package struct ThrottleState: Sendable {
  /// When the last effect ran.
  var lastRun: any InstantProtocol<Duration>
  /// The effect waiting for the interval to end, if any.
  var pending: CancelKey?

  /// Decides for an effect arriving at `now`; returns the decision and an effect to cancel.
  mutating func decide(
    instance: CancelKey, now: any InstantProtocol<Duration>, interval: Duration, latest: Bool
  ) -> (ThrottleDecision, cancel: CancelKey?) {
    guard let elapsed = elapsed(from: lastRun, to: now), elapsed < interval else {
      lastRun = now
      return (.runNow, pending)
    }
    let delay = interval - elapsed
    guard let waiting = pending else {
      pending = instance
      return (.runAfter(delay), nil)
    }
    guard latest else { return (.drop, nil) }
    pending = instance
    return (.runAfter(delay), waiting)
  }
}

/// The time between two instants of the same clock (`nil` if they are of different clocks).
private func elapsed(
  from start: any InstantProtocol<Duration>, to end: any InstantProtocol<Duration>
) -> Duration? {
  func open<Instant: InstantProtocol<Duration>>(_ start: Instant) -> Duration? {
    (end as? Instant).map { start.duration(to: $0) }
  }
  return open(start)
}
