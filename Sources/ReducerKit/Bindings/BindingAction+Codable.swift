import Foundation

extension BindingAction: Codable {
  private enum CodingKeys: String, CodingKey { case field, value }

  /// Writes the action as the stored field it sets and the value: `{"field": "query", "value":
  /// "Lis"}`, so that a feature with bindings records to a file.
  ///
  /// Throws `EncodingError.invalidValue` for an action on a nested or computed field (it has no
  /// name to write), or one whose value is not `Encodable`, naming which.
  public func encode(to encoder: any Encoder) throws {
    guard let field = fieldName else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: "A binding action of \(typeName(Root.self)) sets a nested or "
            + "computed field, which has no name to write: bind a stored field of the state."))
    }
    guard let encodable = value as? any Encodable else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: "The binding of \(typeName(Root.self)).\(field) sets a "
            + "\(typeName(Swift.type(of: value))), which is not Encodable."))
    }
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(field, forKey: .field)
    try container.encode(encodable, forKey: .value)
  }

  /// Reads an action written by ``encode(to:)``: the field by its name, the value as the
  /// field's type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let field = try container.decode(String.self, forKey: .field)
    guard let keyPath = FieldKeyPaths.fields(of: Root.self).byName[field] else {
      throw DecodingError.dataCorruptedError(
        forKey: .field, in: container,
        debugDescription: "\(typeName(Root.self)) has no stored field \"\(field)\".")
    }
    let fieldType = Swift.type(of: keyPath).valueType
    guard let decodable = fieldType as? any Decodable.Type else {
      throw DecodingError.dataCorruptedError(
        forKey: .value, in: container,
        debugDescription: "\(typeName(Root.self)).\(field) is a \(typeName(fieldType)), which "
          + "is not Decodable.")
    }
    func decode<Value: Decodable>(_: Value.Type) throws -> any Sendable {
      // NB: a field of a state a store holds, which is Sendable, and so are its fields;
      // `Sendable` is a marker protocol, which changes no representation.
      assumeSendable(
        try container.decode(Value.self, forKey: .value) as Any, as: (any Sendable).self)
    }
    switch Self.setting(field: field, to: try decode(decodable)) {
    case .success(let action as Self):
      self = action
    case .success:
      throw DecodingError.dataCorruptedError(
        forKey: .field, in: container,
        debugDescription: "The binding of \(typeName(Root.self)).\(field) could not be made.")
    case .failure(let failure):
      throw DecodingError.dataCorruptedError(
        forKey: .value, in: container, debugDescription: failure.reason)
    }
  }
}
