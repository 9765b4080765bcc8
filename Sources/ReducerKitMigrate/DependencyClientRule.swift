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
      var end = file.blockEnd(from: declaration)
    else { return }
    var endpoints: [(lines: ClosedRange<Int>, endpoint: Endpoint)] = []
    for property in properties(in: file, from: declaration, to: end) {
      let text = property.text
      guard let endpoint = parseEndpoint(text) else {
        // NB: a property that is not a closure stays as it is, outside the initializer, when
        // it has a value; without one it cannot be left out of `Client()`.
        if text.contains(" = ") || text.hasPrefix("let ") || text.hasPrefix("public let ") {
          continue
        }
        notes.append(
          MigrationNote(
            about: file.lines[property.lines.lowerBound],
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
            about: file.lines[property.lines.lowerBound],
            "\"\(endpoint.name)\" neither throws nor returns Void: give it a default "
              + "(\"= { value }\"), which its unimplemented test value returns",
            section: "Dependencies"))
        return
      }
      endpoints.append((property.lines, endpoint))
    }
    let indent = indentation(of: file.lines[declaration]) + "  "
    let access =
      file.lines[declaration].hasPrefix("\(indentation(of: file.lines[declaration]))public ")
      ? "public " : ""
    for (lines, endpoint) in endpoints.reversed() {
      // The default moves to the initializer; a declaration over several lines becomes one.
      file.lines.replaceSubrange(
        lines,
        with: [
          "\(indentation(of: file.lines[lines.lowerBound]))\(access)var \(endpoint.name): \(endpoint.type)"
        ])
      end -= lines.count - 1
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

  /// The stored properties declared directly in the struct between lines `start` and `end`,
  /// each with its lines and its text on one line (a closure type or default over several
  /// lines joined).
  static func properties(
    in file: SourceFile, from start: Int, to end: Int
  ) -> [(lines: ClosedRange<Int>, text: String)] {
    var found: [(ClosedRange<Int>, String)] = []
    var depth = 0
    var scanner = CodeScanner()
    var index = start
    while index < end {
      let line = file.lines[index]
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let isProperty =
        depth == 1
        && (trimmed.hasPrefix("var ") || trimmed.hasPrefix("public var ")
          || trimmed.hasPrefix("let ") || trimmed.hasPrefix("public let "))
      guard isProperty else {
        for character in scanner.codeCharacters(of: line) {
          if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
        }
        index += 1
        continue
      }
      // The declaration continues while a bracket is open, or the type or value goes on.
      var text = ""
      var open = 0
      var last = index
      while last < end {
        let code = String(scanner.codeCharacters(of: file.lines[last]))
        // NB: the line as written (string literals kept), without a trailing comment.
        let written = file.lines[last].replacingOccurrences(
          of: #"\s+//[^"]*$"#, with: "", options: .regularExpression)
        text += (text.isEmpty ? "" : " ") + written.trimmingCharacters(in: .whitespaces)
        for character in code {
          if "({[".contains(character) { open += 1 } else if ")}]".contains(character) { open -= 1 }
        }
        let next = last + 1 < end ? file.lines[last + 1].trimmingCharacters(in: .whitespaces) : ""
        let continues =
          open > 0 || text.hasSuffix(":") || text.hasSuffix("->") || text.hasSuffix("=")
          || ["->", "async", "throws", "= {", "="].contains { next.hasPrefix($0) }
        guard continues else { break }
        last += 1
      }
      found.append((index...last, text))
      index = last + 1
    }
    return found
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
      var body = value.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
      // `{ _, _ in .finished }`: the value the closure returns, whatever it is given.
      if let inKeyword = body.range(of: #"^[\w\s,_]*\bin\b"#, options: .regularExpression) {
        body = body[inKeyword.upperBound...].trimmingCharacters(in: .whitespaces)
      }
      guard !body.contains(";"), !body.hasPrefix("return ") || !body.dropFirst(7).contains("\n")
      else { return nil }
      if body.hasPrefix("return ") { body = String(body.dropFirst(7)) }
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
    // NB: as the macro does, an endpoint returning an optional returns `nil` when unimplemented.
    if placeholder == nil, result.hasSuffix("?"), !effects.contains("throws") {
      placeholder = "nil"
    }
    return Endpoint(
      name: name, type: type,
      parameters: inner.trimmingCharacters(in: .whitespaces).isEmpty ? [] : parameters,
      isAsync: effects.contains("async"), isThrowing: effects.contains("throws"),
      result: result == "()" ? "Void" : result, placeholder: placeholder)
  }
}
