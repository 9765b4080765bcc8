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

  /// The line of the declaration an attribute at `index` applies to: the same line or the next.
  static func declarationLine(after attribute: String, at index: Int, in file: SourceFile) -> Int? {
    let rest = file.lines[index].trimmingCharacters(in: .whitespaces).dropFirst(attribute.count)
    if !rest.trimmingCharacters(in: .whitespaces).isEmpty { return index }
    return index + 1 < file.lines.count ? index + 1 : nil
  }

  private static func rewriteReducer(
    at index: Int, in file: inout SourceFile, notes: inout [MigrationNote]
  ) {
    guard let declaration = declarationLine(after: "@Reducer", at: index, in: file) else { return }
    let words = file.lines[declaration].split(separator: " ")
    guard words.contains("struct"), file.lines[declaration].hasSuffix("{") else { return }
    // `@Reducer` alone, on its line or before the declaration.
    let attributeOnly = declaration != index
    if attributeOnly {
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
      file.lines[index] = adding("Reducer", to: file.lines[index])
      markAction(in: &file, structAt: index)
    } else {
      let stripped = file.lines[index].replacingOccurrences(of: "@Reducer ", with: "")
      file.lines[index] = adding("Reducer", to: stripped)
      markAction(in: &file, structAt: index)
    }
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
    if declaration == index {
      let stripped = file.lines[index].replacingOccurrences(of: "@CasePathable ", with: "")
      file.lines[index] = adding("CasePathable", to: stripped)
    } else {
      file.lines.remove(at: index)
      file.lines[index] = adding("CasePathable", to: file.lines[index])
    }
  }
}
