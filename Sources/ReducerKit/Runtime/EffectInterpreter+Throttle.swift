/// One open throttle window: effects with its key that arrive before `end` wait for it.
struct ThrottleWindow<Action> {
  let clock: any Clock<Duration>
  let interval: Duration
  var end: any InstantProtocol<Duration>
  /// The effect waiting for the window to end, if any.
  var pending: PendingThrottle<Action>?
}

/// A throttled effect waiting for its window to end, and the task that waits with it.
struct PendingThrottle<Action> {
  let id: UInt64
  let effect: Effect<Action>
  let origin: Action
  let keys: [CancelKey]
  let group: ActionTree
  let runner: Task<Void, Never>?
}

extension RootCore {
  /// Runs a throttled effect now, later or never, as its key's window decides (see
  /// ``Effect/throttle(id:for:clock:latest:)``). Decided here, on the main actor, when the
  /// effect is returned, so the decision never races with other effects.
  @usableFromInline
  func startThrottled(
    _ effect: Effect<Action>, throttle: Throttle, origin: Action, keys: [CancelKey],
    group: inout ActionTree?, tasks: inout [Task<Void, Never>]?
  ) {
    let key = throttle.key
    let keys = keys + [key]
    let now = throttle.clock.now
    forgetEndedThrottleWindows()
    guard var window = throttleWindows[key], let remaining = duration(from: now, to: window.end),
      remaining > .zero
    else {
      throttleWindows[key] = ThrottleWindow(
        clock: throttle.clock, interval: throttle.interval,
        end: now.advanced(by: throttle.interval), pending: nil)
      start(effect, origin: origin, keys: keys, group: &group, tasks: &tasks)
      return
    }
    if let pending = window.pending {
      // The first waiting effect wins, unless the latest one should.
      guard throttle.latest else { return }
      pending.runner?.cancel()
    }
    nextThrottleID &+= 1
    let id = nextThrottleID
    let clock = throttle.clock
    let runner = registry.start(
      keys: keys, path: key.path, origin: origin, group: tree(&group), priority: nil,
      name: nil
    ) { @MainActor [weak self] in
      do {
        try await clock.sleep(for: remaining)
      } catch {
        self?.dropPendingThrottle(key, id: id)
        return
      }
      self?.runPendingThrottle(key, id: id)
    }
    window.pending = PendingThrottle(
      id: id, effect: effect, origin: origin, keys: keys, group: tree(&group), runner: runner)
    throttleWindows[key] = window
    if let runner { tasks?.append(runner) }
  }

  /// The window of `key` ended: runs the effect waiting for it, which opens the next window.
  private func runPendingThrottle(_ key: CancelKey, id: UInt64) {
    guard var window = throttleWindows[key], let pending = window.pending, pending.id == id,
      !Task.isCancelled
    else { return dropPendingThrottle(key, id: id) }
    window.pending = nil
    window.end = window.clock.now.advanced(by: window.interval)
    throttleWindows[key] = window
    _ = startOutsideSend(
      pending.effect, origin: pending.origin, keys: pending.keys, group: pending.group)
  }

  /// Forgets the waiting effect `id` of `key` (its wait was cancelled).
  private func dropPendingThrottle(_ key: CancelKey, id: UInt64) {
    guard throttleWindows[key]?.pending?.id == id else { return }
    throttleWindows[key]?.pending = nil
  }

  /// Forgets windows that ended with nothing waiting.
  private func forgetEndedThrottleWindows() {
    guard !throttleWindows.isEmpty else { return }
    throttleWindows = throttleWindows.filter { _, window in
      guard window.pending == nil else { return true }
      return (duration(from: window.clock.now, to: window.end) ?? .zero) > .zero
    }
  }

  /// Forgets the windows of throttle IDs used inside the navigation element at `path`.
  @usableFromInline
  func forgetThrottleWindows(inside path: NavigationPath) {
    guard !throttleWindows.isEmpty else { return }
    throttleWindows = throttleWindows.filter { key, _ in !key.path.hasPrefix(path) }
  }
}

/// The time from `start` to `end`, or `nil` when they are instants of different clocks.
private func duration(
  from start: any InstantProtocol<Duration>, to end: any InstantProtocol<Duration>
) -> Duration? {
  func open<Instant: InstantProtocol<Duration>>(_ start: Instant) -> Duration? {
    (end as? Instant).map { start.duration(to: $0) }
  }
  return open(start)
}
