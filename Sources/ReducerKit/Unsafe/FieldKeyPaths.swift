@_spi(Reflection) import Swift

/// The key paths of a type's stored properties by name, and their names by key path: what lets
/// a case pattern name a binding's field (`\.binding.query`). Found once per type.
enum FieldKeyPaths {
  struct Fields: @unchecked Sendable {
    // NB: @unchecked Sendable: key paths are immutable once made (and compared, hashed and
    // applied from any thread).
    let byName: [String: AnyKeyPath]
    let names: [AnyKeyPath: String]
  }

  private static let cache = LockedState<[ObjectIdentifier: Fields]>([:])

  /// The stored properties of `Root`, named as declared.
  static func fields<Root>(of _: Root.Type) -> Fields {
    let key = ObjectIdentifier(Root.self)
    if let known = cache.withLock({ $0[key] }) { return known }
    var byName: [String: AnyKeyPath] = [:]
    var names: [AnyKeyPath: String] = [:]
    // NB: the standard library's own reflection (SPI), the one `Mirror` is built on; it
    // makes the same key paths `\Root.field` would (equal and hashing alike).
    _ = _forEachFieldWithKeyPath(of: Root.self) { name, keyPath in
      let name = String(cString: name)
      byName[name] = keyPath
      names[keyPath] = name
      return true
    }
    let fields = Fields(byName: byName, names: names)
    cache.withLock { $0[key] = fields }
    return fields
  }
}

extension FieldKeyPaths {
  /// The names of the stored fields `target` goes through from `root`, `meeting.title`, found
  /// within `depth` levels; `nil` for a key path through a computed property or a subscript.
  static func path(to target: AnyKeyPath, from root: Any.Type, depth: Int) -> String? {
    search(for: target, in: root, prefix: nil, names: [], depth: depth)
  }

  private static func search<Root>(
    for target: AnyKeyPath, in _: Root.Type, prefix: AnyKeyPath?, names: [String], depth: Int
  ) -> String? {
    for (name, keyPath) in fields(of: Root.self).byName {
      guard let full = prefix.map({ $0.appending(path: keyPath) }) ?? keyPath else { continue }
      if full == target { return (names + [name]).joined(separator: ".") }
      guard depth > 1 else { continue }
      let valueType: Any.Type = type(of: keyPath).valueType
      if let found = search(
        for: target, in: valueType, prefix: full, names: names + [name], depth: depth - 1)
      {
        return found
      }
    }
    return nil
  }
}
