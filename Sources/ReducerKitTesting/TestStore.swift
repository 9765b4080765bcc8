import ReducerKit

/// A store for tests that checks everything a feature does: every state change must be asserted,
/// every action an effect sends must be received, and every effect must finish.
///
/// ```swift
/// @MainActor @Test func fact() async {
///   let store = TestStore(initialState: Counter.State()) { Counter() } withDependencies: {
///     $0.numberFact.fetch = { "\($0) is a good number" }
///   }
///   await store.send(.view(.factTapped)) { $0.isLoadingFact = true }
///   await store.receive(\.internal.factResponse.success, "0 is a good number") {
///     $0.isLoadingFact = false
///     $0.fact = "0 is a good number"
///   }
/// }
/// ```
///
/// Effects run on the main queue, in a deterministic order, and the store's dependencies
/// resolve in the ``DependencyContext/test`` context. Failures are reported to Swift Testing
/// inside a `@Test`, to XCTest inside an `XCTestCase`, and to standard error anywhere else.
///
/// > Important: When the store is released, it checks what the test did not: effects still
/// > running and received actions not asserted are failures (in exhaustive mode).
@MainActor
public final class TestStore<State: Equatable, Action: Sendable> {
  /// How strictly assertions are checked; ``Exhaustivity/on`` by default.
  public var exhaustivity: Exhaustivity = .on

