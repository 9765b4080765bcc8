/// A cancel ID as the registry sees it: the user's ID within the navigation element that used it.
///
/// NB: the hash is computed once, when the key is made, and compared first by `==`. A key is
/// looked up in the store's tables on every start, cancel and finish of an effect, and each probe
/// of a dictionary compares keys: hashing the erased ID and the path, and comparing erased IDs,
/// go through existentials, while comparing two integers rejects almost every probe at once.
@usableFromInline
package struct CancelKey: Hashable, Sendable {
  package let id: AnyHashableSendable
  package let path: NavigationPath
  /// The hash of `id` and `path`.
  @usableFromInline let hash: Int
  /// The dynamic type of `id`, found once: reading it from the existential on every comparison
  /// walks the runtime's dynamic-type lookup.
  @usableFromInline let idType: ObjectIdentifier

  /// NB: inlinable, so that the ID is hashed where its type is known: its type's identity is a
  /// constant and its `hash(into:)` a direct call. Hashed after erasure, each key looked the type
  /// up twice in the runtime and hashed through the existential's witness table: ~730
  /// instructions a key, where a `.cancel(id:)` of an ID nothing runs under costs ~1,900 in all.
  /// The hash is the one ``init(erasedID:path:)`` computes, in the same order, so keys made
  /// either way are equal.
  @inlinable
  package init<ID: Hashable & Sendable>(id: ID, path: NavigationPath = NavigationPath()) {
    if let erased = id as? AnyHashableSendable {
      self.init(erasedID: erased, path: path)
      return
    }
    // NB: `type(of:)`, not `ID.self`: for a class ID, the dynamic type, as the erased value's.
    let idType = ObjectIdentifier(type(of: id))
    var hasher = Hasher()
    hasher.combine(idType)
    id.hash(into: &hasher)
    self.init(id: AnyHashableSendable(id), idType: idType, path: path, hashingPathInto: &hasher)
  }

  @usableFromInline
  init(erasedID: AnyHashableSendable, path: NavigationPath) {
    var hasher = Hasher()
    hasher.combine(erasedID)
    self.init(
      id: erasedID, idType: ObjectIdentifier(type(of: erasedID.base)), path: path,
      hashingPathInto: &hasher)
  }

  /// The key of `id`, whose type is `idType`, with `hasher` holding the hash of `id` (its type,
  /// then its value, as `AnyHashableSendable` hashes it): the path is hashed after it.
  @usableFromInline
  init(
    id: AnyHashableSendable, idType: ObjectIdentifier, path: NavigationPath,
    hashingPathInto hasher: inout Hasher
  ) {
    // NB: the root's empty path, the usual one, adds nothing to the hash: hashing an empty
    // array still costs a call and a round of the hasher.
    if !path.isEmpty { hasher.combine(path) }
    hash = hasher.finalize()
    self.id = consume id
    self.idType = idType
    self.path = consume path
  }

  @usableFromInline
  package static func == (lhs: Self, rhs: Self) -> Bool {
    // NB: equal dynamic types, checked first, make the same-type comparison sound, as in
    // `AnyHashableSendable.==`.
    lhs.hash == rhs.hash && lhs.idType == rhs.idType && lhs.path == rhs.path
      && lhs.id.base.isEqual(toSameType: rhs.id.base)
  }

  @usableFromInline
  package func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
  }

  /// What a dictionary of keys hashes with: the stored hash, already well mixed, combined with
  /// the table's seed, instead of running `Hasher` over it again on every lookup.
  @usableFromInline
  package func _rawHashValue(seed: Int) -> Int {
    hash ^ seed
  }

  /// Calls `body` with this key at its own path and at each shorter prefix of it, down to the
  /// root: a cancellation in an element reaches the effects of the elements inside it.
  func forEachPrefix(_ body: (CancelKey) -> Void) {
    body(self)
    var path = path
    while !path.components.isEmpty {
      path.removeLast()
      body(CancelKey(erasedID: id, path: path))
    }
  }

  func scoped(to scope: NavigationElement?) -> CancelKey {
    guard let scope else { return self }
    return CancelKey(erasedID: id, path: NavigationPath(prefix: scope, rest: path))
  }

  /// The key's hash, as the effect tables index keys by it (see ``TableHash``).
  package var tableHash: TableHash { TableHash(value: hash) }

  /// Whether an effect made cancellable with this key is cancelled by `key`: the same ID, at
  /// `key`'s element or inside it.
  package func isReached(by key: CancelKey) -> Bool {
    // NB: a key at the root reaches every path, so the comparison of paths is skipped for it.
    idType == key.idType && (key.path.components.isEmpty || path.hasPrefix(key.path))
      && id.base.isEqual(toSameType: key.id.base)
  }

  /// A cancel key's hash as a table key, in place of the key itself.
  ///
  /// NB: a dictionary compares a probed key by copying it out of its bucket: for a cancel key,
  /// an existential ID and a path, that was two value-witness copies and two destructions, and
  /// retains and releases, on every probe (about 1,100 instructions of the tables' ~6,700 per
  /// effect). A hash is a plain integer; since two keys may share one, the effects found under it
  /// are checked against the key when cancelled (``isReached(by:)``).
  package struct TableHash: Hashable {
    let value: Int

    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }

    package func hash(into hasher: inout Hasher) { hasher.combine(value) }

    /// The stored hash, already well mixed, combined with the table's seed.
    package func _rawHashValue(seed: Int) -> Int { value ^ seed }
  }
}
