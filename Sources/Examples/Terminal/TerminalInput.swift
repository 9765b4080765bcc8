import Foundation

/// One line typed at an example's terminal, split into a command and its words.
///
/// Both terminal apps (`swift run todos`, `swift run toolshed`) read input the same way: words
/// are separated by spaces, the command is the first word in any case, and a blank line is no
/// command at all (it is ignored, as a shell ignores it).
public struct TerminalInput: Equatable, Sendable {
  /// The first word, as typed.
  public var word: String
  /// The first word, lowercased.
  public var command: String
  /// The words after the command.
  public var arguments: [String]

  /// The command on `line`, or `nil` for a blank line.
  public init?(_ line: String) {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard let first = words.first else { return nil }
    word = first
    command = first.lowercased()
    arguments = Array(words.dropFirst())
  }

  /// The words after the command, joined by single spaces.
  public var rest: String { arguments.joined(separator: " ") }
}

/// What a line typed at a `[y/N]` question means.
public enum TerminalAnswer: Equatable, Sendable {
  /// "y" or "yes".
  case yes
  /// "n", "no", or a blank line (the default).
  case no
  /// Anything else: the question is answered no, and the line is run as a command, so that a
  /// command typed at the question is not lost.
  case command(String)

  /// The meaning of `line`, read in any case.
  public init(_ line: String?) {
    guard let line else {
      self = .no
      return
    }
    switch line.trimmingCharacters(in: .whitespaces).lowercased() {
    case "y", "yes": self = .yes
    case "", "n", "no": self = .no
    default: self = .command(line)
    }
  }
}

/// `text` with every control character written as an escape (`\u{1B}`, `\t`), so that echoing
/// what a user typed cannot move the cursor, clear the screen or ring the bell.
public func printable(_ text: String) -> String {
  var result = ""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\t": result += "\\t"
    case "\r": result += "\\r"
    case "\n": result += "\\n"
    case _ where scalar.properties.generalCategory == .control:
      result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result
}
