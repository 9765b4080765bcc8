import Foundation
import ReducerKit
import Testing

/// `SessionRecording.testStoreSource(…)`: a recorded session as a `TestStore` test, with a
/// placeholder for each dependency the feature declares.
@MainActor
@Suite struct SessionRecordingTestStoreSourceTests {
  struct Stamp: Reducer {
    struct State: Equatable, Sendable {
      var id: UUID?
    }
    enum Action: Sendable {
      case stamp
    }
    @Dependency(\.uuid) var makeID
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.id = makeID()
      return .none
    }
  }

  struct Mailbox: Reducer {
    struct Settings: Equatable, Sendable {
      var signature = ""
    }
    struct State: Equatable, Sendable {
      var stamp = Stamp.State()
      var delivered = 0
      @Shared var settings: Settings
      init(settings: Settings = Settings()) { _settings = Shared(value: settings) }
    }
    enum Action: CasePathable, Sendable {
      case stamp(Stamp.Action)
      case sign(String)
      case sendTapped
      case delivered(Result<Int, any Error>)
      case listen
    }
    @Dependency(\.continuousClock) var clock
    var body: some ReducerOf<Self> {
      Scope(state: \.stamp, action: \.stamp) { Stamp() }
      Reduce { state, action in
        switch action {
        case .stamp: return .none
        case .sign(let signature):
          state.$settings.withLock { $0.signature = signature }
          return .none
        case .sendTapped:
          return .run { [clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.delivered(.success(3)))
          }
        case .delivered(.success(let count)):
          state.delivered = count
          return .none
        case .delivered(.failure):
          return .none
        case .listen:
          return .run { _ in try await Task.never() }
        }
      }
    }
  }

  func recording(
    _ actions: [Mailbox.Action]
  ) async -> SessionRecording<Mailbox.State, Mailbox.Action> {
    let store = Store(initialState: Mailbox.State()) {
      Mailbox()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.continuousClock = ImmediateClock()
    }
    let recording = store.startRecording()
    for action in actions { await store.send(action).finish() }
    recording.stop()
    return recording
  }

  @Test func sendsWhatCameFromOutsideAndReceivesWhatEffectsSentBack() async {
    let recording = await recording([.stamp(.stamp), .sign("Ada"), .sendTapped])
    let source = recording.testStoreSource(
      feature: "Mailbox()", initialState: "Mailbox.State()",
      dependencies: ["$0.uuid = .incrementing"])
    let effectLine = 50
    #expect(
      source == #"""
        import ReducerKit
        import ReducerKitTesting
        import Testing

        /// A recorded session of 4 steps, replayed through a test store: what was sent
        /// from outside sent again, what effects sent back received.
        @MainActor
        @Test func recordedSession() async {
          let store = TestStore(initialState: Mailbox.State()) {
            Mailbox()
          } withDependencies: {
            $0.uuid = .incrementing
            // What the session's effects sent back, for the mocks below to return:
            // - step 3, by the effect at ReducerKitTests/SessionRecordingTestStoreSourceTests.swift:\#(effectLine):
            //   .delivered(.success(3))
            $0.continuousClock = <#any Clock<Duration>#>
          }

          // Step 0, sent from outside the store.
          await store.send(.stamp(.stamp)) {
            $0.stamp.id = UUID(0)
          }

          // Step 1, sent from outside the store.
          await store.send(.sign("Ada")) {
            $0.$settings.withLock { $0.signature = "Ada" }
          }

          // Step 2, sent from outside the store.
          await store.send(.sendTapped)

          // Step 3, sent by the effect at ReducerKitTests/SessionRecordingTestStoreSourceTests.swift:\#(effectLine).
          await store.receive(\.delivered.success, 3) {
            $0.delivered = 3
          }
        }

        """#)
  }

  @Test func everyDeclaredDependencyGetsAPlaceholderUntilALineSetsIt() async {
    let recording = await recording([.stamp(.stamp)])
    // NB: the child's `makeID` is set by its key path's name; the parent's `clock` too.
    let bare = recording.testStoreSource(feature: "Mailbox()", initialState: "Mailbox.State()")
    #expect(bare.contains("$0.uuid = <#UUIDGenerator#>"))
    #expect(bare.contains("$0.continuousClock = <#any Clock<Duration>#>"))
    #expect(!bare.contains("What the session's effects sent back"))
    let filled = recording.testStoreSource(
      feature: "Mailbox()", initialState: "Mailbox.State()",
      dependencies: ["$0.uuid = .incrementing", "$0.continuousClock = ImmediateClock()"])
    #expect(!filled.contains("<#"))
    #expect(filled.contains("  } withDependencies: {\n    $0.uuid = .incrementing\n"))
  }

  @Test func anEffectStillRunningIsSkippedAtTheEnd() async {
    let store = Store(initialState: Mailbox.State()) { Mailbox() }
    let recording = store.startRecording()
    let listening = store.send(.listen)
    recording.stop()
    let source = recording.testStoreSource(feature: "Mailbox()", initialState: "Mailbox.State()")
    listening.cancel()
    #expect(
      source.contains(
        """
          // An effect still ran when the session was recorded.
          await store.skipInFlightEffects()
        }
        """))
  }

  @Test func theInitialStatesDifferencesAreSetBeforeTheStoreIsMade() async {
    let store = Store(initialState: Mailbox.State(settings: .init(signature: "Bo"))) {
      Mailbox()
    }
    let recording = store.startRecording()
    recording.stop()
    let source = recording.testStoreSource(
      feature: "Mailbox()", initialState: "Mailbox.State()", startingFrom: Mailbox.State())
    #expect(
      source.contains(
        """
          var initialState = Mailbox.State()
          initialState.$settings.withLock { $0.signature = "Bo" }
          let store = TestStore(initialState: initialState) {
        """))
  }

  enum Light: Equatable, Sendable { case on, off }
  struct Lamp: Reducer {
    struct State: Equatable, Sendable { var light = Light.off }
    enum Action: Equatable, Sendable {
      case switched(Light)
      case confirmed(Light)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .switched(let light): return .send(.confirmed(light))
      case .confirmed(let light):
        state.light = light
        return .none
      }
    }
  }

  @Test func anEquatableActionIsReceivedInFull() {
    let store = Store(initialState: Lamp.State()) { Lamp() }
    let recording = store.startRecording()
    store.send(.switched(.on))
    recording.stop()
    let source = recording.testStoreSource(feature: "Lamp()", initialState: "Lamp.State()")
    #expect(
      source.contains(
        """
          // Step 1, sent by the reducer at step 0.
          await store.receive(.confirmed(.on)) {
            $0.light = .on
          }
        """))
    #expect(!source.contains("withDependencies"))
  }

  struct Parcel: Reducer {
    struct Label: Equatable, Sendable {
      var to = ""
      var weight = 0
    }
    enum Stage: CasePathable, Equatable, Sendable {
      case packing(Label)
      case sent(Label)
    }
    struct State: Equatable, Sendable {
      var label: Label?
      var stage = Stage.packing(Label())
    }
    enum Action: Equatable, Sendable {
      case label(String)
      case weigh(Int)
      case send
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .label(let to): state.label = Label(to: to)
      case .weigh(let weight): state.label?.weight = weight
      case .send: state.stage = .sent(state.label ?? Label())
      }
      return .none
    }
  }

  /// `$0.label?.to = …` sets nothing while `label` is `nil`, and `$0[case: …]?.to = …` nothing
  /// while the stage is another case: a field that appears so is assigned with its container.
  @Test func aFieldThatAppearsIsAssignedWithItsOptionalOrCase() async {
    let store = Store(initialState: Parcel.State()) { Parcel() }
    let recording = store.startRecording()
    store.send(.label("Ada"))
    store.send(.weigh(3))
    store.send(.send)
    recording.stop()
    let source = recording.testStoreSource(feature: "Parcel()", initialState: "Parcel.State()")
    #expect(
      source.contains(
        """
          await store.send(.label("Ada")) {
            $0.label = SessionRecordingTestStoreSourceTests.Parcel.Label(to: "Ada", weight: 0)
          }
        """), "\(source)")
    #expect(
      source.contains(
        """
          await store.send(.weigh(3)) {
            $0.label?.weight = 3
          }
        """))
    #expect(
      source.contains(
        """
          await store.send(.send) {
            $0.stage = .sent(SessionRecordingTestStoreSourceTests.Parcel.Label(to: "Ada", weight: 3))
          }
        """))
    // NB: the reducer-alone form reads through them: a read of an absent one is `nil`.
    let readable = recording.testSource(feature: "Parcel()", initialState: "Parcel.State()")
    #expect(
      readable.contains(
        "#expect(state.stage[case: SessionRecordingTestStoreSourceTests.Parcel.Stage.sent]?.weight"
          + " == 3)"))
  }

  struct Greeter: Reducer {
    struct State: Equatable, Sendable { var text = "" }
    enum Action: Equatable, Sendable { case greet }
    // NB: a property named otherwise than the key path it reads.
    @Dependency(\.recordedGreeting) var hello
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.text = hello
      return .none
    }
  }

  /// A dependency is set by its key path's name, read from its declaration where the runtime
  /// cannot name the key path.
  @Test func aDependencyIsNamedByItsKeyPathNotItsProperty() {
    let store = Store(initialState: Greeter.State()) { Greeter() }
    let recording = store.startRecording()
    store.send(.greet)
    recording.stop()
    let source = recording.testStoreSource(feature: "Greeter()", initialState: "Greeter.State()")
    #expect(source.contains("    $0.recordedGreeting = <#String#>\n"), "\(source)")
  }
}

private enum RecordedGreetingKey: DependencyKey {
  static let liveValue = "Hello"
  static let testValue = "Hello, test"
}

extension DependencyValues {
  fileprivate var recordedGreeting: String {
    get { self[RecordedGreetingKey.self] }
    set { self[RecordedGreetingKey.self] = newValue }
  }
}
