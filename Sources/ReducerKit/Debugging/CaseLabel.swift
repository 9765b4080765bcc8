/// An enum value's case path without its values, as `_printChanges(.actionLabels)` prints it:
/// `Feature.Action.rows(.element(id:, action: .toggled))`. Payloads that are enums show their
/// cases; other payloads show their labels only (`_:` when unlabeled). A value that describes
/// itself for debugging (`CustomDebugStringConvertible`) gives that description.
///
/// NB: through `Mirror`: a debugging aid, never on a hot path.
func caseLabel(of value: Any) -> String {
  if let described = value as? any CustomDebugStringConvertible {
    return described.debugDescription
  }
  return typeName(type(of: value)) + casePath(of: value)
}

/// The case path of `value` below its type: `.case(payload…)` for an enum, the payload labels
/// for a tuple, nothing for any other value.
private func casePath(of value: Any) -> String {
  let mirror = Mirror(reflecting: value)
  switch mirror.displayStyle {
  case .enum:
    guard let payload = mirror.children.first else {
      // A case without a payload reflects no child: its name is its description.
      let name = "\(value)"
      return name == typeName(type(of: value)) ? "" : ".\(name)"
    }
    let inner = casePath(of: payload.value)
    return ".\(payload.label ?? "")" + (inner.isEmpty ? "" : "(\(inner))")
  case .tuple:
    return mirror.children.map { label, element in
      let inner = casePath(of: element)
      let argument = label.map { isPositional($0) ? "_:" : "\($0):" } ?? ""
      return inner.isEmpty ? argument : "\(argument) \(inner)"
    }
    .joined(separator: ", ")
  default:
    return ""
  }
}

/// Whether a tuple element's label is a position (`.0`), that is, the argument had no label.
private func isPositional(_ label: String) -> Bool {
  label.first == "." && label.dropFirst().allSatisfy(\.isNumber)
}

/// An enum value's case path without its values, as ``ReducerPrinter/actionLabels`` prints it:
/// `Feature.Action.rows(.element(id:, action: .toggled))`; with `abbreviated`, without the type:
/// `.rows(.element(id:, action: .toggled))`. TCA's name for the same output (its tests call it).
public func debugCaseOutput(_ value: Any, abbreviated: Bool = false) -> String {
  guard abbreviated, !(value is any CustomDebugStringConvertible) else {
    return caseLabel(of: value)
  }
  return String(caseLabel(of: value).dropFirst(typeName(type(of: value)).count))
}
