import Foundation

/// `@Reducer struct Feature` becomes `struct Feature: Reducer`, and its `enum Action` gains the
/// `CasePathable` and `Sendable` conformances the macro gave it (a store's actions are
/// `Sendable`); `@ObservableState` goes (stores observe fields without it); `@CasePathable enum`
/// becomes a conformance; `@PresentationState` is spelled `@Presents`.
enum ReducerRule {
  static func apply(to file: inout SourceFile, notes: inout [MigrationNote]) {
    var index = 0
    while index < file.lines.count {
      let line = file.lines[index]
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed == "@Reducer" || trimmed.hasPrefix("@Reducer ") {
        rewriteReducer(at: index, in: &file, notes: &notes)
      } else if trimmed == "@ObservableState" {
        file.lines.remove(at: index)
        continue
      } else if trimmed.hasPrefix("@ObservableState ") {
        file.lines[index] = line.replacingOccurrences(of: "@ObservableState ", with: "")
      } else if trimmed == "@CasePathable" || trimmed.hasPrefix("@CasePathable ") {
        rewriteCasePathable(at: index, in: &file)
        continue
      }
      file.lines[index] = file.lines[index]
        .replacingOccurrences(of: "@PresentationState ", with: "@Presents ")
      index += 1
    }
  }

  /// The line of the declaration an attribute at `index` applies to: the same line, or the
  /// next that is not only attributes (`@available(iOS 17, *)`, `@dynamicMemberLookup`).
  static func declarationLine(after attribute: String, at index: Int, in file: SourceFile) -> Int? {
    let rest = file.lines[index].trimmingCharacters(in: .whitespaces).dropFirst(attribute.count)
    if !isAttributesOnly(rest) { return index }
    var next = index + 1
    while next < file.lines.count, isAttributesOnly(Substring(file.lines[next])),
      !file.lines[next].trimmingCharacters(in: .whitespaces).isEmpty
    {
      next += 1
    }
    return next < file.lines.count ? next : nil
  }

  /// Whether `text` holds nothing but attributes (`@MainActor @available(iOS 17, *)`).
  private static func isAttributesOnly(_ text: Substring) -> Bool {
    var rest = text.trimmingCharacters(in: .whitespaces)[...]
    while rest.hasPrefix("@") {
      let name = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      rest = rest.dropFirst(1 + name.count)
      if rest.hasPrefix("("), let close = rest.firstIndex(of: ")") {
        rest = rest[rest.index(after: close)...]
      }
      rest = rest.drop { $0 == " " || $0 == "\t" }
    }
    return rest.isEmpty
  }

  private static func rewriteReducer(
    at index: Int, in file: inout SourceFile, notes: inout [MigrationNote]
  ) {
    guard let declaration = declarationLine(after: "@Reducer", at: index, in: file) else { return }
    let words = file.lines[declaration].split(separator: " ")
    let declarationText = file.lines[declaration]
    guard words.contains("struct"),
      declarationText.hasSuffix("{") || declarationText.hasSuffix("{}")
    else { return }
    // `@Reducer` alone, on its line or before the declaration.
    if declaration != index {
      guard file.lines[index].trimmingCharacters(in: .whitespaces) == "@Reducer" else {
        notes.append(
          MigrationNote(
            about: file.lines[index],
            "@Reducer with arguments on a struct: write \"struct Name: Reducer\" (the arguments "
              + "configure generated code that a struct reducer does not have)",
            section: "Features"))
        return
      }
      file.lines.remove(at: index)
      file.lines[declaration - 1] = adding("Reducer", to: file.lines[declaration - 1])
      completeReducer(in: &file, structAt: declaration - 1)
    } else {
      let stripped = file.lines[index].replacingOccurrences(of: "@Reducer ", with: "")
      file.lines[index] = adding("Reducer", to: stripped)
      completeReducer(in: &file, structAt: index)
    }
  }

