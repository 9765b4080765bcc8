import Foundation
import ReducerKitMigrate
import Testing

@Suite struct MigrateCommandTests {
  @Test func theCommandLineIsReadOrRefusedWithAReason() throws {
    let options = try MigrateOptions([
      "App", "--dry-run", "--output", "out", "--report", "todo.md",
    ])
    #expect(options.paths == ["App"])
    #expect(options.isDryRun)
    #expect(options.output == "out")
    #expect(options.report == "todo.md")
    for (arguments, reason) in [
      ([], "no path to migrate"), (["--output"], "--output needs a folder after it"),
      (["a", "--fast"], "unknown option \"--fast\""),
      (["a", "--output", "x", "--output", "y"], "--output was given twice"),
      (["a", "--report"], "--report needs a file after it"),
      (["a", "--report", "x", "--report", "y"], "--report was given twice"),
    ] {
      #expect(throws: MigrateUsageError(reason)) { try MigrateOptions(arguments) }
    }
  }

  #if os(macOS) || os(Linux)
    /// Runs the built `reducerkit-migrate` with `arguments`; its output and exit status.
    func run(_ arguments: [String]) throws -> (output: String, status: Int32) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        .deletingLastPathComponent().appendingPathComponent("reducerkit-migrate")
      process.arguments = arguments
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      try process.run()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    @Test func aDryRunPrintsADiffAndWritesNothingThenARunMigratesInPlace() throws {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("MigrateCommandTests-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let file = folder.appendingPathComponent("Feature.swift")
      let source = "import ComposableArchitecture\n\n@Reducer\nstruct Feature {\n}\n"
      try source.write(to: file, atomically: true, encoding: .utf8)

      let dryRun = try run([folder.path, "--dry-run"])
      #expect(dryRun.status == 0)
      #expect(dryRun.output.contains("-import ComposableArchitecture\n+import ReducerKit"))
      #expect(dryRun.output.contains("-@Reducer\n-struct Feature {\n+struct Feature: Reducer {"))
      #expect(dryRun.output.hasSuffix("would change 1 file; 0 things left to do by hand\n"))
      #expect(try String(contentsOf: file, encoding: .utf8) == source)

      let migrated = try run([folder.path])
      #expect(migrated.output.hasSuffix("changed 1 file; 0 things left to do by hand\n"))
      #expect(
        try String(contentsOf: file, encoding: .utf8)
          == """
          import ReducerKit

          struct Feature: Reducer {
            struct State: Equatable, Sendable { init() {} }
            enum Action: CasePathable, Sendable {}
            var body: some ReducerOf<Self> { EmptyReducer() }
          }

          extension Feature.State: ReducerState { typealias StateReducer = Feature }

          """)
      #expect(
        try run([folder.path]).output.hasSuffix("changed 0 files; 0 things left to do by hand\n"))
    }

    @Test func theReportIsAChecklistBySectionWithCounts() throws {
      let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("MigrateCommandTests-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let file = folder.appendingPathComponent("Feature.swift")
      try "import ComposableArchitecture\nimport Combine\n".write(
        to: file, atomically: true, encoding: .utf8)
      let checklist = folder.appendingPathComponent("todo.md")

      let result = try run([folder.path, "--dry-run", "--report", checklist.path])
      #expect(result.status == 0)
      #expect(result.output.contains("wrote the checklist to \(checklist.path)"))
      let text = try String(contentsOf: checklist, encoding: .utf8)
      #expect(text.hasPrefix("# Left to do by hand after reducerkit-migrate\n\n- Files read: 1\n"))
      #expect(text.contains("- Files changed: 1\n"))
      let items = text.split(separator: "\n").filter { $0.hasPrefix("- [ ] `\(file.path):") }
      #expect(!items.isEmpty)
      #expect(text.contains("- Items left by hand: \(items.count)\n"))
    }

    @Test func aMistakeOnTheCommandLineIsOneLineAndStatusTwo() throws {
      let result = try run(["--fast"])
      #expect(result.status == 2)
      #expect(
        result.output.hasPrefix("error: unknown option \"--fast\"\nusage: reducerkit-migrate"))
    }
  #endif
}
