extension DependencyValues {
  /// A clock that keeps ticking while the device sleeps: use it for timers and delays.
  ///
  /// ```swift
  /// @Dependency(\.continuousClock) var clock
  /// …
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
  /// }
  /// ```
  ///
  /// Live: `ContinuousClock()`. In tests it is an ``UnimplementedClock`` (sleeping fails the
  /// test): override it with a ``TestClock`` or an ``ImmediateClock``.
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }

  /// A clock that pauses while the device sleeps.
  ///
  /// Live: `SuspendingClock()`. In tests it is an ``UnimplementedClock``.
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockKey.self] }
    set { self[SuspendingClockKey.self] = newValue }
  }
}

private enum ContinuousClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static var testValue: any Clock<Duration> {
    UnimplementedClock(name: "continuousClock", site: DependencyAccess.site)
  }
}

private enum SuspendingClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = SuspendingClock()
  static var testValue: any Clock<Duration> {
    UnimplementedClock(name: "suspendingClock", site: DependencyAccess.site)
  }
}
