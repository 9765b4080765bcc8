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
    // NB: one message for every use of a view store, and one for every use of Combine, so that
    // each file has one item of each, with all its lines.
    ("WithViewStore", viewStoreAdvice, "Stores and views"),
    ("ViewStore", viewStoreAdvice, "Stores and views"),
    ("viewStore", viewStoreAdvice, "Stores and views"),
    ("BindingViewState", viewStoreAdvice, "Stores and views"),
    (".bindings", viewStoreAdvice, "Stores and views"),
    (".publisher", combineAdvice, "Effects"),
    ("AnyCancellable", combineAdvice, "Effects"),
    ("PassthroughSubject", combineAdvice, "Effects"),
    ("CurrentValueSubject", combineAdvice, "Effects"),
    ("Just(", combineAdvice, "Effects"),
    ("Empty(", combineAdvice, "Effects"),
    ("Deferred", combineAdvice, "Effects"),
    (".sink", combineAdvice, "Effects"),
    ("eraseToAnyPublisher", combineAdvice, "Effects"),
    (
      ".signpost(",
      "the signpost reducer is not provided: mark intervals with os_signpost in "
        + "Apple-only code, or print with ._printChanges()", "Features"
    ),
    (
      "Identified<",
      "Identified (deprecated in TCA) is not provided: hold the id and the "
        + "value in a struct of your own, or an optional child state and its id", "Features"
    ),
    (
      "Identified(",
      "Identified (deprecated in TCA) is not provided: hold the id and the "
        + "value in a struct of your own, or an optional child state and its id", "Features"
    ),
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
      // NB: `@Dependency(\.urlSession)` and `$0.urlSession = …` in a test's overrides.
      ".urlSession", "\\.urlSession is not provided: make a client of closures for the requests",
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

  /// What to do about Combine, at its import and each use.
  static let combineAdvice =
    "Combine is not provided (TCA re-exported parts of it): write an effect with \".run { send "
    + "in for await value in stream { await send(…) } }\" (an AsyncStream for a subject), keep a "
    + "Task or a cancel ID for a cancellable, observe a store with \"store.observe(\\.field)\" "
    + "and a shared value with \"$value.values\"; or keep Combine in Apple-only code"

  /// What to do about a view store (deprecated in TCA), at each use.
  static let viewStoreAdvice =
    "view stores are not provided (deprecated in TCA): read and send through the store itself "
    + "(\"store.count\", \"store.send(.tapped)\", \"@Bindable var store\" and \"$store.text\" "
    + "for a binding), and delete view states and their @BindingViewState"

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
      // `store.send(\.view.filterChanged, .active)`: a pattern gives the value no type.
      if code.range(of: #"\.(send|receive)\(\\[\w.$\[\]: ]+,\s*\."#, options: .regularExpression)
        != nil
      {
        notes.append(
          MigrationNote(
            about: line,
            "a value sent by case pattern has no type to take its leading dot from: write the "
              + "type (\"Filter.active\", not \".active\")", section: "Tests"))
        continue
      }
      for finding in findings where contains(code, finding.marker) {
        notes.append(MigrationNote(about: line, finding.message, section: finding.section))
        break
      }
    }
  }
}
