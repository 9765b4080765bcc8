import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a test store knows about the shared values its feature changed: for each one, its value
/// when last asserted (the base) and each change since, by the step of the action it belongs to.
///
/// A change a reducer makes belongs to the action being reduced; a change an effect makes between
/// actions belongs to the next action. So the state a test asserts after an action shows shared
/// values exactly as they were then, even if later actions already changed them again.
@usableFromInline
package final class SharedChangeTracker: @unchecked Sendable {
  // NB: @unchecked Sendable: `storage` is read and written only while its lock is held.
  private struct Entry {
    /// The shared value, held by a test store's tracker (its feature's values stay alive until
    /// asserted)…
    var held: AnyObject?
    /// …and only watched by a recording's: it sees every shared value, and must not keep one
    /// alive (a file's last write waits for its last holder to go).
    weak var watched: AnyObject?
    var base: Any
    var history: [(step: Int, value: Any)] = []
    /// The value the assertion being checked built, when it changed this shared value.
    var assertion: Any?
    /// Compares two values of this shared value's type: its `==`, or their dumps.
    var isSame: (Any, Any) -> Bool = { customDump($0) == customDump($1) }

    init(reference: AnyObject, base: Any, holds: Bool) {
      if holds { held = reference } else { watched = reference }
      self.base = base
    }

    /// The shared value; `nil` once a watched one is gone (its identifier may then be reused).
    var reference: AnyObject? { held ?? watched }

    func value(asOf step: Int) -> Any {
      history.last { $0.step <= step }?.value ?? base
    }
  }

  private struct Storage {
    var began = 0
    var reducingThread: pthread_t?
    var entries: [ObjectIdentifier: Entry] = [:]
  }

  private let storage = LockedState(Storage())
  /// Whether `storage` has entries, written under its lock: a test store compares states at
  /// every step, and mostly finds nothing tracked, which this tells without taking the lock.
  private let hasEntries = Atomic<Bool>(false)
  private static let liveTrackers = Atomic<Int>(0)
  /// Whether this is a test store's tracker (found through the dependencies), not a session
  /// recording's (found through ``SessionSharedValues``).
  private let isTestStores: Bool

  package init() {
    isTestStores = true
    Self.liveTrackers.add(1, ordering: .relaxed)
  }

  /// A session recording's tracker, which every change of a shared value reaches (see
  /// ``SessionSharedValues``).
  init(recording: Void) {
    isTestStores = false
    Self.liveTrackers.add(1, ordering: .relaxed)
  }

  deinit {
    Self.liveTrackers.subtract(1, ordering: .relaxed)
  }

  /// Whether any tracker, a test store's or a recording's, exists: checked first on every write
  /// of a shared value, so that an app that neither tests nor records pays one atomic load.
  static var anyExists: Bool { liveTrackers.load(ordering: .relaxed) > 0 }

  /// The tracker of the test store whose reducer or effect is running here; `nil` at once when no
  /// test store exists (an app).
  static var current: SharedChangeTracker? {
    guard liveTrackers.load(ordering: .relaxed) > 0 else { return nil }
    return DependencyValues.current.runtime.sharedChangeTracker
  }

  /// Marks the start of an action's reduction; returns the action's step.
  @usableFromInline
  package func willReduce() -> Int {
    storage.withLock {
      $0.began += 1
      $0.reducingThread = pthread_self()
      return $0.began
    }
  }

  @usableFromInline
  package func didReduce() {
    storage.withLock { $0.reducingThread = nil }
  }

  /// The step that changes made now, outside any reducer, belong to.
  package var nextStep: Int {
    storage.withLock { $0.began + 1 }
  }

  func record(_ reference: AnyObject, before: Any, after: Any) {
    storage.withLock { storage in
      let isReducing = storage.reducingThread.map { pthread_equal($0, pthread_self()) != 0 }
      let step = isReducing == true ? storage.began : storage.began + 1
      let id = ObjectIdentifier(reference)
      var entry =
        storage.entries[id].flatMap { $0.reference === reference ? $0 : nil }
        ?? Entry(reference: reference, base: before, holds: isTestStores)
      if entry.history.last?.step == step {
        entry.history[entry.history.count - 1].value = after
      } else {
        entry.history.append((step, after))
      }
      storage.entries[id] = entry
      hasEntries.store(true, ordering: .releasing)
    }
  }

  /// The value of `reference` as `view` sees it; `nil` when this tracker saw no change of it.
  func value(of reference: AnyObject, in view: SharedView) -> Any? {
    storage.withLock { storage in
      guard let entry = storage.entries[ObjectIdentifier(reference)],
        entry.reference === reference
      else { return nil }
      if view.writesAssertion, let assertion = entry.assertion { return assertion }
      return entry.value(asOf: view.step)
    }
  }

  /// Changes the value of `reference` that the assertion being checked expects, leaving the
  /// shared value itself alone.
  func modifyAssertion<Value, Result>(
    of reference: AnyObject, in view: SharedView, current: () -> Value,
    _ body: (inout Value) throws -> Result
  ) rethrows -> Result {
    let id = ObjectIdentifier(reference)
    let known = storage.withLock { storage -> Any? in
      guard let entry = storage.entries[id] else { return nil }
      return entry.assertion ?? entry.value(asOf: view.step)
    }
    let start = known.map { $0 as! Value } ?? current()  // NB: stored as this reference's Value.
    var value = start
    // NB: outside the lock: the assertion may read other shared values.
    let result = try body(&value)
    storage.withLock { storage in
      var entry = storage.entries[id] ?? Entry(reference: reference, base: start, holds: true)
      entry.assertion = value
      if let equatable = Value.self as? any Equatable.Type {
        entry.isSame = sameness(of: equatable)
      }
      storage.entries[id] = entry
      hasEntries.store(true, ordering: .releasing)
    }
    return result
  }

  /// Each shared value the assertion being checked changed to something else than its value as
  /// of `step`: what it is called, what the assertion expects and what it is, dumped.
  package func mismatchedAssertions(
    asOf step: Int
  ) -> [(name: String, expected: String, actual: String)] {
    guard hasEntries.load(ordering: .acquiring) else { return [] }
    return storage.withLock { storage in
      storage.entries.values.compactMap { entry in
        guard let assertion = entry.assertion else { return nil }
        let actual = entry.value(asOf: step)
        guard !entry.isSame(assertion, actual) else { return nil }
        let name = (entry.reference as? any DescribedSharedReference)?.keyDescription ?? "value"
        return (name, customDump(assertion), customDump(actual))
      }
      .sorted { $0.name < $1.name }
    }
  }

  /// Forgets the values the assertion being checked built.
  package func dropAssertion() {
    guard hasEntries.load(ordering: .acquiring) else { return }
    storage.withLock { storage in
      for id in storage.entries.keys { storage.entries[id]?.assertion = nil }
    }
  }

  /// Whether some shared value may read differently through the two views: it changed in a
  /// step between theirs, or the assertion changed it and only one of them shows the assertion.
  package func mayDiffer(_ first: SharedView, _ second: SharedView) -> Bool {
    let low = min(first.step, second.step)
    let high = max(first.step, second.step)
    let oneShowsAssertion = first.writesAssertion != second.writesAssertion
    guard hasEntries.load(ordering: .acquiring) else { return false }
    return storage.withLock { storage in
      storage.entries.values.contains { entry in
        (oneShowsAssertion && entry.assertion != nil)
          || entry.history.contains { $0.step > low && $0.step <= high }
      }
    }
  }

  /// Each shared value changed in a step after `step`: what it is called, and its value then
  /// and now, dumped.
  package func changes(after step: Int) -> [(name: String, before: String, after: String)] {
    guard hasEntries.load(ordering: .acquiring) else { return [] }
    return storage.withLock { storage in
      storage.entries.values.compactMap { entry in
        guard let latest = entry.history.last, latest.step > step else { return nil }
        let name = (entry.reference as? any DescribedSharedReference)?.keyDescription ?? "value"
        return (name, customDump(entry.value(asOf: step)), customDump(latest.value))
      }
      .sorted { $0.name < $1.name }
    }
  }

  /// Whether a shared value changed in a step after `step`.
  package func hasChanges(after step: Int) -> Bool {
    guard hasEntries.load(ordering: .acquiring) else { return false }
    return storage.withLock { storage in
      storage.entries.values.contains { $0.history.contains { $0.step > step } }
    }
  }

  /// Whether a shared value was written in `step`, changed or not (a test store does not expect
  /// such a step to change the state, as TCA does not).
  package func wasWritten(in step: Int) -> Bool {
    guard hasEntries.load(ordering: .acquiring) else { return false }
    return storage.withLock { storage in
      storage.entries.values.contains { $0.history.contains { $0.step == step } }
    }
  }

  /// Forgets what was asserted through `step`: those values become the bases, and the
  /// assertion's own values are dropped.
  package func settle(through step: Int) {
    // NB: a test store settles after every step; most track nothing.
    guard hasEntries.load(ordering: .acquiring) else { return }
    storage.withLock { storage in
      for (id, var entry) in storage.entries {
        entry.base = entry.value(asOf: step)
        entry.history.removeAll { $0.step <= step }
        entry.assertion = nil
        storage.entries[id] = entry.history.isEmpty || entry.reference == nil ? nil : entry
      }
      hasEntries.store(!storage.entries.isEmpty, ordering: .releasing)
    }
  }
}