  /// What the macro gave the feature declared at `start`: `CasePathable` and `Sendable` on
  /// its `Action`, an empty `State` and `Action` and a body of `EmptyReducer()` where it has
  /// none, and the ``ReducerState`` conformance that types its stores in views.
  private static func completeReducer(in file: inout SourceFile, structAt start: Int) {
    if file.lines[start].hasSuffix("{}") {
      file.lines[start].removeLast()
      file.lines.insert(indentation(of: file.lines[start]) + "}", at: start + 1)
    }
    markAction(in: &file, structAt: start)
    guard let end = file.blockEnd(from: start), let name = declaredTypeName(file.lines[start])
    else { return }
    let members = memberDeclarations(in: file, from: start, to: end)
    let indent = indentation(of: file.lines[start]) + "  "
    var added: [String] = []
    let access = file.lines[start].contains("public ") ? "public " : ""
    // NB: `var body: some Reducer<Int, Bool>` names the state and action, as a typealias would.
    let bodyNamesTypes = file.lines[start...end].contains { $0.contains("some Reducer<") }
    if !bodyNamesTypes, !members.contains(where: { $0.name == "State" }) {
      added.append("\(indent)\(access)struct State: Equatable, Sendable { \(access)init() {} }")
    }
    if !bodyNamesTypes, !members.contains(where: { $0.name == "Action" }) {
      added.append("\(indent)\(access)enum Action: CasePathable, Sendable {}")
    }
    // NB: a body only for a feature the macro completed (one with State or Action missing): a
    // feature with both may have its `reduce` in an extension.
    if !added.isEmpty, !members.contains(where: { $0.name == "body" || $0.name == "reduce" }) {
      added.append("\(indent)\(access)var body: some ReducerOf<Self> { EmptyReducer() }")
    }
    file.lines.insert(contentsOf: added, at: end)
    let generic = file.lines[start].contains("<")
    let statesNested =
      members.contains { $0.name == "State" && $0.isNestedType }
      || (!bodyNamesTypes && !members.contains { $0.name == "State" })
    guard !generic, statesNested, file.isAtTypeLevel(start) else { return }
    let qualified = (file.enclosingTypes(of: start) + [name]).joined(separator: ".")
    let memberAccess = DestinationRule.conformanceAccess(declarationAt: start, in: file)
    file.lines.append("")
    file.lines.append(
      "extension \(qualified).State: ReducerState { \(memberAccess)typealias StateReducer = \(qualified) }"
    )
  }

  /// The names the struct between lines `start` and `end` declares at its top level, and
  /// whether each is a nested type.
  private static func memberDeclarations(
    in file: SourceFile, from start: Int, to end: Int
  ) -> [(name: String, isNestedType: Bool)] {
    var members: [(String, Bool)] = []
    var depth = 0
    var scanner = CodeScanner()
    for index in start...end {
      let line = file.lines[index]
      if depth == 1 {
        if let name = declaredTypeName(line), !line.contains("extension ") {
          members.append((name, true))
        }
        if let name = SchedulerRule.firstMatch(
          #"^\s*(?:@\w+\s+)*(?:(?:public|private|fileprivate|internal|package|static|nonisolated)\s+)*(?:var|func|typealias)\s+(\w+)"#,
          in: line)
        {
          members.append((name, false))
        }
      }
      for character in scanner.codeCharacters(of: line) {
        if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
      }
    }
    return members
  }

  /// Adds `CasePathable` and `Sendable` to the `enum Action` declared in the struct at `start`.
  private static func markAction(in file: inout SourceFile, structAt start: Int) {
    guard let end = file.blockEnd(from: start) else { return }
    var depth = 0
    var scanner = CodeScanner()
    for index in start...end {
      let line = file.lines[index]
      if depth == 1, declaredTypeName(line) == "Action", line.contains("enum "),
        line.contains("{")
      {
        var declaration = line.replacingOccurrences(of: "@CasePathable ", with: "")
        declaration = adding("CasePathable", to: adding("Sendable", to: declaration))
        file.lines[index] = declaration
      }
      for character in scanner.codeCharacters(of: line) {
        if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
      }
    }
  }

  private static func rewriteCasePathable(at index: Int, in file: inout SourceFile) {
    guard let declaration = declarationLine(after: "@CasePathable", at: index, in: file),
      file.lines[declaration].contains("enum "), file.lines[declaration].hasSuffix("{")
    else {
      file.lines[index] = file.lines[index].replacingOccurrences(of: "@CasePathable", with: "")
      return
    }
    // NB: other attributes between (`@dynamicMemberLookup`) stay where they are.
    file.lines[declaration] = adding(
      "CasePathable",
      to: file.lines[declaration].replacingOccurrences(of: "@CasePathable ", with: ""))
    if declaration != index {
      let rest = file.lines[index].replacingOccurrences(of: "@CasePathable", with: "")
      if rest.trimmingCharacters(in: .whitespaces).isEmpty {
        file.lines.remove(at: index)
      } else {
        file.lines[index] = rest.replacingOccurrences(of: "  @", with: " @")
      }
    }
  }
}
