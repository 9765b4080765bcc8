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
