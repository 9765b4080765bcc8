/// The identity of a closure value: the address of its code and of its context (the object that
/// holds what it captured; 0 when it captures nothing).
///
/// Two closure values with the same identity run the same code on the same captures, so they
/// behave the same. The converse does not hold: equal closures made separately (a debug build
/// wraps `Action.child` in a new context on every evaluation) have different identities. A cache
/// keyed on identity therefore only ever misses where it could have hit, never returns the wrong
/// entry, provided each entry keeps its closure (and so the context's address) alive.
@usableFromInline
struct ClosureIdentity: Hashable, Sendable {
  @usableFromInline let code: UInt
  @usableFromInline let context: UInt

  /// No closure: the identity of a key part that is absent.
  // NB: computed, not a stored static: a stored one is read through a lazy global's accessor
  // (a call and a once-check) on every scope.
  @inlinable static var none: ClosureIdentity { ClosureIdentity(code: 0, context: 0) }

  @usableFromInline
  init(code: UInt, context: UInt) {
    self.code = code
    self.context = context
  }

  /// The identity of `function`.
  ///
  /// NB: a thick function value is two words, the code pointer and the context reference (the
  /// Swift calling convention's stable layout); the words are read, not retained.
  @inlinable
  init<Input, Output>(_ function: @escaping @Sendable (Input) -> Output) {
    let words = unsafeBitCast(function, to: (UInt, UInt).self)
    self.init(code: words.0, context: words.1)
  }
}

extension ClosureIdentity {
  /// The identity of the case `casePath` embeds into, for a scope cache key: two patterns that
  /// name one case (or the same pattern written at two places) are one scope.
  ///
  /// NB: the tag (plus one; zero for a path that names no case) in the code word and the
  /// payload's type in the context word: no closure's code lies at an address as low as an
  /// enum's number of cases, so this never equals a closure's identity, and the type keeps two
  /// scopes with different child actions apart.
  @usableFromInline
  init<Root, Value>(caseOf casePath: AnyCasePath<Root, Value>) {
    self.init(
      code: casePath.resolvedTag.map { UInt($0) + 1 } ?? 0,
      context: UInt(bitPattern: ObjectIdentifier(Value.self)))
  }
}

extension ClosureIdentity {
  /// The identity of a case pattern of several steps, for a scope cache key: the same pattern
  /// written anywhere is one scope.
  ///
  /// NB: the pattern's hash with the top bit set in the code word: no code address in a user
  /// process has it (x86_64 and arm64 keep user space below it), so this never equals a
  /// closure's identity; two patterns whose hashes collide are told apart by the store's type
  /// and state key path as well, and a wrong match would only return another cached store of
  /// the same child types.
  @usableFromInline
  init<Root, ChildAction>(pattern: CasePattern<Root>, child: ChildAction.Type) {
    self.init(
      code: UInt(bitPattern: pattern.hashValue) | (1 << (UInt.bitWidth - 1)),
      context: UInt(bitPattern: ObjectIdentifier(child)))
  }
}
