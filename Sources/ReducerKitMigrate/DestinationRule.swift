import Foundation

/// `@Reducer enum Destination { case editor(Editor) … }` becomes the struct form the guide
/// gives: a `CaseReducer` with a `State` and an `Action` enum, a `Scope` per feature case, and
/// the `CaseReducerState` conformance that lets a parent leave out the trailing reducer.
/// Cases holding an `AlertState` or a `ConfirmationDialogState` keep it in `State` and hold its
/// button actions in `Action`, as the macro has it.
enum DestinationRule {
  struct Case {
    var name: String
    var state: String
    var action: String
    var isFeature: Bool
  }

  static func apply(to file: inout SourceFile, notes: inout [MigrationNote]) {
    var index = 0
    while index < file.lines.count {
      let trimmed = file.lines[index].trimmingCharacters(in: .whitespaces)
      if trimmed == "@Reducer" || trimmed.hasPrefix("@Reducer(") || trimmed.hasPrefix("@Reducer ") {
        if let declaration = ReducerRule.declarationLine(
          after: attributeText(trimmed), at: index, in: file),
          file.lines[declaration].split(separator: " ").contains("enum")
        {
          rewrite(attributeAt: index, declarationAt: declaration, in: &file, notes: &notes)
        }
      }
      index += 1
    }
  }

  /// The attribute at the start of `line`, with its arguments: `@Reducer(state: .equatable)`.
  private static func attributeText(_ line: String) -> String {
    guard line.hasPrefix("@Reducer(") else { return "@Reducer" }
    guard let close = line.firstIndex(of: ")") else { return line }
    return String(line[...close])
  }

  private static func rewrite(
    attributeAt attribute: Int, declarationAt declaration: Int, in file: inout SourceFile,
    notes: inout [MigrationNote]
  ) {
    let attributeLine = file.lines[attribute].trimmingCharacters(in: .whitespaces)
    let arguments = attributeText(attributeLine)
    let declarationLine = file.lines[declaration]
    guard let end = file.blockEnd(from: declaration), declarationLine.hasSuffix("{"),
      let name = declaredTypeName(declarationLine)
    else { return }
    var cases: [Case] = []
    var members: [String] = []
    var scanner = CodeScanner()
    var depth = 0
    for index in (declaration + 1)..<end {
      let line = file.lines[index]
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if depth == 0, trimmed.hasPrefix("case ") {
        guard let parsed = parseCases(String(trimmed.dropFirst(5))) else {
          notes.append(
            MigrationNote(
              about: line,
              "a destination case with other than one unlabelled payload: write the struct form "
                + "by hand (a CaseReducer with State and Action enums)",
              section: "Features"))
          return
        }
        cases += parsed
      } else {
        members.append(line)
      }
      for character in scanner.codeCharacters(of: line) {
        if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
      }
    }
    let indent = indentation(of: declarationLine)
    let access =
      declarationLine.split(separator: " ").first { modifiers.contains(String($0)) }
      .map { "\($0) " } ?? ""
    var stateConformances = ["CasePathable"]
    if arguments.contains(".equatable") { stateConformances.append("Equatable") }
    if arguments.contains(".hashable") { stateConformances.append("Hashable") }
    if arguments.contains(".sendable") { stateConformances.append("Sendable") }
    var result = ["\(indent)\(access)struct \(name): CaseReducer {"]
    // NB: `@dynamicMemberLookup` for the views' case members (`\.destination?.editor`), and
    // the enum of the cases' stores the macro generates, for `switch store.case`.
    result.append("\(indent)  @dynamicMemberLookup")
    result.append("\(indent)  \(access)enum State: \(stateConformances.joined(separator: ", ")) {")
    result += cases.map { "\(indent)    case \($0.name)(\($0.state))" }
    result.append("\(indent)  }")
    result.append("\(indent)  \(access)enum Action: CasePathable, Sendable {")
    result += cases.map { "\(indent)    case \($0.name)(\($0.action))" }
    result.append("\(indent)  }")
    result.append("\(indent)  \(access)enum CaseScope: CaseScopeEnum {")
    result += cases.map { "\(indent)    case \($0.name)(Store<\($0.state), \($0.action)>)" }
    result.append("\(indent)  }")
    let kept = members.drop { $0.trimmingCharacters(in: .whitespaces).isEmpty }
    if !kept.isEmpty {
      result.append("")
      result += kept
    }
    result.append("")
    result.append("\(indent)  \(access)init() {}")
    result.append("")
    result.append("\(indent)  \(access)var body: some ReducerOf<Self> {")
    for feature in cases where feature.isFeature {
      let type = feature.state.dropLast(".State".count)
      result.append(
        "\(indent)    Scope(state: \\.\(feature.name), action: \\.\(feature.name)) { \(type)() }")
    }
    if !cases.contains(where: \.isFeature) { result.append("\(indent)    EmptyReducer()") }
    result.append("\(indent)  }")
    result.append("\(indent)}")
    let qualified = (file.enclosingTypes(of: declaration) + [name]).joined(separator: ".")
    file.lines.replaceSubrange(attribute...end, with: result)
    file.lines.append("")
    file.lines.append(
      "extension \(qualified).State: CaseReducerState { \(access)typealias StateReducer = \(qualified) }"
    )
  }

  /// The cases of a `case` line (without `case `): `editor(Editor), alert(AlertState<Alert>)`;
  /// `nil` when one has no payload, a labelled one, or several.
  static func parseCases(_ text: String) -> [Case]? {
    var cases: [Case] = []
    for part in splitAtTopLevelCommas(text) {
      let part = part.trimmingCharacters(in: .whitespaces)
      guard let open = part.firstIndex(of: "("), part.hasSuffix(")") else { return nil }
      let name = String(part[..<open])
      let payload = String(part[part.index(after: open)..<part.index(before: part.endIndex)])
        .trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty, !payload.isEmpty, !payload.contains(":"),
        splitAtTopLevelCommas(payload).count == 1
      else { return nil }
      for prefix in ["AlertState<", "ConfirmationDialogState<"] where payload.hasPrefix(prefix) {
        guard payload.hasSuffix(">") else { return nil }
        let buttons = payload.dropFirst(prefix.count).dropLast()
        cases.append(Case(name: name, state: payload, action: String(buttons), isFeature: false))
      }
      if cases.last?.name == name { continue }
      guard payload.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
        payload.first?.isUppercase == true
      else { return nil }
      cases.append(
        Case(name: name, state: "\(payload).State", action: "\(payload).Action", isFeature: true))
    }
    return cases
  }
}

/// `text` split at the commas outside any parentheses, brackets or angle brackets.
func splitAtTopLevelCommas(_ text: String) -> [String] {
  var parts: [String] = []
  var current = ""
  var depth = 0
  var previous: Character = " "
  for character in text {
    defer { previous = character }
    switch character {
    case "(", "[", "<": depth += 1
    case ">" where previous == "-": break  // an arrow, not a bracket
    case ")", "]", ">": depth -= 1
    case "," where depth == 0:
      parts.append(current)
      current = ""
      continue
    default: break
    }
    current.append(character)
  }
  if !current.trimmingCharacters(in: .whitespaces).isEmpty { parts.append(current) }
  return parts
}
