import Foundation

/// TCA's older spellings that have a mechanical counterpart here: case paths built with `/`
/// become the case constructors ReducerKit takes (`action: /Action.child` → `action:
/// Action.child`), `try (/State.child).modify(&state) {` becomes `state.modify(State.child) {`,
/// `(/State.child).extract(from: state)` becomes `state[case: State.child]`, a `@Reducer enum`'s
/// `Destination.body` becomes `Destination()`, `_ReducerPrinter` becomes `ReducerPrinter`,
/// `XCTUnimplemented(` becomes `unimplemented(`, and `\.mainRunLoop.now.date` becomes
/// `\.date.now`. A `[case: \.x]` read, which needs the enum's
/// name, is listed with the replacement when the file declares one enum with that case.
enum CasePathRule {
  static func apply(to file: inout SourceFile, notes: inout [MigrationNote]) {
    let enumReducers = Set(
      file.lines.indices.compactMap { index -> String? in
        let trimmed = file.lines[index].trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("struct "), trimmed.contains(": CaseReducer") else { return nil }
        return declaredTypeName(trimmed)
      })
    var scanner = CodeScanner()
    for index in file.lines.indices {
      let line = file.lines[index]
      let code = String(scanner.codeCharacters(of: line))
      guard
        code.contains("/") || code.contains(".body") || code.contains("_ReducerPrinter")
          || code.contains("mainRunLoop") || code.contains("XCTUnimplemented")
      else { continue }
      var rewritten = line
      if code.contains("/") {
        rewritten = rewriteModify(rewritten, tryIsNeeded: bodyThrows(in: file, from: index))
        rewritten = replace(
          #"\(\s*/\s*([A-Z][\w.]*\.[a-z]\w*)\s*\)\.extract\(from:\s*([^()]+?)\)"#, in: rewritten,
          with: "$2[case: $1]")
        rewritten = replace(
          #"([(\[,:=]\s*|return\s+|^\s*)/\s*([A-Z]\w*(?:\.\w+)*\.[a-z]\w*)\b"#, in: rewritten,
          with: "$1$2")
      }
      for name in enumReducers {
        let escaped = NSRegularExpression.escapedPattern(for: name)
        rewritten = replace(#"\b\#(escaped)\.body\b"#, in: rewritten, with: "\(name)()")
      }
      rewritten = replace(#"\b_ReducerPrinter\b"#, in: rewritten, with: "ReducerPrinter")
      rewritten = replace(#"\bXCTUnimplemented\("#, in: rewritten, with: "unimplemented(")
      rewritten = replace(#"\\\.mainRunLoop\.now\.date\b"#, in: rewritten, with: #"\\.date.now"#)
      file.lines[index] = rewritten
    }
    listCaseKeyPathSubscripts(in: file, notes: &notes)
  }

  /// `try (/Root.case).modify(&root) {` → `root.modify(Root.case) {` (`try` kept when the
  /// closure throws: ReducerKit's `modify` rethrows).
  static func rewriteModify(_ line: String, tryIsNeeded: Bool) -> String {
    replace(
      #"(try\s+)?\(\s*/\s*([A-Z][\w.]*\.[a-z]\w*)\s*\)\.modify\(\s*&\s*([^,()]+?)\s*\)"#, in: line,
      with: (tryIsNeeded ? "try " : "") + "$3.modify($2)")
  }

  /// Whether the closure opened on line `start` holds a `try`.
  private static func bodyThrows(in file: SourceFile, from start: Int) -> Bool {
    guard file.lines[start].contains(".modify("), let end = file.blockEnd(from: start) else {
      return false
    }
    return file.lines[(start + 1)...end].contains { $0.contains("try ") || $0.contains("try?") }
  }

  /// Lists each `[case: \.x]` read or write with what to write instead: the enum's constructor,
  /// named when one enum in the file has a case `x`.
  private static func listCaseKeyPathSubscripts(
    in file: SourceFile, notes: inout [MigrationNote]
  ) {
    var scanner = CodeScanner()
    for line in file.lines {
      let code = String(scanner.codeCharacters(of: line))
      guard code.contains("[case: \\.") || code.contains("[case:\\.") else { continue }
      let path = SchedulerRule.firstMatch(#"\[case:\s*\\\.([\w.$]+)\]"#, in: line) ?? ""
      let first = path.split(separator: ".").first.map(String.init) ?? path
      let message: String
      if first == "binding" {
        message =
          "[case: \\.\(path)] reads a binding action's value: write "
          + "\"bindingAction.value(at: \\.field)\", or match \"case .binding(\\.field)\""
      } else if let owner = enumDeclaring(case: first, in: file) {
        message =
          "[case: \\.\(path)] takes the case's constructor here: write [case: \(owner).\(first)]"
      } else {
        message =
          "[case: \\.\(path)] takes the case's constructor here: write [case: Enum.\(first)] with "
          + "the enum's name"
      }
      notes.append(MigrationNote(about: line, message, section: "Navigation and collections"))
    }
  }

  /// The qualified name of the one enum in the file with a case `name`, if just one has it.
  static func enumDeclaring(case name: String, in file: SourceFile) -> String? {
    var owners: Set<String> = []
    for (index, line) in file.lines.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      // NB: a case declaration, not a `switch` case (`case .x:`, `case let .x(y):`).
      guard trimmed.hasPrefix("case "), trimmed.dropFirst(5).first?.isLetter == true,
        !trimmed.hasPrefix("case let "), !trimmed.hasPrefix("case var "), !trimmed.hasSuffix(":")
      else { continue }
      let cases = splitAtTopLevelCommas(String(trimmed.dropFirst(5))).map {
        $0.trimmingCharacters(in: .whitespaces).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      }
      guard cases.contains(where: { $0 == name }) else { continue }
      let types = file.enclosingTypes(of: index)
      if !types.isEmpty { owners.insert(types.joined(separator: ".")) }
    }
    return owners.count == 1 ? owners.first : nil
  }

  static func replace(_ pattern: String, in line: String, with template: String) -> String {
    line.replacingOccurrences(of: pattern, with: template, options: .regularExpression)
  }
}
