/// A line-by-line diff of the dumps of two values, as test failures and `_printChanges` show it:
/// lines only in `expected` start with `−`, lines only in `actual` with `+`, unchanged lines with
/// two spaces, and long runs of unchanged lines are collapsed to `… (N unchanged)`.
///
/// ```swift
/// print(diff(Counter.State(count: 1), Counter.State(count: 2)) ?? "no difference")
/// //   Counter.State(
/// // −   count: 1,
/// // +   count: 2,
/// //     fact: nil
/// //   )
/// ```
///
/// - Returns: The diff, or `nil` when the two dumps are identical.
public func diff(_ expected: Any, _ actual: Any, context: Int = 2) -> String? {
  // NB: compared as lines, as the dumps make them: joined into texts only to be split again,
  // every line would be copied twice more before the comparison.
  let expectedLines = expandedDumpLines(expected)
  let actualLines = expandedDumpLines(actual)
  guard expectedLines != actualLines else { return nil }
  if expectedLines.count == 1, actualLines.count == 1,
    let lines = splitAtTheRoot(expected, actual)
  {
    return DiffAlgorithm.format(lines, context: context)
  }
  let lines = DiffAlgorithm.diff(
    expectedLines.map { Substring($0) }, actualLines.map { Substring($0) })
  return DiffAlgorithm.format(lines, context: context)
}

/// The diff of a value's dump taken earlier (`expectedLines`, from `expandedDumpLines`) with the
/// dump of `actual`: for a diff across a change of shared values, which a copy of the earlier
/// value would read as they are now.
func diff(dumpLines expectedLines: [String], _ actual: Any, context: Int = 2) -> String? {
  diff(dumpLines: expectedLines, dumpLines: expandedDumpLines(actual), context: context)
}

/// The diff of two dumps taken earlier (by `expandedDumpLines`), each as its shared values then
/// read (a session recording's steps).
func diff(
  dumpLines expectedLines: [String], dumpLines actualLines: [String], context: Int = 2
) -> String? {
  guard expectedLines != actualLines else { return nil }
  let lines = DiffAlgorithm.diff(
    expectedLines.map { Substring($0) }, actualLines.map { Substring($0) })
  return DiffAlgorithm.format(lines, context: context)
}

/// Two values that each dump on one line (usually actions), as a diff of their roots' children:
/// the enum case or type they share on lines of its own, and only the children that differ
/// marked, as TCA shows them. `nil` when the roots differ in shape (another case, another
/// number of children) or hold one plain value, where the two whole lines say it best.
///
/// ```
///   Parent.Action.path(
/// −   .popFrom(id: #1)
/// +   .popFrom(id: #0)
///   )
/// ```
private func splitAtTheRoot(_ expected: Any, _ actual: Any) -> [DiffLine]? {
  var expectedDumper = Dumper()
  var actualDumper = Dumper()
  guard
    case .container(let open, let close, let expectedChildren, _) = expectedDumper.node(
      for: expected, isRoot: true),
    case .container(open, close, let actualChildren, _) = actualDumper.node(
      for: actual, isRoot: true),
    !expectedChildren.isEmpty, expectedChildren.count == actualChildren.count,
    zip(expectedChildren, actualChildren).allSatisfy({ $0.label == $1.label }),
    // NB: a lone plain payload (`.done(1)` against `.done(0)`) reads best as the two lines.
    expectedChildren.count > 1 || expectedChildren[0].node.isContainer
  else { return nil }
  var lines: [DiffLine] = [.same(Substring(open))]
  for (index, (expectedChild, actualChild)) in zip(expectedChildren, actualChildren).enumerated() {
    let label = expectedChild.label.map { $0 + ": " } ?? ""
    let comma = index < expectedChildren.count - 1 ? "," : ""
    let expectedLine = Substring("  " + label + expectedChild.node.flatText + comma)
    let actualLine = Substring("  " + label + actualChild.node.flatText + comma)
    lines +=
      expectedLine == actualLine
      ? [.same(expectedLine)] : [.removed(expectedLine), .added(actualLine)]
  }
  lines.append(.same(Substring(close)))
  return lines
}

extension DumpNode {
  fileprivate var isContainer: Bool {
    if case .container = self { true } else { false }
  }
}

/// A line diff of two texts; `nil` when they are identical.
package func lineDiff(expected: String, actual: String, context: Int = 2) -> String? {
  guard expected != actual else { return nil }
  let lines = DiffAlgorithm.diff(lines(of: expected), lines(of: actual))
  return DiffAlgorithm.format(lines, context: context)
}

/// The lines of `text`, split at each newline byte.
///
/// NB: split on the UTF-8 view: splitting the string itself compares every `Character`
/// (grapheme breaking), where a newline byte is all a dump's lines need.
private func lines(of text: String) -> [Substring] {
  text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
    Substring($0)
  }
}

