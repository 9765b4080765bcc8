import Foundation

/// A Swift file as lines, with what the rules need to find their way in it: where a braced
/// block ends (braces in strings and comments do not count), and which type declarations
/// enclose a line.
struct SourceFile {
  var lines: [String]
  private let endsWithNewline: Bool

  init(_ text: String) {
    endsWithNewline = text.hasSuffix("\n")
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if endsWithNewline { lines.removeLast() }
    self.lines = lines
  }

  var text: String {
    lines.joined(separator: "\n") + (endsWithNewline ? "\n" : "")
  }

  /// The index of the line that closes the first `{` found from line `start` on.
  func blockEnd(from start: Int) -> Int? {
    var depth = 0
    var opened = false
    var scanner = CodeScanner()
    for index in start..<lines.count {
      for character in scanner.codeCharacters(of: lines[index]) {
        if character == "{" {
          depth += 1
          opened = true
        } else if character == "}" {
          depth -= 1
          if opened, depth == 0 { return index }
        }
      }
    }
    return nil
  }

  /// The names of the types whose declarations enclose line `index`, outermost first
  /// (`["Feature"]` for a type declared in `Feature`'s body).
  func enclosingTypes(of index: Int) -> [String] {
    enclosingDeclarations(of: index).dropLast().compactMap(declaredTypeName)
  }

  /// The lines declaring the types that enclose line `index`, outermost first, then line
  /// `index` itself.
  func enclosingDeclarations(of index: Int) -> [String] {
    var stack: [(line: String, end: Int)] = []
    for line in 0..<index {
      guard declaredTypeName(lines[line]) != nil, let end = blockEnd(from: line), end > index
      else { continue }
      stack.append((lines[line], end))
    }
    return stack.map(\.line) + [lines[index]]
  }

  /// Whether line `index` is at file scope or directly in a type's body, where an extension
  /// of what it declares can be written at the end of the file (not in a function's body).
  func isAtTypeLevel(_ index: Int) -> Bool {
    var depth = 0
    var scanner = CodeScanner()
    for line in lines[..<index] {
      for character in scanner.codeCharacters(of: line) {
        if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
      }
    }
    return depth == enclosingDeclarations(of: index).count - 1
  }

  /// Gives each note the line, counting from 1, where its anchor reads now; notes whose line is
  /// gone are kept at the end of the file.
  func resolve(_ notes: [MigrationNote]) -> [MigrationNote] {
    var used: [String: Int] = [:]
    return notes.map { note in
      var note = note
      let from = used[note.anchor] ?? 0
      if let index = lines[from...].firstIndex(where: { $0 == note.anchor }) {
        note.line = index + 1
        used[note.anchor] = index + 1
      } else {
        note.line = lines.count
      }
      return note
    }.sorted { $0.line < $1.line }
  }
}

/// The name a line declares a type or an extension of: `struct Feature: Reducer {` → `Feature`.
func declaredTypeName(_ line: String) -> String? {
  let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
  guard
    let keyword = words.firstIndex(where: {
      ["struct", "enum", "class", "actor", "extension"].contains($0)
    }),
    keyword + 1 < words.count,
    words[..<keyword].allSatisfy({ $0.hasPrefix("@") || modifiers.contains(String($0)) })
  else { return nil }
  let name = words[keyword + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
  return name.isEmpty ? nil : String(name)
}

let modifiers: Set<String> = [
  "public", "package", "internal", "fileprivate", "private", "final", "indirect", "open",
]

/// Reads Swift line by line and tells which characters are code: not in a string literal or a
/// comment. Multi-line strings and block comments carry over from one line to the next.
struct CodeScanner {
  private var inBlockComment = false
  private var inMultilineString = false

  mutating func codeCharacters(of line: String) -> [Character] {
    var code: [Character] = []
    let characters = Array(line)
    var index = 0
    var inString = false
    while index < characters.count {
      let character = characters[index]
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      if inBlockComment {
        if character == "*", next == "/" {
          inBlockComment = false
          index += 1
        }
      } else if inMultilineString {
        if line[line.index(line.startIndex, offsetBy: index)...].hasPrefix("\"\"\"") {
          inMultilineString = false
          index += 2
        }
      } else if inString {
        if character == "\\" {
          index += 1
        } else if character == "\"" {
          inString = false
        }
      } else if character == "/", next == "/" {
        break
      } else if character == "/", next == "*" {
        inBlockComment = true
        index += 1
      } else if line[line.index(line.startIndex, offsetBy: index)...].hasPrefix("\"\"\"") {
        inMultilineString = true
        index += 2
      } else if character == "\"" {
        inString = true
      } else {
        code.append(character)
      }
      index += 1
    }
    return code
  }
}

/// `line`'s indentation.
func indentation(of line: String) -> String {
  String(line.prefix { $0 == " " || $0 == "\t" })
}

/// `declaration` (a line declaring a struct or an enum) with `conformance` added first to its
/// inheritance list, unless it is there already.
func adding(_ conformance: String, to declaration: String) -> String {
  guard let brace = declaration.firstIndex(of: "{") else { return declaration }
  let head = declaration[..<brace]
  // NB: after the generic parameters, whose constraints have colons of their own.
  let afterGenerics = head.lastIndex(of: ">").map { head.index(after: $0) } ?? head.startIndex
  if let colon = head[afterGenerics...].firstIndex(of: ":") {
    let list = head[head.index(after: colon)...].split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    if list.contains(conformance) { return declaration }
    return String(head[...colon]) + " \(conformance)," + head[head.index(after: colon)...]
      + declaration[brace...]
  }
  let trimmed = head.hasSuffix(" ") ? String(head.dropLast()) : String(head)
  return trimmed + ": \(conformance) " + declaration[brace...]
}
