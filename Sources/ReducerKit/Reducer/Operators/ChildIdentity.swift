/// Tells two values of a child's state apart as different children: by enum case and, for
/// `Identifiable` states (and `Identifiable` payloads of an enum's cases), by id. What to check
/// is worked out once per operator.
///
/// Two values with the same identity are the same child: replacing one with the other (even with
/// other fields changed) keeps the child's effects running. A different case or id is another
/// child, and the old one's effects are cancelled.
@usableFromInline
struct ChildIdentity<State> {
  private let isEnum: Bool
  private let idHash: ((State) -> Int)?
  /// Whether identity depends on the value (an enum, or an `Identifiable` state); when it does
  /// not, every value is the same child.
  @usableFromInline let hasParts: Bool
  /// For an enum, per case tag, the hash of the case's payload id when the payload is
  /// `Identifiable` (a destination's `.detail(Detail.State)`).
  private let payloadIDHashes: [((State) -> Int)?]

  @usableFromInline
  init() {
    let layout = EnumMetadata(State.self) == nil ? nil : EnumLayout.of(State.self)
    isEnum = layout != nil
    idHash = identifiableHasher(State.self)
    payloadIDHashes = layout.map(payloadIDHashers) ?? []
    hasParts = isEnum || idHash != nil
  }

  /// The identity of no child at all.
  @usableFromInline static var absent: Int { 0 }
  /// What an operator remembers before it has seen its child slot, and the starting identity of
  /// a pass that ran no child.
  @usableFromInline static var unknown: Int { Int.min }

  /// The identity of `state`: never ``absent``, ``unknown`` or a collection marker.
  @inlinable
  func callAsFunction(_ state: State) -> Int {
    guard hasParts else { return 1 }
    return identity(of: state)
  }

  @usableFromInline
  func identity(of state: State) -> Int {
    var hasher = Hasher()
    if isEnum {
      let tag = EnumMetadata.tag(of: state)
      hasher.combine(tag)
      if Int(tag) < payloadIDHashes.count, let payloadIDHash = payloadIDHashes[Int(tag)] {
        hasher.combine(payloadIDHash(state))
      }
    }
    if let idHash { hasher.combine(idHash(state)) }
    return Self.normalized(hasher.finalize())
  }

  /// `hash`, moved off the values that mean "no child" or "not known".
  @usableFromInline
  static func normalized(_ hash: Int) -> Int {
    hash == absent || hash <= Int.min + 1 ? hash &+ 3 : hash
  }
}

/// Per case of the enum `State`, a function hashing the case's payload id, when the payload is
/// `Identifiable`.
private func payloadIDHashers<State>(_ layout: EnumLayout) -> [((State) -> Int)?] {
  layout.cases.indices.map { index in
    let info = layout.cases[index]
    guard let identifiable = info.payloadType as? any Identifiable.Type else { return nil }
    func hasher<Payload: Identifiable>(_: Payload.Type) -> (State) -> Int {
      { state in
        let payload = layout.payload(
          of: state, tag: UInt32(index), as: Payload.self, indirect: info.isIndirect)
        return AnyHashable(payload.id).hashValue
      }
    }
    return hasher(identifiable)
  }
}

/// Hashes the id of an `Identifiable` state, or `nil` when the state is not identifiable.
private func identifiableHasher<State>(_: State.Type) -> ((State) -> Int)? {
  guard let identifiable = State.self as? any Identifiable.Type else { return nil }
  func hasher<T: Identifiable>(_: T.Type) -> (State) -> Int {
    // NB: T is State (the cast above succeeded on State's own metatype).
    { AnyHashable(sameTypeCast($0, to: T.self).id).hashValue }
  }
  return hasher(identifiable)
}