/// How shared values read while a test store checks an assertion: as of a step, with or without
/// the assertion's own changes. While two states are compared, `comparedWith` is how the right
/// side reads.
///
/// NB: a value, not an object: a test step makes about five views, and as objects their
/// allocations and releases were a noticeable part of the step (the Performance guide,
/// "Measured design choices").
package struct SharedView: Sendable {
  let tracker: SharedChangeTracker
  package let step: Int
  package let writesAssertion: Bool
  /// The step and mode of the view of the other side, while two states are compared.
  private let other: (step: Int, writesAssertion: Bool)?

  package init(
    tracker: SharedChangeTracker, step: Int, writesAssertion: Bool,
    comparedWith: SharedView? = nil
  ) {
    self.tracker = tracker
    self.step = step
    self.writesAssertion = writesAssertion
    other = comparedWith.map { ($0.step, $0.writesAssertion) }
  }

  /// How the other side of a comparison reads (the same tracker; no comparison of its own).
  var comparedWith: SharedView? {
    other.map { SharedView(tracker: tracker, step: $0.step, writesAssertion: $0.writesAssertion) }
  }

  /// The same view, with the assertion's own changes.
  package var writingAssertion: SharedView {
    SharedView(tracker: tracker, step: step, writesAssertion: true, comparedWith: comparedWith)
  }

  private static var frame: ThreadLocalFrame<SharedView> { ThreadLocalFrame(.sharedView) }

  /// The view in force on this thread.
  static var current: SharedView? { frame.current?.pointee }

  /// Runs `body` with shared values read (and, for an assertion, written) through this view.
  package func apply<Result>(_ body: () throws -> Result) rethrows -> Result {
    var view = self
    return try withUnsafePointer(to: &view) { try Self.frame.with($0, body) }
  }
}

/// `==` of an `Equatable` type, for values known only as `Any`.
private func sameness<Value: Equatable>(of type: Value.Type) -> (Any, Any) -> Bool {
  { ($0 as? Value) == ($1 as? Value) }
}
