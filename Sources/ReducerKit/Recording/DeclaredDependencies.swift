import Foundation

/// A dependency a feature declares with `@Dependency`: what the `TestStore` form of generated
/// test source leaves a placeholder for (see
/// ``SessionRecording/testStoreSource(named:feature:initialState:startingFrom:dependencies:imports:)``).
struct DeclaredDependency: Hashable, Sendable {
  /// The name `withDependencies` sets it by: `numberFact` in `$0.numberFact = …`.
  let name: String
  /// The type of the value set.
  let type: String
}

/// What a `@Dependency` property tells about itself to ``DeclaredDependencies``.
protocol DependencyDeclaration {
  var declaredKeyPath: (AnyKeyPath & Sendable)? { get }
  var declaredValueType: Any.Type { get }
  /// Where the property is declared.
  var declaredSite: SourceSite { get }
}

extension Dependency: DependencyDeclaration {
  var declaredKeyPath: (AnyKeyPath & Sendable)? { keyPath }
  var declaredValueType: Any.Type { Value.self }
  var declaredSite: SourceSite { site }
}

/// Finds the dependencies a reducer declares: its `@Dependency` properties, those of the reducers
/// it holds, and those of the reducers its `body` is built from, in the order they are met.
enum DeclaredDependencies {
  static func of(_ reducer: some Reducer) -> [DeclaredDependency] {
    var search = Search()
    search.visit(reducer, label: nil, depth: 0)
    return search.found
  }

  private struct Search {
    var found: [DeclaredDependency] = []
    /// The reducer types whose body was read: a recursive feature's body holds itself.
    var expanded: Set<ObjectIdentifier> = []

    mutating func visit(_ value: Any, label: String?, depth: Int) {
      // NB: a feature is a few levels deep; a value deeper than this is state, not a reducer.
      guard depth < 12 else { return }
      if let dependency = value as? any DependencyDeclaration {
        let declared = DeclaredDependencies.named(dependency, property: label)
        if !found.contains(declared) { found.append(declared) }
        return
      }
      if let reducer = value as? any Reducer, let body = bodyOf(reducer) {
        visit(body, label: nil, depth: depth + 1)
      }
      for child in Mirror(reflecting: value).children {
        visit(child.value, label: child.label, depth: depth + 1)
      }
    }

    /// The reducer's body, once per reducer type; `nil` for a reducer with none.
    mutating func bodyOf<R: Reducer>(_ reducer: R) -> Any? {
      guard R.Body.self != Never.self,
        expanded.insert(ObjectIdentifier(R.self)).inserted
      else { return nil }
      return reducer.body
    }
  }

  /// The name a dependency is set by: its key path's property, when that can be read (the
  /// library's own dependencies, and any key path whose description names it, as on Apple
  /// platforms); otherwise the name of the property that declares it, which is the same in most
  /// features.
  static func named(_ dependency: any DependencyDeclaration, property: String?)
    -> DeclaredDependency
  {
    let propertyName = property.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 }
    let valueType = typeName(dependency.declaredValueType)
    guard let keyPath = dependency.declaredKeyPath else {
      return DeclaredDependency(name: propertyName ?? "<#name#>", type: valueType)
    }
    for (builtIn, name, type) in builtIns() where builtIn == keyPath {
      return DeclaredDependency(name: name, type: type)
    }
    // NB: "\DependencyValues.numberFact" where the runtime can name a computed property;
    // "\DependencyValues.<computed 0x… (Type)>" where it cannot.
    let description = "\(keyPath)"
    if let dot = description.firstIndex(of: "."),
      let name = identifier(at: description[description.index(after: dot)...], whole: true)
    {
      return DeclaredDependency(name: name, type: valueType)
    }
    // NB: where it cannot, the declaration as written names it, when its file is at hand (it
    // is where sessions become tests: on the machine that builds the feature).
    if let name = nameAsWritten(at: dependency.declaredSite) {
      return DeclaredDependency(name: name, type: valueType)
    }
    return DeclaredDependency(name: propertyName ?? "<#name#>", type: valueType)
  }

  /// `signIn` in `@Dependency(\.signIn) var client`, read from the line that declares it.
  private static func nameAsWritten(at site: SourceSite) -> String? {
    guard
      let source = try? String(contentsOfFile: "\(site.filePath)", encoding: .utf8),
      site.line > 0
    else { return nil }
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    guard Int(site.line) <= lines.count else { return nil }
    let line = lines[Int(site.line) - 1]
    guard let start = line.range(of: "@Dependency(\\.") else { return nil }
    return identifier(at: line[start.upperBound...], whole: false)
  }

  /// The identifier `text` starts with (all of `text`, when `whole`); `nil` when it does not
  /// start with one.
  private static func identifier(at text: Substring, whole: Bool) -> String? {
    let isPart = { (character: Character) in
      character.isLetter || character.isNumber || character == "_"
    }
    guard let first = text.first, first.isLetter || first == "_" else { return nil }
    let name = text.prefix(while: isPart)
    return whole && name.count != text.count ? nil : String(name)
  }

  /// The library's own dependencies by key path, with the name and type they are set by (a
  /// key path into one of them, such as `\.date.now`, is set through it).
  private static func builtIns() -> [(AnyKeyPath, String, String)] {
    [
      (\DependencyValues.continuousClock, "continuousClock", "any Clock<Duration>"),
      (\DependencyValues.suspendingClock, "suspendingClock", "any Clock<Duration>"),
      (\DependencyValues.uuid, "uuid", "UUIDGenerator"),
      (\DependencyValues.date, "date", "DateGenerator"),
      (\DependencyValues.date.now, "date", "DateGenerator"),
      (\DependencyValues.dismiss, "dismiss", "DismissEffect"),
      (\DependencyValues.isPresented, "isPresented", "Bool"),
      (\DependencyValues.openURL, "openURL", "OpenURLEffect"),
      (\DependencyValues.fireAndForget, "fireAndForget", "FireAndForget"),
      (\DependencyValues.calendar, "calendar", "Calendar"),
      (\DependencyValues.locale, "locale", "Locale"),
      (\DependencyValues.timeZone, "timeZone", "TimeZone"),
      (\DependencyValues.notificationCenter, "notificationCenter", "NotificationCenter"),
      (
        \DependencyValues.withRandomNumberGenerator, "withRandomNumberGenerator",
        "WithRandomNumberGenerator"
      ),
    ]
  }
}
