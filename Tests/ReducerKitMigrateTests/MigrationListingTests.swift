import ReducerKitMigrate
import Testing

/// Clients of any shape, the pre-1.7 binding spellings, and what the tool lists: once per file
/// and kind of change, with every line where it is to be made.
@Suite struct MigrationListingTests {
  func migrated(_ source: String) -> MigrationResult {
    Migration.migrate(source, path: "F.swift")
  }

  @Test func aClientOfAnyPropertyTypeOverSeveralLinesIsRewritten() {
    let result = migrated(
      """
      @DependencyClient
      struct Speech {
        struct ID: Hashable, Sendable { let rawValue: Int }
        let name = "speech"
        var status: @Sendable () -> Int = { 0 }
        var request:
          @Sendable (_ id: ID, _ words: [String]) async
          -> AsyncStream<String> = { _, _ in .finished }
        var lookup: @Sendable (_ id: ID) -> String?
        var label: @Sendable () -> String = { "none" }  // shown when off
      }
      """)
    #expect(result.notes.isEmpty, "\(result.notes)")
    #expect(
      result.text == """
        struct Speech {
          struct ID: Hashable, Sendable { let rawValue: Int }
          let name = "speech"
          var status: @Sendable () -> Int
          var request: @Sendable (_ id: ID, _ words: [String]) async -> AsyncStream<String>
          var lookup: @Sendable (_ id: ID) -> String?
          var label: @Sendable () -> String

          init(
            status: @escaping @Sendable () -> Int = unimplemented("Speech.status", placeholder: 0),
            request: @escaping @Sendable (_ id: ID, _ words: [String]) async -> AsyncStream<String> = unimplemented("Speech.request", placeholder: .finished),
            lookup: @escaping @Sendable (_ id: ID) -> String? = unimplemented("Speech.lookup", placeholder: nil),
            label: @escaping @Sendable () -> String = unimplemented("Speech.label", placeholder: "none")
          ) {
            self.status = status
            self.request = request
            self.lookup = lookup
            self.label = label
          }

          func request(id: ID, words: [String]) async -> AsyncStream<String> {
            await self.request(id, words)
          }

          func lookup(id: ID) -> String? {
            self.lookup(id)
          }
        }
        """)
  }

  @Test func bindingStateFieldsBecomePlainFieldsAndTheirKeyPathsPlain() {
    let result = migrated(
      """
      struct State: Equatable {
        @BindingState var name = ""
        @Presents var sheet: Sheet.State?
      }
      await store.send(.binding(.set(\\.$name, "Blob"))) {
        $0.name = "Blob"
      }
      store.send(.sheet(.dismiss)); _ = \\State.$sheet
      """)
    #expect(
      result.text == """
        struct State: Equatable {
          var name = ""
          @Presents var sheet: Sheet.State?
        }
        await store.send(.binding(.set(\\.name, "Blob"))) {
          $0.name = "Blob"
        }
        store.send(.sheet(.dismiss)); _ = \\State.$sheet
        """)
  }

  @Test func theSameChangeInAFileIsOneItemWithEveryLine() {
    let result = migrated(
      """
      let viewStore = ViewStore(store, observe: { $0 })
      viewStore.send(.tapped)
      print(viewStore.count)
      """)
    #expect(result.notes.count == 1)
    #expect(result.notes.first?.line == 1)
    #expect(result.notes.first?.otherLines == [2, 3])
    #expect(
      result.notes.first?.description
        == "F.swift:1: view stores are not provided (deprecated in TCA): read and send through "
        + "the store itself (\"store.count\", \"store.send(.tapped)\", \"@Bindable var store\" "
        + "and \"$store.text\" for a binding), and delete view states and their "
        + "@BindingViewState (also lines 2, 3) (Migrating from TCA, \"Stores and views\")")
  }

  @Test func aTestOfTCAsInternalsIsListedLineByLine() {
    let result = migrated(
      """
      @_spi(Internals) import ComposableArchitecture

      func testCancellables() {
        XCTAssertEqual(_cancellationCancellables.count, 0)
        XCTAssertEqual(store.count, 1)
        XCTAssertEqual(store.effectCancellables.count, 0)
      }
      """)
    #expect(result.notes.map(\.line) == [1])
    #expect(result.notes.first?.otherLines == [4, 6])
    #expect(
      result.notes.first?.message.hasPrefix("TCA's internal API (@_spi) has no counterpart")
        == true)
  }

  @Test func publishersAndOtherFrameworksAreListedWhereUsed() {
    let result = migrated(
      """
      import ComposableArchitecture
      import SwiftUINavigation
      import Tagged
      import os.signpost

      let subject = PassthroughSubject<Int, Never>()
      let effect = Effect<Int>.publisher { Just(1) }
      let stub = XCTUnimplemented("Client.fetch")
      """)
    #expect(
      result.text.hasPrefix(
        "import ReducerKit\nimport Tagged\nimport os.signpost\n\n"))
    #expect(result.text.contains("let stub = unimplemented(\"Client.fetch\")"))
    #expect(
      result.notes.map { "\($0.line) \($0.section): \($0.message.prefix(22))" } == [
        "2 Imports: Tagged is a package of",
        "3 Imports: os exists on Apple pla",
        "5 Effects: Combine is not provide",
      ])
    #expect(result.notes.last?.otherLines == [6])
  }

  @Test func aValueSentByPatternWithALeadingDotIsListed() {
    let result = migrated(
      """
      await store.send(\\.view.filterPicked, .active) {
        $0.filter = .active
      }
      await store.send(\\.view.filterPicked, Filter.active)
      """)
    #expect(result.notes.map(\.line) == [1])
    #expect(result.notes.first?.section == "Tests")
  }

  @Test func aFeatureWhoseBodyNamesItsTypesStillNamesItsReducer() {
    let result = migrated(
      """
      @Reducer
      struct Counter {
        struct State: Equatable { var count = 0 }
        enum Action { case tapped }
        var body: some Reducer<State, Action> { EmptyReducer() }
      }
      """)
    #expect(!result.text.contains("struct State: Equatable, Sendable { init() {} }"))
    #expect(
      result.text.hasSuffix(
        "extension Counter.State: ReducerState { typealias StateReducer = Counter }"))
  }
}
