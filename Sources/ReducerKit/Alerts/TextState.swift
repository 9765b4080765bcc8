/// Text as a plain value that state can hold, compare and dump: the title, message and button
/// labels of an ``AlertState`` or a ``ConfirmationDialogState``.
///
/// ```swift
/// TextState("Delete \(todo.title)?")
/// TextState("Delete").bold() + TextState(" cannot be undone.")
/// ```
///
/// A UI layer renders ``runs`` (each piece of text with its emphasis), or just ``string``.
public struct TextState: Equatable, Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// A piece of text with one emphasis.
  public struct Run: Equatable, Hashable, Sendable {
    /// The text.
    public var string: String
    /// How it is emphasised.
    public var emphasis: Set<Emphasis>
  }

  /// The emphasis of a ``Run``.
  public enum Emphasis: String, Equatable, Hashable, Sendable, CaseIterable {
    /// Heavier type.
    case bold
    /// Slanted type.
    case italic
    /// A line under the text.
    case underline
    /// A line through the text.
    case strikethrough
    /// Every character the same width.
    case monospaced
  }

  /// The pieces of the text, in order.
  public private(set) var runs: [Run]

  /// Text that shows `content` as it is.
  public init(_ content: String) {
    runs = [Run(string: content, emphasis: [])]
  }

  /// Text made of `runs`, as a recording holds it.
  init(runs: [Run]) {
    self.runs = runs
  }

  /// Text that shows `content` as it is.
  public init(verbatim content: String) {
    self.init(content)
  }

  public init(stringLiteral value: String) {
    self.init(value)
  }

  /// The text without emphasis.
  public var string: String { runs.map(\.string).joined() }

  public var description: String { string }

  /// The text, bold.
  public func bold() -> TextState { emphasized(.bold) }
  /// The text, italic.
  public func italic() -> TextState { emphasized(.italic) }
  /// The text, underlined.
  public func underline() -> TextState { emphasized(.underline) }
  /// The text, struck through.
  public func strikethrough() -> TextState { emphasized(.strikethrough) }
  /// The text, in a monospaced font.
  public func monospaced() -> TextState { emphasized(.monospaced) }

  private func emphasized(_ emphasis: Emphasis) -> TextState {
    var text = self
    for index in text.runs.indices { text.runs[index].emphasis.insert(emphasis) }
    return text
  }

  /// The two texts, one after the other.
  public static func + (lhs: TextState, rhs: TextState) -> TextState {
    var text = lhs
    text.runs.append(contentsOf: rhs.runs)
    return text
  }
}

extension TextState: CustomDumpRepresentable {
  /// The text in quotes, with any emphasis after it: `"Delete" (bold)`.
  public var customDumpValue: Any {
    runs.map { run in
      let quoted = customDump(run.string)
      guard !run.emphasis.isEmpty else { return quoted }
      let emphasis = Emphasis.allCases.filter(run.emphasis.contains).map(\.rawValue)
      return "\(quoted) (\(emphasis.joined(separator: ", ")))"
    }
    .joined(separator: " + ")
  }
}
