import Foundation

/// What is left by hand, found in the migrated text: macros and APIs the tool does not rewrite,
/// each with what to write instead.
enum RefusalRule {
  static let findings: [(marker: String, message: String, section: String)] = [
    (
      "@ViewAction",
      "@ViewAction: conform the feature's Action to ViewAction and send "
        + "\"store.send(.view(.x))\"", "Stores and views"
    ),
    (
      "WithViewStore",
      "WithViewStore: read the store itself (\"store.count\", "
        + "\"@Bindable var store\")", "Stores and views"
    ),
    ("ViewStore(", "ViewStore: read the store itself", "Stores and views"),
    (
      "IfLetStore",
      "IfLetStore: \"if let child = store.scope(state: \\.child, action: "
        + "\\.child) { ChildView(store: child) }\"", "Stores and views"
    ),
    (
      "ForEachStore",
      "ForEachStore: \"ForEach(store.scope(state: \\.rows, action: \\.rows)) "
        + "{ RowView(store: $0) }\"", "Stores and views"
    ),
    ("SwitchStore", "SwitchStore: switch over \"store.case\" or the state", "Stores and views"),
    (
      "NavigationStackStore",
      "NavigationStackStore: \"NavigationStack(path: $store.scope("
        + "state: \\.path, action: \\.path))\"", "Stores and views"
    ),
    (
      "@Reducer", "@Reducer in a form this tool does not rewrite: write \"struct Name: Reducer\"",
      "Features"
    ),
    (
      "@DependencyClient",
      "@DependencyClient in a form this tool does not rewrite: write the "
        + "struct of closures and its unimplemented test value", "Dependencies"
    ),
    (
      "@DependencyEndpoint", "@DependencyEndpoint: write the endpoint's method by hand",
      "Dependencies"
    ),
    (
      "\\.urlSession", "\\.urlSession is not provided: make a client of closures for the requests",
      "Dependencies"
    ),
    (
      "\\.mainRunLoop", "\\.mainRunLoop is not provided: use \\.continuousClock", "Dependencies"
    ),
    (
      "OrderedSet", "OrderedSet is not provided: an IdentifiedArray, or OrderedIDs for ids",
      "Navigation and collections"
    ),
    (
      // NB: `\.stackElementID` in a `@Dependency`, `$0.stackElementID` in a test's overrides.
      "stackElementID",
      "stackElementID is not provided: stack ids are counted per stack (0, 1, 2… in each), "
        + "so delete the override; a test of two stacks counts each from 0",
      "Navigation and collections"
    ),
  ]

  /// Whether `code` holds `marker`; an attribute only as a whole word (`@Reducer`, not
  /// `@ReducerBuilder`).
  static func contains(_ code: String, _ marker: String) -> Bool {
    guard marker.hasPrefix("@") else { return code.contains(marker) }
    let pattern = NSRegularExpression.escapedPattern(for: marker) + #"\b"#
    return code.range(of: pattern, options: .regularExpression) != nil
  }

  static func apply(to file: SourceFile, notes: inout [MigrationNote]) {
    let noted = Set(notes.map(\.anchor))
    var scanner = CodeScanner()
    for line in file.lines {
      let code = String(scanner.codeCharacters(of: line))
      guard !noted.contains(line) else { continue }
      for finding in findings where contains(code, finding.marker) {
        notes.append(MigrationNote(about: line, finding.message, section: finding.section))
        break
      }
    }
  }
}
