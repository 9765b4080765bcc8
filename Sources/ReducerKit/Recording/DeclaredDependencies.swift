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
}

extension Dependency: DependencyDeclaration {
  var declaredKeyPath: (AnyKeyPath & Sendable)? { keyPath }
  var declaredValueType: Any.Type { Value.self }
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
    if let dot = description.firstIndex(of: ".") {
      let name = description[description.index(after: dot)...]
      if let first = name.first, first.isLetter || first == "_",
        name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
      {
        return DeclaredDependency(name: String(name), type: valueType)
      }
    }
    return DeclaredDependency(name: propertyName ?? "<#name#>", type: valueType)
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
