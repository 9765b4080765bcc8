import Foundation

/// TCA's bindings before 1.7: `@BindingState var name` becomes a plain field (a store binds any
/// field of a `BindableAction` feature), and the binding key paths to it, `\.$name`, become
/// `\.name` (`.binding(.set(\.$name, "Blob"))` → `.binding(.set(\.name, "Blob"))`). A view
/// state's `@BindingViewState` goes with the view store it belongs to, which is listed.
enum BindingStateRule {
  static func apply(to file: inout SourceFile, notes: inout [MigrationNote]) {
    var names: Set<String> = []
    for index in file.lines.indices {
      let line = file.lines[index]
      guard line.contains("@BindingState ") || line.contains("@BindingState\t") else { continue }
      if let name = SchedulerRule.firstMatch(#"@BindingState\s+(?:\w+\s+)*var\s+(\w+)"#, in: line) {
        names.insert(name)
      }
      file.lines[index] = line.replacingOccurrences(
        of: #"@BindingState\s+"#, with: "", options: .regularExpression)
    }
    guard !names.isEmpty else { return }
    for index in file.lines.indices where file.lines[index].contains("\\.$") {
      for name in names {
        file.lines[index] = file.lines[index].replacingOccurrences(
          of: #"\\\.\$\#(name)\b"#, with: #"\\.\#(name)"#, options: .regularExpression)
      }
    }
  }
}
