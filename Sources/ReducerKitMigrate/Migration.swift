/// The migration guide's mechanical changes, applied to the text of one Swift file of a TCA
/// project: imports, `@Reducer` features and destination enums, `@ObservableState`,
/// `@CasePathable`, `@DependencyClient` clients, and the main-queue scheduler where it can be
/// rewritten to a clock. What it cannot rewrite it leaves as it is and lists as notes.
///
/// Running it again on its own output changes nothing.
public enum Migration {
  /// `source` migrated, with what is left to do by hand. `path` names the file in the notes.
  public static func migrate(_ source: String, path: String) -> MigrationResult {
    var file = SourceFile(source)
    var notes: [MigrationNote] = []
    DestinationRule.apply(to: &file, notes: &notes)
    ReducerRule.apply(to: &file, notes: &notes)
    CasePathRule.apply(to: &file, notes: &notes)
    BindingStateRule.apply(to: &file, notes: &notes)
    DependencyClientRule.apply(to: &file, notes: &notes)
    SchedulerRule.apply(to: &file, notes: &notes)
    ImportRule.apply(to: &file, notes: &notes)
    RefusalRule.apply(to: file, notes: &notes)
    let resolved = file.resolve(notes).map { $0.at(path) }
    return MigrationResult(text: file.text, notes: MigrationNote.grouped(resolved))
  }
}

/// A file's migrated text and what is left to do by hand.
public struct MigrationResult: Equatable, Sendable {
  /// The migrated text.
  public var text: String
  /// What the migration could not do, in the file's order.
  public var notes: [MigrationNote]
}

/// Something the migration could not do: where, what to do, and the guide's section about it.
public struct MigrationNote: Equatable, Sendable, CustomStringConvertible {
  /// The file.
  public var path: String
  /// The line, counting from 1, in the migrated text.
  public var line: Int
  /// What to do.
  public var message: String
  /// The section of "Migrating from TCA" that covers it.
  public var section: String
  /// The file's other lines, after `line`, where the same is to be done (one item of a
  /// checklist for, say, every use of a view store in a file).
  public var otherLines: [Int] = []

  /// The line the note is about, as it reads in the migrated text (found there at the end:
  /// rules that run later may move it).
  var anchor = ""

  /// A note about the line that reads `anchor`.
  init(about anchor: String, _ message: String, section: String) {
    path = ""
    line = 0
    self.anchor = anchor
    self.message = message
    self.section = section
  }

  func at(_ path: String) -> Self {
    var note = self
    note.path = path
    return note
  }

  /// Equal when they say the same thing at the same places (the anchor is how a rule found it).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.path == rhs.path && lhs.line == rhs.line && lhs.message == rhs.message
      && lhs.section == rhs.section && lhs.otherLines == rhs.otherLines
  }

  /// `path:line: message (Migrating from TCA, "section")`, as compilers write locations, with
  /// `(also lines 12, 30)` before the section when the same is to be done elsewhere in the file.
  public var description: String {
    "\(path):\(line): \(message)\(alsoAt) (Migrating from TCA, \"\(section)\")"
  }

  /// ` (also lines 12, 30)`, or nothing.
  var alsoAt: String {
    guard !otherLines.isEmpty else { return "" }
    let lines = otherLines.map(String.init).joined(separator: ", ")
    return " (also line\(otherLines.count == 1 ? "" : "s") \(lines))"
  }

  /// `notes` (of one file, in line order) with those that say the same thing merged into the
  /// first, which lists the others' lines.
  static func grouped(_ notes: [Self]) -> [Self] {
    var result: [Self] = []
    var first: [String: Int] = [:]
    for note in notes {
      let key = note.section + "\u{0}" + note.message
      if let index = first[key] {
        if note.line != result[index].line, !result[index].otherLines.contains(note.line) {
          result[index].otherLines.append(note.line)
        }
      } else {
        first[key] = result.count
        result.append(note)
      }
    }
    return result
  }
}