  /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)`` and
  /// ``finish(timeout:fileID:filePath:line:column:)`` wait by default: one second, as in TCA.
  ///
  /// Tests running in parallel share the main queue, where test stores run their effects. When
  /// the timeout passes, the store first lets the work already queued there run (its effects',
  /// and other tests' ahead of them), and reports a timeout only if that did not bring what the
  /// test waits for. So a busy machine or a busy test alongside delays a test; it does not fail
  /// it. Effects waiting for real time (a network, `Task.sleep`) still count against it: give
  /// them a test clock.
  public var timeout: Duration

  /// Whether the store's effects run serially, one job at a time, in the order they are
  /// scheduled: always, as a test store runs them on an executor of its own, so it reads `true`.
  /// TCA's test store has this switch (on by default); it is kept so that TCA tests compile.
  ///
  /// > Important: Setting `false` (effects racing on the global executor) is not supported: it
  /// > is a runtime warning (reported where the store was made), and the effects still run
  /// > serially.
  public var useMainSerialExecutor: Bool {
    get { true }
    set {
      guard !newValue else { return }
      reportRuntimeWarning(TestFailures.parallelExecutorRequested, at: site)
    }
  }

  /// The state of the feature.
  ///
  /// In exhaustive mode, the state as the test has asserted it: after the last action sent or
  /// received. With ``exhaustivity`` off, the state after every action the store processed,
  /// including the actions its effects delivered that the test did not receive (where TCA's
  /// non-exhaustive test store lags behind).
  public var state: State {
    exhaustivity == .on ? knownState : store.withState { $0 }
  }

  /// The state after the last action sent, received or skipped.
  // NB: nonisolated(unsafe): touched on the main actor only, and by `deinit` once no other
  // reference to the store exists.
  // NB: unchecked exclusivity (both): no access is held across a call that could reach them
  // again (assertions change copies), and in this unspecialized code the runtime's checks cost
  // ~80 instructions each, several times a step.
  @exclusivity(unchecked) nonisolated(unsafe) var knownState: State
  /// The step of that action (see `RecordingReducer`).
  @exclusivity(unchecked) var knownStep = 0
  /// The shared values the feature changed, by action.
  let sharedChanges: SharedChangeTracker

  /// Whether the feature dismissed itself: its root reducer's effect called
  /// `@Dependency(\.dismiss)`. A dismissed store cancels its effects and accepts no more actions.
  public var isDismissed: Bool { tracking.isDismissed }

  let store: Store<State, Action>
  let recorder: TestRecorder<State, Action>
  let registry: EffectRegistry
  /// Where the store's effects run: a serial executor of this store's own, so waiting for its
  /// effects to settle never waits for another test's.
  let executor: SerialTestExecutor
  private let dependencyPointer: UnsafeMutablePointer<DependencyValues>
  /// The store's dependencies bound for tasks, for assertion closures (see
  /// `withStoreDependencies(_:)`).
  private var dependencyBinding: TaskDependencies?
  private let finishObserver: EffectToken
  let tracking: EffectTracking
  let site: SourceSite

  /// Creates a test store.
  ///
  /// - Parameters:
  ///   - initialState: The state the test starts from.
  ///   - reducer: The feature under test.
  ///   - prepareDependencies: Overrides of the dependencies (which resolve in the test context).
  @inlinable
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    // NB: inlinable, so that the store's root core is made where the feature's reducer is
    // concrete and its send loop is compiled for it, as `Store.init` does; made in this module,
    // the loop ran unspecialized (a metadata lookup at every generic step). The rest is built
    // out of line (`TestStoreSetup`, `init(root:setup:site:)`).
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let setup = TestStoreSetup<State, Action>(
      initialState: initialState, prepareDependencies: prepareDependencies)
    let reducer = setup.withTestDependencies(reducer)
    let root = RootCore.make(
      initialState: setup.initialState,
      reducer: RecordingReducer(
        base: reducer, recorder: setup.recorder, sharedChanges: setup.sharedChanges),
      dependencies: setup.dependencies,
      executor: setup.executor,
      site: site
    )
    self.init(root: root, setup: setup, site: site)
  }

  @usableFromInline
  init<R: Reducer>(root: RootCore<R>, setup: TestStoreSetup<State, Action>, site: SourceSite)
  where R.State == State, R.Action == Action {
    recorder = setup.recorder
    sharedChanges = setup.sharedChanges
    executor = setup.executor
    tracking = setup.tracking
    tracking.attach(root.registry)
    registry = root.registry
    dependencyPointer = root.dependencies
    store = Store(root: root)
    // A test sends whatever it tests; the store's effects are still checked.
    store.outsideCategories = nil
    knownState = setup.initialState
    timeout = .seconds(1)
    self.site = site
    Self.registerClocks(in: setup.dependencies, with: executor)
    executor.describeWork { [weak registry = root.registry] in
      let inFlight = registry?.inFlight ?? []
      let store = "      (the test store made at \(site.fileID):\(site.line))"
      guard !inFlight.isEmpty else { return store + ", no effect in flight" }
      return store + ", effects in flight:\n" + indent(TestFailures.effects(inFlight))
    }
    let changes = recorder.changes
    finishObserver = root.registry.addFinishObserver {
      Task { @MainActor in changes.notify() }
    }
  }

  /// The dependencies the store's reducer and effects see. Change them mid-test to affect what
  /// happens next:
  ///
  /// ```swift
  /// store.dependencies.numberFact.fetch = { _ in throw Failure() }
  /// ```
  public var dependencies: DependencyValues {
    get { dependencyPointer.pointee }
    set {
      dependencyPointer.pointee = newValue
      Self.registerClocks(in: newValue, with: executor)
    }
    _modify {
      // NB: changing part of a dependency reads it first; that read is not a use of it.
      let began = DependencySetting.begin()
      defer {
        DependencySetting.end(began)
        Self.registerClocks(in: dependencyPointer.pointee, with: executor)
      }
      yield &dependencyPointer.pointee
    }
  }

  /// Makes the test clocks among `dependencies` wait for this store's effects when advanced.
  private static func registerClocks(
    in dependencies: DependencyValues, with executor: SerialTestExecutor
  ) {
    for value in dependencies.overriddenValues {
      if let clock = value as? TestClock { clock.waits(for: executor) }
    }
  }

  /// Runs `operation` with a different exhaustivity, then restores it.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.view(.onAppear))
  ///   await store.skipReceivedActions()
  /// }
  /// ```
  @discardableResult
  public func withExhaustivity<Result>(
    _ exhaustivity: Exhaustivity,
    operation: () async throws -> Result
  ) async rethrows -> Result {
    let previous = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = previous }
    return try await operation()
  }

  /// Runs an assertion closure with the store's dependencies in force, as the reducer ran.
  func withStoreDependencies<Result>(_ body: () throws -> Result) rethrows -> Result {
    // NB: the store's values are bound where they live, with a task binding kept while they are
    // unchanged: `withDependencies` copied them and boxed the copy on every assertion.
    let binding = TaskDependencies.reused(dependencyBinding, for: dependencyPointer.pointee)
    dependencyBinding = binding
    return try DependencyValues.withTaskBinding(binding) {
      try ModifyChecks.$failsOnUnchangedValue.withValue(exhaustivity == .on) {
        try DependencyValues.withFrame(UnsafePointer(dependencyPointer), body)
      }
    }
  }

  // NB: not an isolated deinit: that one runs as a separate main-actor job, outside the test's
  // task, so its failures could not reach the test. This one runs where the last reference is
  // released, and touches only thread-safe state (the registry and the recorder are locked).
  deinit {
    registry.removeFinishObserver(finishObserver)
    if exhaustivity != .off(showSkippedAssertions: false) {
      let last = Self.checkEndOfTest(
        registry: registry, tracking: tracking, recorder: recorder, releasing: true,
        exhaustivity: exhaustivity, at: site)
      if exhaustivity == .on {
        var state = knownState
        var step = knownStep
        if let last { (state, step) = (last.state, last.step) }
        Self.checkSharedChangesAsserted(in: state, since: step, tracker: sharedChanges, at: site)
      }
    }
    registry.cancelAll(close: true)
  }
}

