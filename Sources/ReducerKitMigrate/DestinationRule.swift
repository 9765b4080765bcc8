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
    /// A `@ReducerCaseIgnored` case: in the state and the case scope as written, no action.
    var isIgnored = false
  }

  /// A line of the enum's cases: a case, or a compiler directive around some (`#if DEBUG`),
  /// repeated in each enum written from them.
  enum Entry {
    case feature(Case)
    case directive(String)
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
    var entries: [Entry] = []
    var members: [String] = []
    var scanner = CodeScanner()
    var depth = 0
    var pendingAttribute = ""
    for index in (declaration + 1)..<end {
      let line = file.lines[index]
      var trimmed = line.trimmingCharacters(in: .whitespaces)
      if depth == 0, ["@ReducerCaseIgnored", "@ReducerCaseEphemeral"].contains(trimmed) {
        pendingAttribute = trimmed
        continue
      }
      if depth == 0, trimmed.hasPrefix("#") {
        // NB: in the cases' enums and among the members alike; an empty `#if` is harmless.
        entries.append(.directive(trimmed))
        members.append(line)
      } else if depth == 0, trimmed.hasPrefix("case ") || trimmed.hasPrefix("@ReducerCase") {
        var isIgnored = pendingAttribute == "@ReducerCaseIgnored"
        pendingAttribute = ""
        for attribute in ["@ReducerCaseIgnored ", "@ReducerCaseEphemeral "]
        where trimmed.hasPrefix(attribute) {
          isIgnored = isIgnored || attribute == "@ReducerCaseIgnored "
          trimmed = String(trimmed.dropFirst(attribute.count))
        }
        let text = String(trimmed.dropFirst(5))
        // NB: a case with a labelled payload, or several, is no feature: the macro leaves it
        // out of the reducer as it does an ignored one (`case meeting(Meeting, syncUp: SyncUp)`).
        let parsed =
          isIgnored
          ? parseIgnoredCases(text)
          : splitAtTopLevelCommas(text).flatMap { parseCases($0) ?? parseIgnoredCases($0) }
        entries += parsed.map(Entry.feature)
      } else {
        members.append(line)
      }
      for character in scanner.codeCharacters(of: line) {
        if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
      }
    }
    let cases = entries.compactMap { entry -> Case? in
      if case .feature(let feature) = entry { return feature }
      return nil
    }
    // A hand-written `Action` is kept (the macro keeps it), and a `static var body` replaces
    // the scopes the macro would write.
    let ownsAction = members.contains {
      declaredTypeName($0) == "Action" && $0.contains("enum ")
    }
    let ownsBody = members.contains { $0.contains("static var body") }
    members = members.map { line in
      if declaredTypeName(line) == "Action", line.contains("enum "), line.hasSuffix("{") {
        return adding("Sendable", to: line)
      }
      return line.replacingOccurrences(of: "static var body", with: "var body")
    }
    let indent = indentation(of: declarationLine)
    let declaredAccess =
      declarationLine.split(separator: " ").first { modifiers.contains(String($0)) }
      .map { "\($0) " } ?? ""
    // NB: the struct keeps its own access; its members are as visible as it (a `private`
    // member of a private type is hidden from the conformance that needs it).
    let access = ["public ", "package "].contains(declaredAccess) ? declaredAccess : ""
    var stateConformances = ["CasePathable"]
    if arguments.contains(".equatable") { stateConformances.append("Equatable") }
    if arguments.contains(".hashable") { stateConformances.append("Hashable") }
    if arguments.contains(".sendable") { stateConformances.append("Sendable") }
    func lines(_ make: (Case) -> String?) -> [String] {
      entries.compactMap { entry in
        switch entry {
        case .directive(let directive): "\(indent)    \(directive)"
        case .feature(let feature): make(feature).map { "\(indent)    \($0)" }
        }
      }
    }
    var result = ["\(indent)\(declaredAccess)struct \(name): CaseReducer {"]
    // NB: `@dynamicMemberLookup` for the views' case members (`\.destination?.editor`), and
    // the enum of the cases' stores the macro generates, for `switch store.case`.
    result.append("\(indent)  @dynamicMemberLookup")
    result.append("\(indent)  \(access)enum State: \(stateConformances.joined(separator: ", ")) {")
    result += lines { "case \($0.name)\($0.state.isEmpty ? "" : "(\($0.state))")" }
    result.append("\(indent)  }")
    if !ownsAction {
      result.append("\(indent)  \(access)enum Action: CasePathable, Sendable {")
      result += lines { $0.isIgnored ? nil : "case \($0.name)(\($0.action))" }
      result.append("\(indent)  }")
    }
    result.append("\(indent)  \(access)enum CaseScope: CaseScopeEnum {")
    result += lines { feature in
      if feature.isIgnored {
        return "case \(feature.name)\(feature.state.isEmpty ? "" : "(\(feature.state))")"
      }
      return "case \(feature.name)(Store<\(feature.state), \(feature.action)>)"
    }
    result.append("\(indent)  }")
    let kept = withoutEmptyConditionals(members).drop {
      $0.trimmingCharacters(in: .whitespaces).isEmpty
    }
    if !kept.isEmpty {
      result.append("")
      result += kept
    }
    result.append("")
    result.append("\(indent)  \(access)init() {}")
    if !ownsBody {
      result.append("")
      result.append("\(indent)  \(access)var body: some ReducerOf<Self> {")
      result += lines { feature in
        guard feature.isFeature else { return nil }
        let type = feature.state.dropLast(".State".count)
        return "Scope(state: \\.\(feature.name), action: \\.\(feature.name)) { \(type)() }"
      }
      if !cases.contains(where: \.isFeature) { result.append("\(indent)    EmptyReducer()") }
      result.append("\(indent)  }")
    }
    result.append("\(indent)}")
    let qualified = (file.enclosingTypes(of: declaration) + [name]).joined(separator: ".")
    let memberAccess = conformanceAccess(declarationAt: declaration, in: file)
    let isAtTypeLevel = file.isAtTypeLevel(declaration)
    file.lines.replaceSubrange(attribute...end, with: result)
    guard isAtTypeLevel else {
      notes.append(
        MigrationNote(
          about: result[0],
          "\(name) is declared in a function, where its state cannot be given the "
            + "CaseReducerState conformance: give the parent's ifLet or forEach its reducer "
            + "(\"{ \(name)() }\")", section: "Features"))
      return
    }
    file.lines.append("")
    file.lines.append(
      "extension \(qualified).State: CaseReducerState { "
        + "\(memberAccess)typealias StateReducer = \(qualified) }")
  }

  /// The access level a member written in an extension of the type declared at `declaration`
  /// needs: `fileprivate ` when it or a type around it is private or file-private (a type alias
  /// may not be more visible than the type it names), `public ` when it is public.
  static func conformanceAccess(declarationAt declaration: Int, in file: SourceFile) -> String {
    let words = file.enclosingDeclarations(of: declaration).flatMap {
      $0.split(separator: " ").prefix { !["struct", "enum", "class", "actor"].contains($0) }
    }
    if words.contains("private") || words.contains("fileprivate") { return "fileprivate " }
    let own = file.lines[declaration].split(separator: " ")
    return own.contains("public") ? "public " : own.contains("package") ? "package " : ""
  }

  /// `lines` without the `#if … #endif` blocks that hold nothing but blank lines.
  static func withoutEmptyConditionals(_ lines: [String]) -> [String] {
    var result: [String] = []
    for line in lines {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("#endif"),
        let open = result.lastIndex(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }),
        result[open].trimmingCharacters(in: .whitespaces).hasPrefix("#if")
      {
        result.removeSubrange(open...)
        continue
      }
      result.append(line)
    }
    return result
  }

  /// The cases of an ignored `case` line: any payload, or none, kept as written.
  static func parseIgnoredCases(_ text: String) -> [Case] {
    splitAtTopLevelCommas(text).map { part in
      let part = part.trimmingCharacters(in: .whitespaces)
      guard let open = part.firstIndex(of: "("), part.hasSuffix(")") else {
        return Case(name: part, state: "", action: "", isFeature: false, isIgnored: true)
      }
      let payload = part[part.index(after: open)..<part.index(before: part.endIndex)]
      return Case(
        name: String(part[..<open]), state: String(payload), action: "", isFeature: false,
        isIgnored: true)
    }
  }

  /// The cases of a `case` line (without `case `): `editor(Editor), alert(AlertState<Alert>)`;
  /// `nil` when one has no payload, a labelled one, or several.
  static func parseCases(_ text: String) -> [Case]? {
    var cases: [Case] = []
    for part in splitAtTopLevelCommas(text) {
      let part = part.trimmingCharacters(in: .whitespaces)
      guard let open = part.firstIndex(of: "("), part.hasSuffix(")") else { return nil }
      let name = String(part[..<open])
      var payload = String(part[part.index(after: open)..<part.index(before: part.endIndex)])
        .trimmingCharacters(in: .whitespaces)
      // `case inner(Inner.Body = Inner.body)`: the macro's spelling of a feature case too.
      if let feature = SchedulerRule.firstMatch(#"^([\w.]+)\.Body\s*=\s*\1\.body$"#, in: payload) {
        payload = feature
      }
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
