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
  /// constant): without a macro, the member does not carry it. A name that is not a case, or a
  /// payload of another type, is a runtime warning naming the cases there are, and reads `nil`.
  public subscript<Value>(
    dynamicMember member: String
  ) -> Value? {
    CaseMembers.payload(of: self, named: member, as: Value.self)
  }
}

/// The payloads read by ``CasePathable/subscript(dynamicMember:)``.
enum CaseMembers {
  /// The payload of `value`'s case when it is named `member` and is a `Value`.
  static func payload<Root, Value>(of value: Root, named member: String, as _: Value.Type)
    -> Value?
  {
    guard let layout = EnumLayout.of(Root.self) else { return nil }
    guard let info = layout.cases.first(where: { $0.name == member }) else {
      warnOnce(
        Root.self, member,
        "\(typeName(Root.self)) has no case \"\(member)\"; its cases are: "
          + layout.cases.map { ".\($0.name)" }.joined(separator: ", ") + ".")
      return nil
    }
    let (name, payload) = layout.destructure(value)
    guard name == member else { return nil }
    if Value.self == Void.self, info.payloadType == nil { return () as? Value }
    guard let typed = payload as? Value else {
      warnOnce(
        Root.self, member,
        "the payload of \(typeName(Root.self)).\(member) is of type "
          + "\(info.payloadType.map(typeName) ?? "Void"), not \(typeName(Value.self)).")
      return nil
    }
    return typed
  }

  private static let warned = LockedState<Set<String>>([])

  private static func warnOnce(_ root: Any.Type, _ member: String, _ reason: String) {
    let key = "\(ObjectIdentifier(root)).\(member)"
    guard warned.withLock({ $0.insert(key).inserted }) else { return }
    reportRuntimeWarning(
      """
      The case member ".\(member)" was read, but \(reason)

      A case member names a case of the enum, and reads its payload as the type the value goes \
      to. Check the spelling and the type the result is given.
      """,
      fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  }
}
