import Foundation
import ReducerKitMigrate
import Testing

/// The migration tool on fixtures written here: a TCA feature, its client and its tests
/// (`Fixtures/`), migrated to what `Migrated/` holds — which this target compiles, and whose
/// tests run — and a file of what the tool does not rewrite, each listed.
@Suite struct MigrationTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  func read(_ path: String) throws -> String {
    try String(contentsOf: Self.folder.appendingPathComponent(path), encoding: .utf8)
  }

  @Test(arguments: ["Counter.swift", "CounterTests.swift"])
  func aTCAFeatureMigratesToCodeThatBuildsAndPasses(file: String) throws {
    let result = Migration.migrate(try read("Fixtures/\(file)"), path: file)
    let expected = try read("Migrated/\(file)")
    #expect(result.text == expected, "\(result.text)")
    #expect(result.notes == [])
  }

  @Test(arguments: ["Counter.swift", "CounterTests.swift", "Leftovers.migrated.txt"])
  func migratingTwiceChangesNothingMore(file: String) throws {
    let source = try read(file.hasSuffix(".txt") ? "Fixtures/\(file)" : "Migrated/\(file)")
    #expect(Migration.migrate(source, path: file).text == source)
  }

  @Test func aTestFileUsingOnlyTestingHelpersImportsReducerKitTesting() {
    let source = """
      import ComposableArchitecture
      import XCTest

      final class ClockTests: XCTestCase {
        func testSerially() async {
          await withMainSerialExecutor {
            XCTAssertNoDifference(1, 1)
          }
        }
      }
      """
    let result = Migration.migrate(source, path: "ClockTests.swift")
    #expect(
      result.text.hasPrefix("import ReducerKit\nimport ReducerKitTesting\nimport XCTest\n"),
      "\(result.text)")
    let app = Migration.migrate(
      "import ComposableArchitecture\n\nlet store = Store(initialState: 0) { EmptyReducer() }\n",
      path: "App.swift")
    #expect(!app.text.contains("ReducerKitTesting"))
  }

  @Test func importsOfFrameworksItDoesNotReplaceAreListed() {
    let result = Migration.migrate(
      "import ComposableArchitecture\nimport Combine\nimport os\n", path: "Feature.swift")
    #expect(result.text == "import ReducerKit\nimport Combine\nimport os\n")
    #expect(
      result.notes.map { "\($0.line) \($0.section): \($0.message.prefix(30))" } == [
        "2 Effects: Combine is not provided (TCA r",
        "3 Imports: os exists on Apple platforms o",
      ])
  }

  @Test func whatItCannotRewriteItListsWithTheGuidesSection() throws {
    let result = Migration.migrate(try read("Fixtures/Leftovers.swift"), path: "Leftovers.swift")
    #expect(result.text == (try read("Fixtures/Leftovers.migrated.txt")))
    #expect(
      result.notes.map { "\($0.line) \($0.section): \($0.message.prefix(24))" } == [
        "22 Dependencies: @DependencyClient in a f",
        "24 Dependencies: \"isOn\" neither throws no",
        "31 Dependencies: \\.urlSession is not prov",
        "34 Effects: a use of the scheduler a",
        "39 Stores and views: @ViewAction: conform the",
        "43 Stores and views: view stores are not prov",
      ])
    #expect(
      result.notes[1].description
        == #"Leftovers.swift:24: "isOn" neither throws nor returns Void: give it a default "#
        + #"("= { value }"), which its unimplemented test value returns "#
        + #"(Migrating from TCA, "Dependencies")"#)
  }

  @Test func aStackElementIDOverrideIsLeftWithWhyToDeleteIt() {
    // TCA's tests reset its process-wide generator of stack ids; here ids are counted per stack.
    let result = Migration.migrate(
      """
      let store = TestStore(initialState: Parent.State()) {
        Parent()
      } withDependencies: {
        $0.stackElementID = .incrementing
      }
      """, path: "ParentTests.swift")
    #expect(
      result.notes.map(\.description) == [
        #"ParentTests.swift:4: stackElementID is not provided: stack ids are counted per stack "#
          + #"(0, 1, 2… in each), so delete the override; a test of two stacks counts each from "#
          + #"0 (Migrating from TCA, "Navigation and collections")"#
      ])
  }

  @Test func aClientEndpointReturningAStreamNeedsNoDefault() {
    let result = Migration.migrate(
      """
      @DependencyClient
      struct Socket {
        var events: @Sendable (_ url: URL) -> AsyncThrowingStream<Int, any Error>
      }
      """, path: "Socket.swift")
    #expect(result.notes == [])
    #expect(
      result.text.contains(
        "events: @escaping @Sendable (_ url: URL) -> AsyncThrowingStream<Int, any Error> = "
          + "unimplemented(\"Socket.events\")"))
    #expect(
      result.text.contains("  func events(url: URL) -> AsyncThrowingStream<Int, any Error> {"))
  }

  @Test func eachRuleOnItsOwn() {
    func migrated(_ source: String) -> String { Migration.migrate(source, path: "f").text }
    // An attribute on the declaration's own line, with conformances already there.
    #expect(
      migrated(
        "@Reducer struct A: Sendable {\n  struct State {}\n  enum Action: Equatable {\n  }\n}\n")
        == "struct A: Reducer, Sendable {\n  struct State {}\n"
        + "  enum Action: CasePathable, Sendable, Equatable {\n  }\n}\n\n"
        + "extension A.State: ReducerState { typealias StateReducer = A }\n"
    )
    #expect(migrated("@CasePathable enum E {\n}\n") == "enum E: CasePathable {\n}\n")
    #expect(
      migrated("  @PresentationState var sheet: Sheet.State?\n")
        == "  @Presents var sheet: Sheet.State?\n")
    // The libraries TCA re-exports become one import.
    #expect(
      migrated("import Dependencies\nimport CasePaths\nimport IdentifiedCollections\n")
        == "import ReducerKit\n")
    // Braces in strings and comments do not end a declaration.
    #expect(
      migrated(
        "@Reducer\nstruct A {\n  let s = \"}\" // }\n  typealias State = Int\n  enum Action {\n  }\n}\n"
      )
        == "struct A: Reducer {\n  let s = \"}\" // }\n  typealias State = Int\n"
        + "  enum Action: CasePathable, Sendable {\n  }\n}\n"
    )
  }
}