/// A test store of a feature's state and actions.
public typealias TestStoreOf<R: Reducer> = TestStore<R.State, R.Action>
where R.State: Equatable, R.Action: Sendable

/// What a test store is made of besides its root core: the test's dependencies (in the test
/// context, with the root's `dismiss` and the shared-change tracker installed, then the test's
/// overrides), the recorder, the executor and the initial state.
@usableFromInline
@MainActor
struct TestStoreSetup<State, Action: Sendable> {
  @usableFromInline let dependencies: DependencyValues
  @usableFromInline let tracking: EffectTracking
  @usableFromInline let sharedChanges: SharedChangeTracker
  @usableFromInline let recorder: TestRecorder<State, Action>
  @usableFromInline let executor: SerialTestExecutor
  @usableFromInline let initialState: State

  @usableFromInline
  init(initialState: () -> State, prepareDependencies: (inout DependencyValues) -> Void) {
    var dependencies = DependencyValues.current
    dependencies.context = .test
    dependencies = dependencies.forNewStore()
    let tracking = EffectTracking()
    // The root feature dismissing itself dismisses the store (a test may replace it).
    dependencies.dismiss = DismissEffect { tracking.dismiss() }
    let sharedChanges = SharedChangeTracker()
    dependencies.runtime.sharedChangeTracker = sharedChanges
    DependencySetting.run { prepareDependencies(&dependencies) }
    let state = withDependencies {
      $0 = dependencies
    } operation: {
      initialState()
    }
    self.dependencies = dependencies
    self.tracking = tracking
    self.sharedChanges = sharedChanges
    self.initialState = state
    recorder = TestRecorder(initialState: state)
    executor = SerialTestExecutor(label: "a test store's effects")
  }

  /// Builds the reducer with the test's dependencies in force, as the initial state was.
  @usableFromInline
  func withTestDependencies<R>(_ build: () -> R) -> R {
    withDependencies {
      $0 = dependencies
    } operation: {
      build()
    }
  }
}
