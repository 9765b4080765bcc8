/// Lays generated Swift out within a width, as a person would break it: a list too long for its
/// line gets one element per line, each element broken the same way in turn.
enum SourceLayout {
  /// `function(arguments)` as lines of at most `width` columns: on one line, or with the
  /// arguments on the line after, or with each argument on a line of its own, broken in turn
  /// where it is still too long.
  static func call(_ function: String, _ arguments: String, width: Int) -> [String] {
    let line = "\(function)(\(arguments))"
    guard line.count > width else { return [line] }
    // NB: the arguments on one line of their own, or each on its own, as swift-format has them.
    guard arguments.count + 3 > width else { return [function + "(", "  \(arguments))"] }
    return lines(line, width: width)
  }

  /// `text` as lines of at most `width` columns where its lists allow: broken at the commas of
  /// the list (in brackets or parentheses) that ends it.
  static func lines(_ text: String, width: Int) -> [String] {
    guard text.count > width else { return [text] }
    if let (head, body) = trailingClosure(of: text) {
      // NB: `Button(…) { label }` as a person breaks it: the closure's body on its own line.
      return lines(head + " {", width: width) + lines(body, width: width - 2).map { "  " + $0 }
        + ["}"]
    }
    guard let list = endingList(of: text) else { return [text] }
    var lines = [list.head]
    for element in list.elements {
      var elementLines = self.lines(element, width: width - 2).map { "  " + $0 }
      // NB: an array keeps a trailing comma, as Swift code is written; a call does not.
      if list.close == "]" || element != list.elements.last {
        elementLines[elementLines.count - 1] += ","
      }
      lines += elementLines
    }
    // NB: a call closes after its last argument; an array on a line of its own.
    if list.close == ")" {
      lines[lines.count - 1] += ")"
    } else {
      lines.append("]")
    }
    return lines
  }

  /// The list that `text` ends with: what comes before its opening bracket or parenthesis
  /// (included), its elements, and its closing one; `nil` when `text` does not end with one or
  /// the list is empty.
  private static func endingList(
    of text: String
  ) -> (head: String, elements: [String], close: Character)? {
    let characters = Array(text)
    var depth = 0
    var open: Int?
    var commas: [Int] = []
    forEachOutsideStrings(characters) { position, character in
      switch character {
      case "[", "(":
        if depth == 0 { (open, commas) = (position, []) }
        depth += 1
      case "]", ")":
        depth -= 1
        if depth == 0, position != characters.count - 1 { open = nil }
      // NB: a closure's commas are not the list's.
      case "{": depth += 1
      case "}":
        depth -= 1
        if depth == 0 { open = nil }
      case "," where depth == 1: commas.append(position)
      default: break
      }
    }
    guard let open, depth == 0, characters.count - open > 2 else { return nil }
    let bounds = [open] + commas + [characters.count - 1]
    let elements = zip(bounds, bounds.dropFirst()).map { start, end in
      String(characters[(start + 1)..<end]).trimmingLeadingSpaces()
    }
    return (String(characters[...open]), elements, characters[characters.count - 1])
  }
}

extension SourceLayout {
  /// The call before the closure that ends `text`, and the closure's body, for
  /// `ButtonState(role: .cancel) { TextState("Cancel") }`; `nil` when `text` does not end with
  /// a closure of one line.
  fileprivate static func trailingClosure(of text: String) -> (head: String, body: String)? {
    let characters = Array(text)
    guard characters.last == "}" else { return nil }
    var depth = 0
    var open: Int?
    forEachOutsideStrings(characters) { position, character in
      switch character {
      case "(", "[": depth += 1
      case ")", "]": depth -= 1
      case "{":
        if depth == 0 { open = position }
        depth += 1
      case "}": depth -= 1
      default: break
      }
    }
    guard let open, open > 0, depth == 0 else { return nil }
    let head = String(characters[..<open]).trimmingTrailingSpaces()
    let body = String(characters[(open + 1)..<(characters.count - 1)])
      .trimmingLeadingSpaces().trimmingTrailingSpaces()
    guard !head.isEmpty, !body.isEmpty else { return nil }
    return (head, body)
  }
}

extension SourceLayout {
  /// Calls `body` with each character of `characters` that is not inside a string literal
  /// (quotes included neither), and its position.
  fileprivate static func forEachOutsideStrings(
    _ characters: [Character], _ body: (Int, Character) -> Void
  ) {
    var isInString = false
    var isEscaped = false
    for (position, character) in characters.enumerated() {
      if isInString {
        if isEscaped {
          isEscaped = false
        } else if character == "\\" {
          isEscaped = true
        } else if character == "\"" {
          isInString = false
        }
      } else if character == "\"" {
        isInString = true
      } else {
        body(position, character)
      }
    }
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }

  fileprivate func trimmingLeadingSpaces() -> String {
    String(drop { $0 == " " })
  }
}
