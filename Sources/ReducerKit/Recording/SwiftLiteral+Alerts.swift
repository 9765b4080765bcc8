// How generated test source writes the library's own presentation values: through their public
// initializers, as a feature writes them, never through their stored fields (an alert's id is
// not one a test can set).

extension TextState: WrittenAsSwift {
  /// `TextState("Delete")`, `TextState("Delete").bold()`, runs joined by `+`.
  func swiftExpression(_ writer: inout SwiftLiteral) -> String {
    guard !runs.isEmpty else { return #"TextState("")"# }
    return runs.map { run in
      Emphasis.allCases.filter(run.emphasis.contains).reduce(
        "TextState(\(writer.expression(for: run.string)))"
      ) { text, emphasis in "\(text).\(emphasis.rawValue)()" }
    }
    .joined(separator: " + ")
  }
}

extension ButtonState: WrittenAsSwift {
  /// `ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }`.
  func swiftExpression(_ writer: inout SwiftLiteral) -> String {
    var arguments: [String] = []
    if let role { arguments.append("role: .\(role.rawValue)") }
    switch (action.action, action.animation) {
    case (nil, nil): break
    case (let sent?, nil): arguments.append("action: \(writer.expression(for: sent))")
    case (let sent, let animation?):
      let sentExpression = sent.map { writer.expression(for: $0) } ?? "nil"
      // NB: SwiftUI's animation has no Swift text to read back; the one Linux has does.
      #if canImport(SwiftUI)
        let animationExpression = writer.unwritable(type(of: animation))
      #else
        let animationExpression = writer.expression(for: animation)
      #endif
      arguments.append("action: .send(\(sentExpression), animation: \(animationExpression))")
    }
    let label = "{ \(writer.expression(for: label)) }"
    return arguments.isEmpty
      ? "ButtonState \(label)" : "ButtonState(\(arguments.joined(separator: ", "))) \(label)"
  }
}

extension AlertState: WrittenAsSwift {
  /// `AlertState(title: TextState("Delete?"), message: …, buttons: […])`.
  func swiftExpression(_ writer: inout SwiftLiteral) -> String {
    var arguments = ["title: \(writer.expression(for: title))"]
    if let message { arguments.append("message: \(writer.expression(for: message))") }
    if !buttons.isEmpty { arguments.append("buttons: \(writer.expression(for: buttons))") }
    return "AlertState(\(arguments.joined(separator: ", ")))"
  }
}

extension ConfirmationDialogState: WrittenAsSwift {
  /// `ConfirmationDialogState(titleVisibility: .visible, title: …, message: …, buttons: […])`.
  func swiftExpression(_ writer: inout SwiftLiteral) -> String {
    var arguments: [String] = []
    if titleVisibility != .automatic {
      arguments.append("titleVisibility: .\(titleVisibility.rawValue)")
    }
    arguments.append("title: \(writer.expression(for: title))")
    if let message { arguments.append("message: \(writer.expression(for: message))") }
    if !buttons.isEmpty { arguments.append("buttons: \(writer.expression(for: buttons))") }
    return "ConfirmationDialogState(\(arguments.joined(separator: ", ")))"
  }
}

#if !canImport(SwiftUI)
  extension Animation: WrittenAsSwift {
    /// `.easeInOut(duration: 0.3)`, as it was made.
    func swiftExpression(_ writer: inout SwiftLiteral) -> String { ".\(description)" }
  }
#endif
