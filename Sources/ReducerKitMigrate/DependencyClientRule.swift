import Foundation

/// `@DependencyClient struct Client { var fetch: @Sendable (_ id: Int) async throws -> String }`
/// becomes the plain struct of closures the macro generated: an initializer whose defaults are
/// `unimplemented("Client.fetch")` (so `Client()` is the test value, as with the macro), and a
/// method for each endpoint with named parameters (`client.fetch(id: 1)`).
enum DependencyClientRule {
  struct Endpoint {
    var name: String
    var type: String
    var parameters: [(name: String?, type: String)]
    var isAsync: Bool
    var isThrowing: Bool
    var result: String
    var placeholder: String?
  }

  static func apply(to file: inout SourceFile, notes: inout [MigrationNote]) {
    var index = 0
    while index < file.lines.count {
      let trimmed = file.lines[index].trimmingCharacters(in: .whitespaces)
      if trimmed == "@DependencyClient" || trimmed.hasPrefix("@DependencyClient ") {
        rewrite(at: index, in: &file, notes: &notes)
      }
      index += 1
    }
  }

  private static func rewrite(
    at index: Int, in file: inout SourceFile, notes: inout [MigrationNote]
  ) {
    guard
      let declaration = ReducerRule.declarationLine(
        after: "@DependencyClient", at: index, in: file),
      file.lines[declaration].split(separator: " ").contains("struct"),
      file.lines[declaration].hasSuffix("{"), let name = declaredTypeName(file.lines[declaration]),
      let end = file.blockEnd(from: declaration)
    else { return }
    var endpoints: [(line: Int, endpoint: Endpoint)] = []
    for line in (declaration + 1)..<end {
      let trimmed = file.lines[line].trimmingCharacters(in: .whitespaces)
      guard trimmed.hasPrefix("var ") || trimmed.hasPrefix("public var ") else { continue }
      guard let endpoint = parseEndpoint(trimmed) else {
        notes.append(
          MigrationNote(
            about: file.lines[line],
            "a client property that is not a closure, or a closure type this tool does not read: "
              + "write the client's initializer and unimplemented test value by hand",
            section: "Dependencies"))
        return
      }
      let returnsStream =
        endpoint.result.hasPrefix("AsyncStream<")
        || endpoint.result.hasPrefix("AsyncThrowingStream<")
      guard
        endpoint.isThrowing || endpoint.result == "Void" || returnsStream
          || endpoint.placeholder != nil
      else {
        notes.append(
          MigrationNote(
            about: file.lines[line],
            "\"\(endpoint.name)\" neither throws nor returns Void: give it a default "
              + "(\"= { value }\"), which its unimplemented test value returns",
            section: "Dependencies"))
        return
      }
      endpoints.append((line, endpoint))
    }
    let indent = indentation(of: file.lines[declaration]) + "  "
    let access =
      file.lines[declaration].hasPrefix("\(indentation(of: file.lines[declaration]))public ")
      ? "public " : ""
    for (line, endpoint) in endpoints {
      // The default moves to the initializer.
      file.lines[line] =
        "\(indentation(of: file.lines[line]))\(access)var \(endpoint.name): \(endpoint.type)"
    }
    var added = ["", "\(indent)\(access)init("]
    added += endpoints.enumerated().map { position, item in
      let endpoint = item.endpoint
      let placeholder = endpoint.placeholder.map { ", placeholder: \($0)" } ?? ""
      let comma = position == endpoints.count - 1 ? "" : ","
      return
        "\(indent)  \(endpoint.name): @escaping \(endpoint.type) = unimplemented(\"\(name).\(endpoint.name)\"\(placeholder))\(comma)"
    }
    added.append("\(indent)) {")
    added += endpoints.map { "\(indent)  self.\($0.endpoint.name) = \($0.endpoint.name)" }
    added.append("\(indent)}")
    for (_, endpoint) in endpoints {
      let names = endpoint.parameters.compactMap(\.name)
      guard !names.isEmpty, names.count == endpoint.parameters.count else { continue }
      let parameters = endpoint.parameters.map { "\($0.name!): \($0.type)" }.joined(separator: ", ")
      let effects = (endpoint.isAsync ? " async" : "") + (endpoint.isThrowing ? " throws" : "")
      let returns = endpoint.result == "Void" ? "" : " -> \(endpoint.result)"
      let call = (endpoint.isThrowing ? "try " : "") + (endpoint.isAsync ? "await " : "")
      added.append("")
      added.append("\(indent)\(access)func \(endpoint.name)(\(parameters))\(effects)\(returns) {")
      added.append("\(indent)  \(call)self.\(endpoint.name)(\(names.joined(separator: ", ")))")
      added.append("\(indent)}")
    }
    file.lines.insert(contentsOf: added, at: end)
    if declaration == index {
      file.lines[index] = file.lines[index].replacingOccurrences(of: "@DependencyClient ", with: "")
    } else {
      file.lines.remove(at: index)
    }
  }

  /// Reads `var name: @Sendable (_ id: Int) async throws -> String = { … }`.
  static func parseEndpoint(_ line: String) -> Endpoint? {
    var text = line.hasPrefix("public ") ? String(line.dropFirst(7)) : line
    text = String(text.dropFirst(4))
    guard let colon = text.firstIndex(of: ":") else { return nil }
    let name = text[..<colon].trimmingCharacters(in: .whitespaces)
    var type = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    var placeholder: String?
    if let equals = type.range(of: " = ") {
      let value = type[equals.upperBound...].trimmingCharacters(in: .whitespaces)
      type = String(type[..<equals.lowerBound])
      guard value.hasPrefix("{"), value.hasSuffix("}") else { return nil }
      let body = value.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
      placeholder = body.isEmpty ? "()" : body
    }
    guard let open = type.firstIndex(of: "("), let arrow = type.range(of: "->") else {
      return nil
    }
    var depth = 0
    var close: String.Index?
    for position in type[open...].indices {
      if type[position] == "(" { depth += 1 }
      if type[position] == ")" {
        depth -= 1
        if depth == 0 {
          close = position
          break
        }
      }
    }
    guard let close, close < arrow.lowerBound else { return nil }
    let inner = String(type[type.index(after: open)..<close])
    let parameters: [(name: String?, type: String)] = splitAtTopLevelCommas(inner).map { part in
      let part = part.trimmingCharacters(in: .whitespaces)
      if part.hasPrefix("_ "), let colon = part.firstIndex(of: ":") {
        let name = part.dropFirst(2)[..<colon].trimmingCharacters(in: .whitespaces)
        return (name, part[part.index(after: colon)...].trimmingCharacters(in: .whitespaces))
      }
      return (nil, part)
    }
    let effects = type[type.index(after: close)..<arrow.lowerBound]
    let result = type[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
    return Endpoint(
      name: name, type: type,
      parameters: inner.trimmingCharacters(in: .whitespaces).isEmpty ? [] : parameters,
      isAsync: effects.contains("async"), isThrowing: effects.contains("throws"),
      result: result == "()" ? "Void" : result, placeholder: placeholder)
  }
}
