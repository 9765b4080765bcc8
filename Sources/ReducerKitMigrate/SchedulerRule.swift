import Foundation

/// The main-queue scheduler becomes the continuous clock where every use of it in a file is one
/// a clock has: `@Dependency(\.mainQueue) var mainQueue` → `@Dependency(\.continuousClock) var
/// clock`, `mainQueue.sleep(for:)`, `.debounce(…, scheduler: mainQueue)` → `clock:`, and in
/// tests `DispatchQueue.test` → `TestClock()`, `.immediate` → `ImmediateClock()`, `advance(by:)`.
/// A bare number of seconds becomes `.seconds(n)`. Each other use of the scheduler
/// (`receive(on:)`, `schedule`, a run loop) is left as it is and listed.
enum SchedulerRule {
  static func apply(to file: inout SourceFile, notes: inout [MigrationNote]) {
    let text = file.lines.joined(separator: "\n")
    guard
      text.contains("mainQueue") || text.contains("DispatchQueue.test")
        || text.contains("mainRunLoop")
    else { return }
    var names: Set<String> = ["mainQueue"]
    for line in file.lines {
      if let name = firstMatch(#"@Dependency\(\\\.mainQueue\)\s+var\s+(\w+)"#, in: line) {
        names.insert(name)
      }
      if let name = firstMatch(#"let\s+(\w+)\s*=\s*DispatchQueue\.test\b"#, in: line) {
        names.insert(name)
      }
    }
    // NB: the clock is called `clock`, or `mainClock` in a file that has a `clock` already.
    guard
      let clock = ["clock", "mainClock"].first(where: {
        text.range(of: #"\b\#($0)\b"#, options: .regularExpression) == nil
      })
    else {
      for (index, line) in file.lines.enumerated() where mentions(names, line) {
        notes.append(
          note(file.lines[index], "the file already has a \"clock\" and a \"mainClock\""))
      }
      return
    }
    var rewritten = file.lines
    for index in rewritten.indices {
      rewritten[index] = rewrite(rewritten[index], names: names, clock: clock)
    }
    let leftovers = rewritten.indices.filter {
      mentions(names, rewritten[$0]) || rewritten[$0].contains("mainRunLoop")
        || rewritten[$0].contains("eraseToAnyScheduler")
    }
    // NB: per use: what a clock has is rewritten, and each other use is listed (a publisher's
    // `receive(on:)`, `schedule`), where the porter moves it to the clock or to an effect.
    for index in leftovers {
      notes.append(
        MigrationNote(
          about: rewritten[index],
          "a use of the scheduler a clock does not have: write it with the clock "
            + "(\"@Dependency(\\.continuousClock) var clock\"; sleep, timer, debounce and throttle "
            + "take a clock), or in an effect (\".run { send in … }\")",
          section: "Effects"))
    }
    file.lines = rewritten
  }

  private static func note(_ line: String, _ reason: String) -> MigrationNote {
    MigrationNote(
      about: line,
      "\(reason): this file keeps its scheduler; move it to \"@Dependency(\\.continuousClock)\" "
        + "by hand (sleep, timer, debounce and throttle take a clock)",
      section: "Effects")
  }

  private static func mentions(_ names: Set<String>, _ line: String) -> Bool {
    names.contains { line.range(of: #"\b\#($0)\b"#, options: .regularExpression) != nil }
  }

  static func rewrite(_ line: String, names: Set<String>, clock: String = "clock") -> String {
    var line = line
    // Dependencies, in features and in tests.
    line = replace(
      #"@Dependency\(\\\.mainQueue\)\s+var\s+\w+"#, in: line,
      with: #"@Dependency(\\.continuousClock) var "# + clock)
    line = replace(
      #"let\s+\w+\s*=\s*DispatchQueue\.test\b"#, in: line, with: "let \(clock) = TestClock()")
    line = replace(
      #"\$0\.mainQueue\s*=\s*(DispatchQueue)?\.immediate(\.eraseToAnyScheduler\(\))?"#, in: line,
      with: #"\$0.continuousClock = ImmediateClock()"#)
    for name in names {
      line = replace(
        #"\$0\.mainQueue\s*=\s*\#(name)\.eraseToAnyScheduler\(\)"#, in: line,
        with: #"\$0.continuousClock = "# + clock)
      line = replace(#"\b\#(name)\.advance\(\)"#, in: line, with: "\(clock).advance(by: .zero)")
      line = replace(#"\bscheduler:\s*(self\.)?\#(name)\b"#, in: line, with: "clock: $1\(clock)")
      line = replace(
        #"\b(self\.)?\#(name)\.(sleep|timer|advance|run|now)\b"#, in: line, with: "$1\(clock).$2")
      line = replace(#"\[\s*\#(name)\s*\]"#, in: line, with: "[\(clock)]")
      line = replace(#"\[\s*\#(name)\s*,"#, in: line, with: "[\(clock),")
      line = replace(#",\s*\#(name)\s*\]"#, in: line, with: ", \(clock)]")
      line = replace(#",\s*\#(name)\s*,"#, in: line, with: ", \(clock),")
    }
    // Bare numbers of seconds, as schedulers take them.
    guard line.contains(clock) else { return line }
    line = replace(
      #"\b(for|by|interval):\s*([0-9]+(\.[0-9]+)?)\b"#, in: line, with: "$1: .seconds($2)")
    return line
  }

  static func replace(_ pattern: String, in line: String, with template: String) -> String {
    line.replacingOccurrences(of: pattern, with: template, options: .regularExpression)
  }

  static func firstMatch(_ pattern: String, in line: String) -> String? {
    guard let expression = try? NSRegularExpression(pattern: pattern),
      let match = expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
      match.numberOfRanges > 1, let range = Range(match.range(at: 1), in: line)
    else { return nil }
    return String(line[range])
  }
}