enum DiffLine: Equatable {
  case same(Substring)
  case removed(Substring)
  case added(Substring)
}

enum DiffAlgorithm {
  /// Beyond this many edits, the middle of the texts is shown as wholly replaced: a minimal diff
  /// that large would not help a reader, and it would cost quadratic memory.
  static let maximumEdits = 2_000

  /// A shortest edit script (Myers' algorithm) after trimming the common prefix and suffix.
  static func diff(_ old: [Substring], _ new: [Substring]) -> [DiffLine] {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let oldMiddle = Array(old[prefix..<(old.count - suffix)])
    let newMiddle = Array(new[prefix..<(new.count - suffix)])
    let middle =
      shortestEditScript(oldMiddle, newMiddle)
      ?? oldMiddle.map(DiffLine.removed) + newMiddle.map(DiffLine.added)
    return old[..<prefix].map(DiffLine.same) + middle
      + old[(old.count - suffix)...].map(DiffLine.same)
  }

  /// Myers' O((N+M)·D) algorithm; `nil` when more than ``maximumEdits`` edits are needed.
  private static func shortestEditScript(_ a: [Substring], _ b: [Substring]) -> [DiffLine]? {
    let n = a.count
    let m = b.count
    let limit = min(n + m, maximumEdits)
    let offset = limit + 1
    var frontier = [Int](repeating: 0, count: 2 * limit + 3)
    // trace[d] holds the frontier after round d, for diagonals -d...d.
    var trace: [[Int]] = []
    for d in 0...limit {
      for k in stride(from: -d, through: d, by: 2) {
        var x: Int
        if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
          x = frontier[offset + k + 1]
        } else {
          x = frontier[offset + k - 1] + 1
        }
        var y = x - k
        while x < n, y < m, a[x] == b[y] {
          x += 1
          y += 1
        }
        frontier[offset + k] = x
        if x >= n, y >= m {
          trace.append(Array(frontier[(offset - d)...(offset + d)]))
          return backtrack(a, b, trace: trace)
        }
      }
      trace.append(Array(frontier[(offset - d)...(offset + d)]))
    }
    return nil
  }

  private static func backtrack(
    _ a: [Substring], _ b: [Substring], trace: [[Int]]
  ) -> [DiffLine] {
    var x = a.count
    var y = b.count
    var reversed: [DiffLine] = []
    for d in stride(from: trace.count - 1, to: 0, by: -1) {
      let previous = trace[d - 1]
      func frontier(_ k: Int) -> Int { previous[k + (d - 1)] }
      let k = x - y
      let cameDown = k == -d || (k != d && frontier(k - 1) < frontier(k + 1))
      let previousK = cameDown ? k + 1 : k - 1
      let previousX = frontier(previousK)
      let previousY = previousX - previousK
      let editX = cameDown ? previousX : previousX + 1
      while x > editX {
        reversed.append(.same(a[x - 1]))
        x -= 1
        y -= 1
      }
      if cameDown {
        reversed.append(.added(b[previousY]))
      } else {
        reversed.append(.removed(a[previousX]))
      }
      x = previousX
      y = previousY
    }
    while x > 0 {
      reversed.append(.same(a[x - 1]))
      x -= 1
    }
    return reversed.reversed()
  }

  /// Renders a diff, keeping `context` unchanged lines around each change, and the first and
  /// last lines (the root value's opening and closing) as anchors.
  static func format(_ lines: [DiffLine], context: Int) -> String {
    var output: [String] = []
    var index = 0
    while index < lines.count {
      guard case .same = lines[index] else {
        output.append(render(lines[index]))
        index += 1
        continue
      }
      var end = index
      while end < lines.count, case .same = lines[end] { end += 1 }
      let keepBefore = index == 0 ? 1 : context
      let keepAfter = end == lines.count ? 1 : context
      // Hiding fewer than three lines would not make the diff shorter enough to be worth it.
      if end - index - keepBefore - keepAfter >= 3 {
        output += lines[index..<(index + keepBefore)].map(render)
        let hidden = lines[index + keepBefore..<(end - keepAfter)]
        output.append(collapsed(hidden))
        output += lines[(end - keepAfter)..<end].map(render)
      } else {
        output += lines[index..<end].map(render)
      }
      index = end
    }
    return output.joined(separator: "\n")
  }

  private static func render(_ line: DiffLine) -> String {
    switch line {
    case .same(let text): "  \(text)"
    case .removed(let text): "− \(text)"
    case .added(let text): "+ \(text)"
    }
  }

  private static func collapsed(_ lines: ArraySlice<DiffLine>) -> String {
    guard case .same(let first) = lines.first else { return "" }
    let indentation = first.prefix { $0 == " " }
    return "  \(indentation)… (\(lines.count) unchanged)"
  }
}
