/// `import ComposableArchitecture` and the libraries it re-exports become `import ReducerKit`
/// (which brings Foundation too); a file that uses a testing API (a `TestStore`,
/// `withMainSerialExecutor`, `withExpectedIssue`, `expectNoDifference`, `XCTModify`, …) also
/// imports `ReducerKitTesting`. Imports of frameworks ReducerKit does not replace are listed.
enum ImportRule {
  /// The modules whose API ReducerKit provides under its own name.
  static let replaced: Set<String> = [
    "ComposableArchitecture", "Dependencies", "DependenciesMacros", "CasePaths",
    "IdentifiedCollections", "ConcurrencyExtras", "CustomDump", "Sharing", "Perception",
    "SwiftNavigation", "SwiftUINavigation", "UIKitNavigation", "IssueReporting",
    "IssueReportingTestSupport", "XCTestDynamicOverlay", "Clocks", "CombineSchedulers",
    "DependenciesTestSupport",
  ]

  /// The testing API that lives in `ReducerKitTesting`, as a call or a type reads.
  static let testingNames = [
    "TestStore", "TestStoreOf", "withMainSerialExecutor", "withExpectedIssue",
    "expectNoDifference", "expectDifference", "XCTAssertNoDifference", "XCTAssertDifference",
    "XCTModify",
  ]

  /// Frameworks TCA code imports that ReducerKit does not replace, and what to do about each.
  static let unreplaced: [String: String] = [
    "Combine": RefusalRule.combineAdvice,
    "os":
      "os exists on Apple platforms only: keep the logging behind #if canImport(os) if the "
      + "feature builds for Linux",
    "OSLog":
      "OSLog exists on Apple platforms only: keep the logging behind #if canImport(OSLog) if the "
      + "feature builds for Linux",
    "Tagged":
      "Tagged is a package of its own, not part of TCA: keep it as a dependency of the app (or "
      + "make the ids plain types)",
    "OrderedCollections":
      "ReducerKit does not provide swift-collections: keep it as a dependency, or use "
      + "IdentifiedArray (OrderedIDs for a set of ids)",
    "SnapshotTesting":
      "swift-snapshot-testing is a package of its own, not part of TCA: keep it as a dependency",
    "InlineSnapshotTesting":
      "swift-snapshot-testing is a package of its own, not part of TCA: keep it as a dependency",
    "MacroTesting":
      "MacroTesting tests macros, and ReducerKit has none: delete the test, or keep the package",
  ]

  /// What to do about an import ReducerKit does not replace; `nil` when it needs nothing.
  static func advice(for module: String) -> String? {
    // NB: `import os.signpost`, `import os.log`.
    unreplaced[module] ?? module.split(separator: ".").first.flatMap { unreplaced[String($0)] }
  }

  static func apply(to file: inout SourceFile, notes: inout [MigrationNote]) {
    var hasReducerKit = false
    var hasTesting = false
    var lastImport: Int?
    var result: [String] = []
    for line in file.lines {
      guard let module = importedModule(line) else {
        result.append(line)
        continue
      }
      if module.name == "ReducerKitTesting" { hasTesting = true }
      if let advice = advice(for: module.name) {
        // NB: Combine's import is one item with its uses, under effects.
        let section = module.name == "Combine" ? "Effects" : "Imports"
        notes.append(MigrationNote(about: line, advice, section: section))
      }
      if replaced.contains(module.name) || module.name == "ReducerKit" {
        guard !hasReducerKit else { continue }
        hasReducerKit = true
        result.append("\(module.prefix)import ReducerKit")
      } else {
        result.append(line)
      }
      lastImport = result.count - 1
    }
    let usesTesting = result.contains { line in
      importedModule(line) == nil
        && testingNames.contains { name in
          line.contains("\(name)(") || line.contains("\(name)<") || line.contains("\(name) {")
        }
    }
    if hasReducerKit, usesTesting, !hasTesting, let lastImport {
      let reducerKit = result.firstIndex { importedModule($0)?.name == "ReducerKit" } ?? lastImport
      result.insert("import ReducerKitTesting", at: reducerKit + 1)
    }
    file.lines = result
  }

  /// The module a plain `import` line imports, and what precedes `import` (`@testable `).
  static func importedModule(_ line: String) -> (name: String, prefix: String)? {
    let words = line.split(separator: " ")
    guard let keyword = words.firstIndex(of: "import"), keyword + 1 == words.count - 1,
      words[..<keyword].allSatisfy({ $0.hasPrefix("@") })
    else { return nil }
    let prefix = words[..<keyword].map { "\($0) " }.joined()
    return (String(words[keyword + 1]), prefix)
  }
}
