/// Binding actions named by field, for case patterns: `store.send(\.binding.query, "Lis")` and
/// `store.receive(\.binding.query)`.
protocol FieldBindingAction {
  /// The name of the stored field this action sets; `nil` for a nested or computed field.
  var fieldName: String? { get }
  /// The value it sets.
  var value: any Sendable { get }
  /// The action setting the stored field `name` of the root to `value`, or why there is none.
  static func setting(
    field name: String, to value: any Sendable
  ) -> Result<Any, CasePatternEmbedFailure>
}

extension BindingAction: FieldBindingAction {
  var fieldName: String? { FieldKeyPaths.fields(of: Root.self).names[keyPath] }

  static func setting(
    field name: String, to value: any Sendable
  ) -> Result<Any, CasePatternEmbedFailure> {
    let fields = FieldKeyPaths.fields(of: Root.self)
    guard let keyPath = fields.byName[name] else {
      return .failure(
        CasePatternEmbedFailure(
          "\(typeName(Root.self)) has no stored field \"\(name)\" to bind; its fields are: "
            + "\(fields.byName.keys.sorted().joined(separator: ", "))."))
    }
    func set<Value: Sendable>(_ typed: Value) -> Result<Any, CasePatternEmbedFailure> {
      guard let writable = keyPath as? WritableKeyPath<Root, Value> else {
        return .failure(
          CasePatternEmbedFailure(
            "\(typeName(Root.self)).\(name) is not a writable field of type "
              + "\(typeName(Value.self))."))
      }
      guard typed is any Equatable else {
        return .failure(
          CasePatternEmbedFailure(
            "A binding sets an Equatable value; \(typeName(Value.self)) is not one."))
      }
      // NB: key paths are immutable once made, so one made at run time is as Sendable as a
      // literal; `Sendable` is a marker protocol, which changes no representation.
      let path = assumeSendable(writable, as: (WritableKeyPath<Root, Value> & Sendable).self)
      return .success(
        Self(
          keyPath: path, value: typed,
          apply: { $0[keyPath: path] = typed },
          isSameValue: { other in
            func isEqual<Equated: Equatable>(_ value: Equated) -> Bool {
              (other as? Equated) == value
            }
            return (typed as? any Equatable).map { isEqual($0) } ?? false
          }))
    }
    // A literal for a field of another type (`7` for a `Double` volume).
    let fieldType = Swift.type(of: keyPath).valueType
    if let number = convertedLiteral(value, as: fieldType) { return set(number) }
    return set(value)
  }
}
