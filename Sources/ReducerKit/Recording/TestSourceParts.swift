/// The reducer-alone test of a recorded session, in parts: what every test of it shares, and
/// for each step the lines that reduce and expect it and the lines that set the state it left.
/// Put together as the whole session's test, or as the test of the steps from one of them on
/// (which starts from the state the steps before it left).
///
/// Written by ``SessionRecording/testSource(named:feature:initialState:startingFrom:fromStep:dependencies:imports:)``,
/// kept in a recording's file and its page, so that the page's "Test" button and
/// `reducerkit-session test FILE` put it together without the feature's types.
package struct TestSourceParts: Codable, Sendable, Equatable {
  /// The step lines of one recorded step.
  package struct Step: Codable, Sendable, Equatable {
    /// The step's index in the recording.
    package let index: Int
    /// Its comment, the reduce call and its expectations, unindented.
    package let lines: [String]
    /// Whether `lines` hold no value written as `/* Type */`.
    package let isComplete: Bool
    /// Statements on `state` that make the changes the step made (starting a test after it),
    /// each of one line or more.
    package let setting: [String]
    /// Whether `setting` holds no value written as `/* Type */`.
    package let settingIsComplete: Bool
  }

  package let imports: [String]
  package let feature: String
  package let initialState: String
  /// Lines of statements on `state` that make the recording's initial state from
  /// `initialState`.
  package let initial: [String]
  /// Whether `initial` holds no value written as `/* Type */`.
  package let initialIsComplete: Bool
  package let dependencies: [String]
  package let steps: [Step]

  /// The test, of every step or of those from the step with index `firstStep` on.
  package func source(named testName: String, from firstStep: Int? = nil) -> String {
    let start = firstStep.flatMap { first in steps.firstIndex { $0.index >= first } } ?? 0
    var body = ["let feature = \(feature)", "var state = \(initialState)"] + initial
    if start > 0 {
      body.append("")
      body.append("// The state steps \(steps[0].index)…\(steps[start - 1].index) left.")
      body.append(
        contentsOf: Self.lastSettings(of: steps[..<start]).flatMap {
          $0.split(separator: "\n").map(String.init)
        })
    }
    for step in steps[start...] {
      body.append("")
      body.append(contentsOf: step.lines)
    }
    let importLines = Set(["ReducerKit", "Testing"] + imports).sorted().map { "import \($0)" }
    let isComplete =
      initialIsComplete && steps[start...].allSatisfy(\.isComplete)
      && steps[..<start].allSatisfy(\.settingIsComplete)
    let note =
      isComplete
      ? []
      : ["// NB: values written as /* Type */ could not be written as Swift: fill them in.", ""]
    let count = steps.count - start
    let counted = count == 1 ? "1 step" : "\(count) steps"
    let summary =
      start == 0
      ? [
        "/// A recorded session of \(counted), reduced again by the reducer alone (no",
        "/// effect runs: what effects sent back is among the steps).",
      ]
      : [
        "/// \(counted) of a recorded session, from step \(steps[start].index) on, reduced again",
        "/// by the reducer alone (no effect runs: what effects sent back is among the steps).",
      ]
    return
      (importLines + [""] + note + summary + ["@MainActor", "@Test func \(testName)() {"]
      + Self.wrapped(body, dependencies: dependencies) + ["}", ""]).joined(separator: "\n")
  }

  /// Each field's last setting among `steps`, in the order of those last settings: the state
  /// they leave, in as few lines as the steps allow.
  private static func lastSettings(of steps: ArraySlice<Step>) -> [String] {
    var last: [String: Int] = [:]
    let settings = steps.flatMap(\.setting)
    for (position, line) in settings.enumerated() { last[Self.target(of: line)] = position }
    return settings.enumerated().compactMap { position, line in
      last[Self.target(of: line)] == position ? line : nil
    }
  }

  /// What a setting sets: the text before ` = ` or ` {` (`state.count`, `state.$settings`).
  private static func target(of line: String) -> String {
    let end = [line.range(of: " = "), line.range(of: ".withLock {")]
      .compactMap { $0?.lowerBound }.min()
    return end.map { String(line[..<$0]) } ?? line
  }

  /// The test's body, indented, in a `withDependencies` that sets `dependencies` when there are
  /// any.
  private static func wrapped(_ body: [String], dependencies: [String]) -> [String] {
    func indented(_ lines: [String], by indent: String) -> [String] {
      lines.map { $0.isEmpty ? "" : indent + $0 }
    }
    guard !dependencies.isEmpty else { return indented(body, by: "  ") }
    return ["  withDependencies {"] + indented(dependencies, by: "    ")
      + ["  } operation: {"] + indented(body, by: "    ") + ["  }"]
  }
}
