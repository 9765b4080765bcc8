/// The tokens of the effects under one cancel key or navigation element, for the tables of
/// ``EffectStateMachine``.
///
/// NB: most keys and elements have one effect at a time; that one token is kept inline, and a
/// `Set` (a heap allocation, with its own hashing) is made only when a second effect joins.
package enum TokenSet: Sequence, Equatable {
  case empty
  case one(EffectToken)
  case many(Set<EffectToken>)

  package var isEmpty: Bool {
    switch self {
    case .empty: true
    case .one: false
    case .many(let tokens): tokens.isEmpty
    }
  }

  package var count: Int {
    switch self {
    case .empty: 0
    case .one: 1
    case .many(let tokens): tokens.count
    }
  }

  package func contains(_ token: EffectToken) -> Bool {
    switch self {
    case .empty: false
    case .one(let only): only == token
    case .many(let tokens): tokens.contains(token)
    }
  }

  package mutating func insert(_ token: EffectToken) {
    switch self {
    case .empty:
      self = .one(token)
    case .one(let only):
      if only != token { self = .many([only, token]) }
    case .many(var tokens):
      // NB: emptied first, so the set is uniquely referenced while it is changed.
      self = .empty
      tokens.insert(token)
      self = .many(tokens)
    }
  }

  /// Makes room for `count` more tokens at once.
  package mutating func reserveCapacity(_ count: Int) {
    guard count > 1 else { return }
    switch self {
    case .empty:
      var tokens = Set<EffectToken>()
      tokens.reserveCapacity(count)
      self = .many(tokens)
    case .one(let only):
      var tokens = Set<EffectToken>()
      tokens.reserveCapacity(count + 1)
      tokens.insert(only)
      self = .many(tokens)
    case .many(var tokens):
      self = .empty
      tokens.reserveCapacity(tokens.count + count)
      self = .many(tokens)
    }
  }

  package mutating func remove(_ token: EffectToken) {
    switch self {
    case .empty:
      return
    case .one(let only):
      if only == token { self = .empty }
    case .many(var tokens):
      self = .empty
      tokens.remove(token)
      self = tokens.isEmpty ? .empty : .many(tokens)
    }
  }

  /// The same tokens, with a set's spare capacity given back.
  package var compacted: TokenSet {
    guard case .many(let tokens) = self else { return self }
    return tokens.count == 1 ? .one(tokens.first!) : .many(Set(tokens))
  }

  package func makeIterator() -> Iterator {
    switch self {
    case .empty: Iterator(single: nil, rest: nil)
    case .one(let only): Iterator(single: only, rest: nil)
    case .many(let tokens): Iterator(single: nil, rest: tokens.makeIterator())
    }
  }

  package struct Iterator: IteratorProtocol {
    var single: EffectToken?
    var rest: Set<EffectToken>.Iterator?

    package mutating func next() -> EffectToken? {
      if let token = single {
        single = nil
        return token
      }
      return rest?.next()
    }
  }
}

extension Dictionary where Value == TokenSet {
  /// Adds `token` under `key`, hashing the key once.
  package mutating func insert(_ token: EffectToken, at key: Key) {
    self[key, default: .empty].insert(token)
  }

  /// Removes `token` from under `key`, and the key once nothing is left under it; hashes the key
  /// once.
  package mutating func remove(_ token: EffectToken, at key: Key) {
    guard let index = index(forKey: key) else { return }
    values[index].remove(token)
    if values[index].isEmpty { remove(at: index) }
  }
}
