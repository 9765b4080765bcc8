extension CasePathable {
  /// The payload of the case named `member` when this value holds that case, `nil` otherwise:
  /// `state.destination?.editor`, `move.type.playedWord`, as TCA's `@CasePathable` macro
  /// generates them (read-only). Declare the enum `@dynamicMemberLookup` to write them:
  ///
  /// ```swift
  /// @dynamicMemberLookup
  /// enum State: CasePathable, Equatable, Sendable {
  ///   case editor(Editor.State)
  ///   case alert(AlertState<Action.Alert>)
  /// }
  /// store.scope(state: \.destination?.editor, action: \.destination.editor)
  /// let editor: Editor.State? = state.destination?.editor
  /// ```
  ///
  /// The payload's type comes from where the value goes (a scope's child, an annotated
  /// constant): without a macro, the member does not carry it. The member is checked when it
  /// is written, so also in a key path no value was read through yet (a sheet's binding while
  /// nothing is presented): a name that is not a case, or a payload of another type, is a
  /// runtime warning naming the cases there are, and reads `nil`.
  public subscript<Value>(
    dynamicMember member: CaseMember<Self, Value>
  ) -> Value? {
    CaseMembers.payload(of: self, named: member.name, as: Value.self)
  }
}

/// The name of a case, as a case member writes it (`state.destination?.editor`,
/// `\.destination?.editor`), checked against the enum's cases and the payload's type as it is
/// written, before any value is read through it.
///
/// Written by the compiler from a member's name; there is no need to spell it.
public struct CaseMember<Enum, Payload>: Hashable, Sendable, ExpressibleByStringLiteral {
  /// The case's name.
  public let name: String

  /// The member `name`, checked against `Enum`'s cases (a runtime warning, once, when it names
  /// none, or a case whose payload is not a `Payload`).
  public init(stringLiteral name: String) {
    self.name = name
    CaseMembers.check(Enum.self, named: name, as: Payload.self)
  }

  /// The member `name`, already checked.
  init(checked name: String) {
    self.name = name
  }
}

/// The payloads read by ``CasePathable/subscript(dynamicMember:)``.
enum CaseMembers {
  /// Why `Root` has no case `member` with a payload of type `Value`; `nil` when it has one.
  static func problem(_ root: Any.Type, named member: String, as value: Any.Type) -> String? {
    guard let layout = EnumLayout.of(root) else { return nil }
    guard let info = layout.cases.first(where: { $0.name == member }) else {
      return "\(typeName(root)) has no case \"\(member)\"; its cases are: "
        + layout.cases.map { ".\($0.name)" }.joined(separator: ", ") + "."
    }
    guard let payload = info.payloadType else {
      return value == Void.self
        ? nil
        : "\(typeName(root)).\(member) has no payload, so it reads as Void, not \(typeName(value))."
    }
    if payloadTypesMatch(payload, value) || ActionErasure.accepts(payload, as: value) {
      return nil
    }
    return "the payload of \(typeName(root)).\(member) is of type \(typeName(payload)), "
      + "not \(typeName(value))."
  }

  /// Checks a case member as it is written, warning once per enum, member and type.
  static func check(_ root: Any.Type, named member: String, as value: Any.Type) {
    let key = MemberKey(
      root: ObjectIdentifier(root), member: member, payload: ObjectIdentifier(value))
    guard checked.withLock({ $0.insert(key).inserted }) else { return }
    if let problem = problem(root, named: member, as: value) {
      warn(member, problem)
    }
  }

  /// The payload of `value`'s case when it is named `member` and is a `Value`.
  static func payload<Root, Value>(of value: Root, named member: String, as _: Value.Type)
    -> Value?
  {
    guard let layout = EnumLayout.of(Root.self) else { return nil }
    let (name, payload) = layout.destructure(value)
    // NB: another case is no mistake, and the member was checked when it was written: a
    // `Scope` over an enum state reads it on every action sent while another case is held.
    guard name == member else { return nil }
    if Value.self == Void.self, payload == nil { return () as? Value }
    if let typed = payload as? Value { return typed }
    if let payload, let erased = ActionErasure.erase(payload, as: Value.self) { return erased }
    check(Root.self, named: member, as: Value.self)
    return nil
  }

  /// A case member of an enum read as a payload type: what is checked, and cached, once.
  private struct MemberKey: Hashable {
    let root: ObjectIdentifier
    let member: String
    let payload: ObjectIdentifier
  }

  private static let checked = LockedState<Set<MemberKey>>([])
  private static let keyPaths = LockedState<[MemberKey: AnyKeyPath]>([:])

  /// The key path of the case member `member` (`\Root.editor`), one object per root, name and
  /// payload type: a scope cache finds its store by the key path's identity, and a key path
  /// built at run time is a new object each time.
  static func keyPath<Root: CasePathable, Value>(
    _: Root.Type, member: String, _: Value.Type
  ) -> KeyPath<Root, Value?> & Sendable {
    let key = MemberKey(
      root: ObjectIdentifier(Root.self), member: member, payload: ObjectIdentifier(Value.self))
    let path = keyPaths.withLock { cache in
      if let path = cache[key] as? KeyPath<Root, Value?> { return path }
      let path = \Root.[dynamicMember: CaseMember<Root, Value>(checked: member)]
      cache[key] = path
      return path
    }
    // NB: a key path literal of `Sendable` arguments (a case member's name) is `Sendable`; the
    // cache's `AnyKeyPath` only forgot it.
    return assumeSendable(path, as: (KeyPath<Root, Value?> & Sendable).self)
  }

  private static func warn(_ member: String, _ reason: String) {
    reportRuntimeWarning(
      """
      The case member ".\(member)" was written, but \(reason)

      A case member names a case of the enum, and reads its payload as the type the value goes \
      to (a scope's child state, an annotated constant). Check the spelling and the type the \
      result is given: until then it reads nil, and a sheet or alert scoped through it never \
      shows.
      """,
      fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  }
}
