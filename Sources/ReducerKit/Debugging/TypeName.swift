/// A type's name as written in source: without module names or local-context noise.
package func typeName(_ type: Any.Type) -> String {
  let key = ObjectIdentifier(type)
  if let cached = typeNames.withLock({ $0[key] }) { return cached }
  let name = cleanTypeName(String(reflecting: type))
  typeNames.withLock { $0[key] = name }
  return name
}

private let typeNames = LockedState<[ObjectIdentifier: String]>([:])

/// Drops module names, `(unknown context at $…).` and `(Name in _…)` wrappers.
private func cleanTypeName(_ reflected: String) -> String {
  var name = ""
  var index = reflected.startIndex
  while index < reflected.endIndex {
    if reflected[index...].hasPrefix("(unknown context at "),
      let close = reflected[index...].firstIndex(of: ")")
    {
      index = reflected.index(after: close)
      if index < reflected.endIndex, reflected[index] == "." {
        index = reflected.index(after: index)
      }
      continue
    }
    if reflected[index] == "(", let close = reflected[index...].firstIndex(of: ")"),
      let space = reflected[index..<close].firstIndex(of: " "),
      reflected[space..<close].hasPrefix(" in _")
    {
      name += reflected[reflected.index(after: index)..<space]
      index = reflected.index(after: close)
      continue
    }
    name.append(reflected[index])
    index = reflected.index(after: index)
  }
  // Drop the leading module name of every dotted path.
  var result = ""
  var token = ""
  func flush() {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    result += parts.count > 1 ? parts.dropFirst().joined(separator: ".") : token
    token = ""
  }
  for character in name {
    if character.isLetter || character.isNumber || character == "_" || character == "." {
      token.append(character)
    } else {
      flush()
      result.append(character)
    }
  }
  flush()
  return result
}
