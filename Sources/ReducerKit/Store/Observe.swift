import Observation
import Synchronization

/// Runs `apply` now, and again each time a value it read through observation changes: a store's
/// fields, or any `@Observable` object's properties. For code that updates something other than
/// a SwiftUI view (a UIKit view, a terminal, a log) from a store's state.
///
/// ```swift
/// let token = observe { [store] in
///   countLabel.text = "\(store.count)"
/// }
/// ```
///
/// Only what the last run read is observed: a field it stops reading stops triggering it. Each
/// change schedules one run on the main actor, after the change is made (several changes before
/// that run cause one). A run that changes what it observes itself (sending to a store, writing a
/// shared value) is followed by one more run, so that `apply` sees what it caused (Swift's
/// observation does not report changes made while the tracked closure runs). The observation
/// lasts until the token is cancelled or released.
///
/// > Important: Calling `observe` inside another `observe`'s closure is a runtime warning: each
/// > run of the outer closure would start one more inner observation, and the outer one would
/// > also observe what the inner one reads.
@MainActor
public func observe(
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column,
  _ apply: @escaping @MainActor () -> Void
) -> ObserveToken {
  if ObservationRuns.depth > 0 {
    reportRuntimeWarning(
      """
      "observe" was called inside another "observe" closure; every run of the outer closure \
      starts one more observation, and the outer closure also re-runs for what the inner one \
      reads.

      Start the inner observation once, outside the outer closure (where the object it \
      observes is made).
      """,
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }
  let loop = ObservationLoop(apply)
  loop.run()
  return ObserveToken(loop)
}

/// Keeps an ``observe(fileID:filePath:line:column:_:)`` observation alive: it ends when the
/// token is cancelled or released.
public final class ObserveToken: Sendable {
  private let loop: ObservationLoop

  fileprivate init(_ loop: ObservationLoop) {
    self.loop = loop
  }

  deinit {
    loop.cancel()
  }

  /// Ends the observation: `apply` does not run again, not even for a change already made.
  public func cancel() {
    loop.cancel()
  }

  /// Whether the observation has ended.
  public var isCancelled: Bool { loop.isCancelled }
}

/// Runs a closure under observation tracking, and again on the main actor after each change.
///
/// NB: only the token holds the loop; the observed objects' registrars hold it weakly (through
/// `onChange`). Held strongly there, it made a cycle whenever the closure captured what it
/// observes (loop → closure → object → registrar → loop), which only the next change would
/// break: AddressSanitizer reported the observations of ended tests as leaks.
private final class ObservationLoop: Sendable {
  @MainActor private let apply: () -> Void
  private let cancelled = Atomic(false)
  /// Counts the runs: a tracking whose run is no longer the last one schedules nothing.
  private let generation = Atomic<UInt64>(0)

  @MainActor init(_ apply: @escaping @MainActor () -> Void) {
    self.apply = apply
  }

  var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

  func cancel() {
    cancelled.store(true, ordering: .releasing)
  }

  /// Runs `apply` under tracking. `isFollowUp` marks the extra run made because the previous
  /// one changed a store or a shared value itself.
  @MainActor func run(isFollowUp: Bool = false) {
    guard !isCancelled else { return }
    let changesBefore = ObservationRuns.changes
    let run = generation.add(1, ordering: .relaxed).newValue
    ObservationRuns.depth += 1
    var running = true
    withUnsafePointer(to: &running) { running in
      ObservationRuns.frame.with(running) { track(run) }
    }
    ObservationRuns.depth -= 1
    // NB: a change `apply` made itself (sending to a store it reads, writing a shared value)
    // happened before tracking was installed, so nothing reports it: run once more to show it.
    // Once only: an `apply` that changes something on every run would otherwise run forever.
    guard ObservationRuns.changes != changesBefore, !isFollowUp else { return }
    Task { @MainActor [weak self] in self?.run(isFollowUp: true) }
  }

  /// Runs `apply` under observation tracking, as run number `run`.
  @MainActor private func track(_ run: UInt64) {
    withObservationTracking {
      apply()
    } onChange: { [weak self] in
      // NB: `onChange` runs before the change is made, on the thread that makes it: the new
      // run waits for the main actor, by which time the change is done. A tracking that a later
      // run replaced (a follow-up, see `run`) stays installed until a change: it schedules nothing.
      guard let self, generation.load(ordering: .relaxed) == run else { return }
      Task { @MainActor in self.run() }
    }
  }
}

/// What the running ``observe(fileID:filePath:line:column:_:)`` closures need to know.
@usableFromInline
enum ObservationRuns {
  /// How many `apply` closures are running (for the nested-observe warning).
  @MainActor static var depth = 0
  /// How many times observed state changed while an `apply` closure ran.
  @MainActor static var changes: UInt64 = 0
  /// Set on the thread running an `apply` closure while it runs.
  static var frame: ThreadLocalFrame<Bool> { ThreadLocalFrame(.observationRun) }

  /// Notes that observed fields of a store changed (called only when some did).
  @MainActor @usableFromInline
  static func noteStoreChange() {
    if depth > 0 { changes &+= 1 }
  }

  /// Notes that a shared value changed. NB: only a change made by the running closure itself
  /// counts (on its thread, while it runs): one made on another thread at the same time is
  /// reported to the tracking in the usual way, or is no concern of the closure.
  static func noteSharedChange() {
    guard frame.current != nil else { return }
    MainActor.assumeIsolated { changes &+= 1 }
  }
}
