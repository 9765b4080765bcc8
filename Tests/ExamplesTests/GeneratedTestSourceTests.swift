import CounterExample
import Foundation
import MeetingsExample
import ReducerKit
import SearchExample
import TeaTimersExample
import Testing
import TodosExample
import ToolshedExample

/// Recorded sessions turned into test source: the source generated for each example's session
/// is the test committed in `Generated/`, which this target compiles and runs as it was
/// generated.
@MainActor
@Suite struct GeneratedTestSourceTests {
  /// The counter's session: three taps, a fact loaded by an effect, a tap that clears it.
  static func counterRecording() async -> SessionRecording<Counter.State, Counter.Action> {
    let store = Store(initialState: Counter.State(count: 7)) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a prime number" }
    }
    let recording = store.startRecording()
    for _ in 0..<3 { store.send(.view(.incrementTapped)) }
    await store.send(.view(.factTapped)).finish()
    store.send(.view(.decrementTapped))
    recording.stop()
    return recording
  }

  static func counterSource() async -> String {
    await counterRecording().testSource(
      named: "aRecordedCounterSessionReducesAsItDid", feature: "Counter()",
      initialState: "Counter.State()", startingFrom: Counter.State(),
      imports: ["CounterExample"])
  }

  /// A to-do list's session: two rows added, one completed (sorted down by an effect), the
  /// filter changed, a row deleted through its confirmation dialog. Its reducer reads the UUID generator, named for the generated test.
  static func todosRecording() async -> SessionRecording<Todos.State, Todos.Action> {
    let store = Store(initialState: Todos.State()) {
      Todos()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.continuousClock = ImmediateClock()
    }
    let recording = store.startRecording()
    store.send(.view(.addTapped(title: "milk")))
    store.send(.view(.addTapped(title: "eggs")))
    await store.send(.todos(.element(id: UUID(0), action: .toggleTapped))).finish()
    store.send(.view(.filterChanged(.active)))
    store.send(.view(.deleteTapped(id: UUID(1))))
    store.send(.dialog(.presented(.confirmDeletion(id: UUID(1)))))
    recording.stop()
    return recording
  }

  static func todosSource() async -> String {
    await todosRecording().testSource(
      named: "aRecordedTodosSessionReducesAsItDid", feature: "Todos()",
      initialState: "Todos.State()", startingFrom: Todos.State(),
      dependencies: ["$0.uuid = .incrementing"], imports: ["TodosExample"])
  }

  /// The to-do list's session from its dialog on: the rows, the filter and the history the
  /// steps before left, set, then the deletion.
  static func todosFromDialogSource() async -> String {
    await todosRecording().testSource(
      named: "theRecordedTodosSessionFromItsDialogReducesAsItDid", feature: "Todos()",
      initialState: "Todos.State()", startingFrom: Todos.State(), fromStep: 5,
      dependencies: ["$0.uuid = .incrementing"], imports: ["TodosExample"])
  }

  /// A tea's session: started, three seconds ticked (sent as the timer sends them), ready.
  static func teaSource() async -> String {
    let tea = Tea.State(id: UUID(0), name: "Sencha", steepTime: .seconds(3))
    let store = Store(initialState: tea) {
      Tea()
    } withDependencies: {
      // NB: a clock that is never advanced: the ticks are sent below, one by one.
      $0.continuousClock = TestClock()
    }
    let recording = store.startRecording()
    let started = store.send(.start)
    for _ in 0..<3 { store.send(.tick) }
    await started.finish()
    recording.stop()
    return recording.testSource(
      named: "aRecordedTeaSessionReducesAsItDid", feature: "Tea()",
      initialState: #"Tea.State(id: UUID(0), name: "Sencha", steepTime: .seconds(3))"#,
      imports: ["TeaTimersExample"])
  }

  /// A place search's session: a query typed (a binding), its results loaded by an effect.
  static func searchRecording() async -> SessionRecording<Search.State, Search.Action> {
    let store = Store(initialState: Search.State()) {
      Search()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
      $0.placeSearch.search = { _ in [Place(name: "Lisbon", country: "Portugal")] }
    }
    let recording = store.startRecording()
    await store.send(.view(.binding(.set(\.query, "Lis")))).finish()
    recording.stop()
    return recording
  }

  static func searchSource() async -> String {
    await searchRecording().testSource(
      named: "aRecordedSearchSessionReducesAsItDid", feature: "Search()",
      initialState: "Search.State()", imports: ["SearchExample"])
  }

  /// A meetings session: a meeting added through the sheet (a binding, a shared value), opened
  /// (a stack), deleted through its alert (the detail dismissed by an effect).
  static func meetingsSource() async -> String {
    let store = Store(initialState: MeetingsApp.State()) {
      MeetingsApp()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.defaultFileStorage = .inMemory(InMemoryFileSystem())
    }
    let recording = store.startRecording()
    store.send(.list(.view(.addTapped)))
    store.send(.list(.addMeeting(.presented(.view(.binding(.set(\.meeting.title, "Retro")))))))
    store.send(.list(.view(.confirmAddTapped)))
    store.send(.list(.view(.meetingTapped(id: UUID(0)))))
    store.send(.path(.element(id: 0, action: .detail(.view(.deleteTapped)))))
    await store.send(
      .path(.element(id: 0, action: .detail(.destination(.presented(.alert(.confirmDeletion))))))
    ).finish()
    recording.stop()
    return recording.testSource(
      named: "aRecordedMeetingsSessionReducesAsItDid", feature: "MeetingsApp()",
      initialState: "MeetingsApp.State()", dependencies: ["$0.uuid = .incrementing"],
      imports: ["MeetingsExample"])
  }

  /// A tool shed's session: signing in with a wrong code (an error, an alert), then the right
  /// one, and the shed's tools loaded.
  static func toolshedRecording() async -> SessionRecording<Toolshed.State, Toolshed.Action> {
    let store = Store(initialState: Toolshed.State()) {
      Toolshed()
    } withDependencies: {
      $0.signIn = .liveValue
      $0.lending = .liveValue
      $0.date = .constant(Date(timeIntervalSince1970: 1_000_000))
    }
    let recording = store.startRecording()
    store.send(.signIn(.view(.emailChanged("ada@example.com"))))
    await store.send(.signIn(.view(.sendCodeTapped))).finish()
    store.send(.signIn(.view(.codeChanged("1111"))))
    await store.send(.signIn(.view(.verifyTapped))).finish()
    store.send(.signIn(.alert(.dismiss)))
    store.send(.signIn(.view(.codeChanged("2468"))))
    await store.send(.signIn(.view(.verifyTapped))).finish()
    await store.send(.shed(.view(.appeared))).finish()
    recording.stop()
    return recording
  }

  static func toolshedSource() async -> String {
    await toolshedRecording().testSource(
      named: "aRecordedToolshedSessionReducesAsItDid", feature: "Toolshed()",
      initialState: "Toolshed.State()", imports: ["Foundation", "ToolshedExample"])
  }

  /// The counter's session as a test store test, its dependency filled in as the session had it.
  static func counterStoreSource() async -> String {
    await counterRecording().testStoreSource(
      named: "aRecordedCounterSessionPlaysOutThroughATestStore", feature: "Counter()",
      initialState: "Counter.State()", startingFrom: Counter.State(),
      dependencies: [#"$0.numberFact.fetch = { "\($0) is a prime number" }"#],
      imports: ["CounterExample"])
  }

  /// The search's session as a test store test, its clock and search filled in.
  static func searchStoreSource() async -> String {
    await searchRecording().testStoreSource(
      named: "aRecordedSearchSessionPlaysOutThroughATestStore", feature: "Search()",
      initialState: "Search.State()",
      dependencies: [
        "$0.continuousClock = ImmediateClock()",
        #"$0.placeSearch.search = { _ in [Place(name: "Lisbon", country: "Portugal")] }"#,
      ],
      imports: ["SearchExample"])
  }

  /// Expects `source` to be the committed test `file`, or, with REDUCERKIT_REGENERATE=1,
  /// writes it there.
  func expectCommitted(_ source: String, in file: String) throws {
    let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Generated/\(file)")
    if ProcessInfo.processInfo.environment["REDUCERKIT_REGENERATE"] == "1" {
      try source.write(to: committed, atomically: true, encoding: .utf8)
    }
    let expected = try String(contentsOf: committed, encoding: .utf8)
    #expect(
      source == expected,
      """
      The source generated from a recorded session is not the committed test \(file). If the \
      generator's change is intended, run this test with REDUCERKIT_REGENERATE=1 to write it \
      to \(committed.path), and review the change.
      """)
  }

  @Test func theCountersGeneratedSourceIsTheCommittedTest() async throws {
    try expectCommitted(await Self.counterSource(), in: "CounterRecordedSessionTests.swift")
  }

  @Test func theTodosGeneratedSourceIsTheCommittedTest() async throws {
    try expectCommitted(await Self.todosSource(), in: "TodosRecordedSessionTests.swift")
  }

  @Test func theTodosSourceFromItsDialogIsTheCommittedTest() async throws {
    try expectCommitted(
      await Self.todosFromDialogSource(), in: "TodosFromDialogRecordedSessionTests.swift")
  }

  @Test func theTeasGeneratedSourceIsTheCommittedTest() async throws {
    try expectCommitted(await Self.teaSource(), in: "TeaRecordedSessionTests.swift")
  }

  @Test func theSearchsGeneratedSourceIsTheCommittedTest() async throws {
    try expectCommitted(await Self.searchSource(), in: "SearchRecordedSessionTests.swift")
  }

  @Test func theMeetingsGeneratedSourceIsTheCommittedTest() async throws {
    try expectCommitted(await Self.meetingsSource(), in: "MeetingsRecordedSessionTests.swift")
  }

  @Test func theToolshedsGeneratedSourceIsTheCommittedTest() async throws {
    try expectCommitted(await Self.toolshedSource(), in: "ToolshedRecordedSessionTests.swift")
  }

  @Test func theCountersTestStoreSourceIsTheCommittedTest() async throws {
    try expectCommitted(
      await Self.counterStoreSource(), in: "CounterRecordedSessionStoreTests.swift")
  }

  @Test func theSearchsTestStoreSourceIsTheCommittedTest() async throws {
    try expectCommitted(
      await Self.searchStoreSource(), in: "SearchRecordedSessionStoreTests.swift")
  }

  /// Without their fills, the two test store sources name each dependency to fill in.
  @Test func unfilledDependenciesArePlaceholders() async {
    let counter = await Self.counterRecording().testStoreSource(
      feature: "Counter()", initialState: "Counter.State()")
    #expect(counter.contains("    $0.numberFact = <#NumberFactClient#>\n"))
    let search = await Self.searchRecording().testStoreSource(
      feature: "Search()", initialState: "Search.State()")
    #expect(search.contains("    $0.continuousClock = <#any Clock<Duration>#>\n"))
    #expect(search.contains("    $0.placeSearch = <#PlaceSearchClient#>\n"))
  }
}
