/// `import ComposableArchitecture` and the libraries it re-exports become `import ReducerKit`
/// (which brings Foundation too); a file that makes a `TestStore` also imports
/// `ReducerKitTesting`.
enum ImportRule {
  /// The modules whose API ReducerKit provides under its own name.
  static let replaced: Set<String> = [
    "ComposableArchitecture", "Dependencies", "DependenciesMacros", "CasePaths",
    "IdentifiedCollections", "ConcurrencyExtras", "CustomDump", "Sharing", "Perception",
    "SwiftNavigation", "IssueReporting", "XCTestDynamicOverlay", "Clocks", "CombineSchedulers",
  ]

  static func apply(to file: inout SourceFile) {
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
      if replaced.contains(module.name) || module.name == "ReducerKit" {
        guard !hasReducerKit else { continue }
        hasReducerKit = true
        result.append("\(module.prefix)import ReducerKit")
      } else {
        result.append(line)
      }
      lastImport = result.count - 1
    }
    let makesTestStores = result.contains {
      $0.contains("TestStore(") || $0.contains("TestStoreOf<")
    }
    if hasReducerKit, makesTestStores, !hasTesting, let lastImport {
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
