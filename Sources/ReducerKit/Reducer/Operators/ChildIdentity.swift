/// Tells two values of a child's state apart as different children: by enum case and, for
/// `Identifiable` states, by id. What to check is worked out once per operator.
@usableFromInline
struct ChildIdentity<State> {
  private let isEnum: Bool
  private let idHash: ((State) -> Int)?

  @usableFromInline
  init() {
    isEnum = EnumMetadata(State.self) != nil
    idHash = identifiableHasher(State.self)
  }

  @usableFromInline
  func callAsFunction(_ state: State) -> Int {
    guard isEnum || idHash != nil else { return 1 }
    var hasher = Hasher()
    if isEnum { hasher.combine(EnumMetadata.tag(of: state)) }
    if let idHash { hasher.combine(idHash(state)) }
    return hasher.finalize()
  }
}

/// Hashes the id of an `Identifiable` state, or `nil` when the state is not identifiable.
private func identifiableHasher<State>(_: State.Type) -> ((State) -> Int)? {
  guard let identifiable = State.self as? any Identifiable.Type else { return nil }
  func hasher<T: Identifiable>(_: T.Type) -> (State) -> Int {
    // NB: T is State (the cast above succeeded on State's own metatype).
    { AnyHashable(unsafeBitCast($0, to: T.self).id).hashValue }
  }
  return hasher(identifiable)
}
