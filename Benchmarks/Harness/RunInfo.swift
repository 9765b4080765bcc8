/// When, at which commit and on what machine figures were measured: printed with every run and
/// written into its JSON and chart, so that a figure shown later says what it is.
public struct RunInfo: Equatable, Sendable {
  /// The day, as `YYYY-MM-DD` (UTC).
  public var date: String
  /// The commit measured (`git rev-parse --short HEAD`), with `+changes` when the work tree
  /// differed from it; `unknown` outside a checkout.
  public var commit: String
  /// The machine: architecture, operating system, cores and processor.
  public var machine: String
  /// The toolchain that built the executable.
  public var toolchain: String

  public init(date: String, commit: String, machine: String, toolchain: String) {
    self.date = date
    self.commit = commit
    self.machine = machine
    self.toolchain = toolchain
  }

  /// One line: `2026-11-27, commit 4188d79, x86_64 Linux (2 cores, …), Swift 6.3`.
  public var summary: String {
    "\(date), commit \(commit), \(machine), \(toolchain)"
  }

  /// The fields as the JSON file's `meta` object holds them.
  public var json: [String: String] {
    ["date": date, "commit": commit, "machine": machine, "toolchain": toolchain]
  }
}
