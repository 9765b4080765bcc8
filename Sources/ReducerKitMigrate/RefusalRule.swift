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
      "viewStore",
      "a view store: read and send through the store itself (\"store.count\", "
        + "\"store.send(.tapped)\", \"$store.text\" for a binding)", "Stores and views"
    ),
    (
      "BindingViewState",
      "@BindingViewState belongs to a view store: bind the store's field "
        + "(\"$store.name\") and delete the view state", "Stores and views"
    ),
    (
      "BindingViewStore",
      "BindingViewStore belongs to a view store: bind the store's field "
        + "(\"$store.name\") and delete the view state", "Stores and views"
    ),
    (
      ".bindings",
      "a store's bindings view (for a view state) is not provided: read the "
        + "store's fields, bind them with \"$store.name\"", "Stores and views"
    ),
    (
      ".publisher",
      "publishers (Combine) are not provided: write an effect with "
        + "\".run { send in for await value in stream { await send(…) } }\", observe a store "
        + "with \"store.observe(\\.field)\" and a shared value with \"$value.values\"",
      "Effects"
    ),
    (
      "AnyCancellable",
      "AnyCancellable (Combine) is not provided: keep a Task and cancel it, or "
        + "an effect's cancel ID", "Effects"
    ),
    ("PassthroughSubject", combineAdvice("PassthroughSubject"), "Effects"),
    ("CurrentValueSubject", combineAdvice("CurrentValueSubject"), "Effects"),
    ("Just(", combineAdvice("Just"), "Effects"),
    ("Empty(", combineAdvice("Empty"), "Effects"),
    ("Deferred", combineAdvice("Deferred"), "Effects"),
    (
      ".signpost(",
      "the signpost reducer is not provided: mark intervals with os_signpost in "
        + "Apple-only code, or print with ._printChanges()", "Features"
    ),
    (
      "Identified(",
      "Identified (deprecated in TCA) is not provided: hold the id and the "
        + "value in a struct of your own, or an optional child state and its id", "Features"
    ),
    (".sink", combineAdvice("sink"), "Effects"),
    ("eraseToAnyPublisher", combineAdvice("eraseToAnyPublisher"), "Effects"),
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

  static func combineAdvice(_ name: String) -> String {
    "\(name) (Combine) is not provided: an AsyncStream (\"let (stream, continuation) = "
      + "AsyncStream.makeStream(of: Value.self)\") read in \".run\", or a Shared value's "
      + "\"values\""
  }

  /// Whether `code` holds `marker`; an attribute only as a whole word (`@Reducer`, not
  /// `@ReducerBuilder`).
  static func contains(_ code: String, _ marker: String) -> Bool {
    guard marker.hasPrefix("@") else { return code.contains(marker) }
    let pattern = NSRegularExpression.escapedPattern(for: marker) + #"\b"#
    return code.range(of: pattern, options: .regularExpression) != nil
  }

  /// Names of TCA's internal API (`@_spi(Internals)`, `@_spi(Logging)`), which its own tests
  /// reach and ported code has no counterpart for.
  static let internalNames = [
    "_cancellationCancellables", "NavigationIDPath", "NavigationID", "navigationIDPath",
    "effectCancellables", "CurrentValueRelay", "BindingLocal", "Logger.shared", "_CancelID",
    "_EffectPublisher", "_DependencyKeyWritingReducer", "_$willModify", "_current", "rootStore",
  ]

  static func apply(to file: SourceFile, notes: inout [MigrationNote]) {
    let noted = Set(notes.map(\.anchor))
    let reachesInternals = file.lines.contains {
      $0.contains("@_spi(") && ImportRule.importedModule($0)?.name == "ReducerKit"
    }
    var scanner = CodeScanner()
    for line in file.lines {
      let code = String(scanner.codeCharacters(of: line))
      guard !noted.contains(line) else { continue }
      if reachesInternals,
        code.contains("@_spi(") || internalNames.contains(where: { code.contains($0) })
      {
        notes.append(
          MigrationNote(
            about: line,
            "TCA's internal API (@_spi) has no counterpart: rewrite these lines with the public "
              + "API, or delete what they test", section: "Features"))
        continue
      }
      for finding in findings where contains(code, finding.marker) {
        notes.append(MigrationNote(about: line, finding.message, section: finding.section))
        break
      }
    }
  }
}
