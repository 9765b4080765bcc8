import Foundation

/// The command line of `reducerkit-migrate`.
public struct MigrateOptions: Equatable, Sendable {
  /// Files, or folders searched for `.swift` files.
  public var paths: [String]
  /// Where migrated files go, at their paths relative to the path given; `nil`: in place.
  public var output: String?
  /// Prints what would change as a diff, and writes nothing.
  public var isDryRun: Bool
  /// Where to write what is left to do by hand, as a Markdown checklist; `nil`: nowhere.
  public var report: String?

  /// How to call the tool, printed after a mistake on its command line.
  public static let usage = """
    usage: reducerkit-migrate PATH… [--output DIR] [--dry-run] [--report FILE]
      Applies the migration guide's mechanical changes to the Swift files at PATH (files, or
      folders searched for them): in place, or into DIR; --dry-run prints a diff and writes
      nothing. What it cannot rewrite it lists as "file:line: what to do", and with --report
      also writes to FILE as a Markdown checklist, by section of the migration guide.
    """

  /// Reads `arguments` (without the program's name).
  public init(_ arguments: [String]) throws(MigrateUsageError) {
    paths = []
    output = nil
    isDryRun = false
    report = nil
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--dry-run":
        isDryRun = true
      case "--output":
        output = try Self.value(of: arguments, at: &index, naming: "a folder", once: output)
      case "--report":
        report = try Self.value(of: arguments, at: &index, naming: "a file", once: report)
      case "--help", "-h":
        throw MigrateUsageError("")
      default:
        guard !argument.hasPrefix("-") else {
          throw MigrateUsageError("unknown option \"\(argument)\"")
        }
        paths.append(argument)
      }
      index += 1
    }
    guard !paths.isEmpty else { throw MigrateUsageError("no path to migrate") }
  }

  /// The value after the option at `index` (which moves past it), refused when there is none
  /// or the option was given before (`previous` is not `nil`).
  private static func value(
    of arguments: [String], at index: inout Int, naming what: String, once previous: String?
  ) throws(MigrateUsageError) -> String {
    let option = arguments[index]
    guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") else {
      throw MigrateUsageError("\(option) needs \(what) after it")
    }
    guard previous == nil else { throw MigrateUsageError("\(option) was given twice") }
    index += 1
    return arguments[index]
  }
}

/// A mistake on `reducerkit-migrate`'s command line.
public struct MigrateUsageError: Error, Equatable, CustomStringConvertible {
  /// What was wrong.
  public var description: String

  /// A mistake described by `description`.
  public init(_ description: String) { self.description = description }
}

/// Migrates the files the options name and reports what it did.
public struct MigrateCommand {
  let options: MigrateOptions

  /// The command the options describe.
  public init(_ options: MigrateOptions) {
    self.options = options
  }

  /// Migrates, writes (unless a dry run), and returns the report to print: each changed file
  /// (or its diff), each note, and a count.
  public func run() throws -> String {
    var report: [String] = []
    var changed = 0
    var notes: [MigrationNote] = []
    let files = try swiftFiles()
    for (file, root) in files {
      let source = try String(contentsOfFile: file, encoding: .utf8)
      let result = Migration.migrate(source, path: file)
      notes += result.notes
      if result.text != source {
        changed += 1
        if options.isDryRun {
          report.append(unifiedDiff(source, result.text, path: file))
        } else {
          let destination = try destinationPath(of: file, root: root)
          try result.text.write(toFile: destination, atomically: true, encoding: .utf8)
          report.append("migrated \(destination)")
        }
      }
      report += result.notes.map(\.description)
    }
    let verb = options.isDryRun ? "would change" : "changed"
    let noteCount = notes.count
    let bySection = Dictionary(grouping: notes, by: \.section).sorted { $0.key < $1.key }
    if !bySection.isEmpty {
      report.append(
        "left by hand, by section: "
          + bySection.map { "\($0.key) \($0.value.count)" }.joined(separator: ", "))
    }
    if let path = options.report {
      try Self.checklist(notes, filesRead: files.count, filesChanged: changed)
        .write(toFile: path, atomically: true, encoding: .utf8)
      report.append("wrote the checklist to \(path)")
    }
    report.append(
      "\(verb) \(changed) file\(changed == 1 ? "" : "s"); \(noteCount) thing\(noteCount == 1 ? "" : "s") left to do by hand"
    )
    return report.joined(separator: "\n")
  }

  /// What is left to do by hand, as a Markdown checklist: the counts, then a section per part
  /// of the migration guide, each item at its file and line.
  static func checklist(_ notes: [MigrationNote], filesRead: Int, filesChanged: Int) -> String {
    var lines = [
      "# Left to do by hand after reducerkit-migrate", "",
      "- Files read: \(filesRead)", "- Files changed: \(filesChanged)",
      "- Items left by hand: \(notes.count)",
    ]
    for (section, items) in Dictionary(grouping: notes, by: \.section).sorted(by: {
      $0.key < $1.key
    }) {
      lines += ["", "## \(section) (\(items.count))", ""]
      lines += items.map { "- [ ] `\($0.path):\($0.line)`: \($0.message)\($0.alsoAt)" }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The `.swift` files under the paths, each with the path it was found under.
  func swiftFiles() throws -> [(file: String, root: String)] {
    var files: [(String, String)] = []
    let manager = FileManager.default
    for path in options.paths {
      var isDirectory: ObjCBool = false
      guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw MigrateUsageError("\(path): no such file or folder")
      }
      guard isDirectory.boolValue else {
        // NB: the folder as written (relative stays relative), to find the file's path in it.
        files.append((path, (path as NSString).deletingLastPathComponent))
        continue
      }
      let found = (manager.subpaths(atPath: path) ?? []).filter { relative in
        relative.hasSuffix(".swift")
          && !relative.split(separator: "/").contains { $0.hasPrefix(".") }
      }
      files += found.sorted().map { ("\(path)/\($0)", path) }
    }
    return files
  }

  private func destinationPath(of file: String, root: String) throws -> String {
    guard let output = options.output else { return file }
    let relative =
      root.isEmpty
      ? file : file.hasPrefix(root + "/") ? String(file.dropFirst(root.count + 1)) : file
    let destination = URL(fileURLWithPath: output).appendingPathComponent(relative)
    try FileManager.default.createDirectory(
      at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
    return destination.path
  }
}
