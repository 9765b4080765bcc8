/// A unified diff of two texts (`--- a/path`, `+++ b/path`, hunks with three lines of
/// context), for `--dry-run`.
func unifiedDiff(_ old: String, _ new: String, path: String) -> String {
  let before = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let after = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  let edits = lineEdits(before, after)
  // NB: "a/tmp/x.swift" for an absolute path, not "a//tmp/x.swift".
  let shown = path.hasPrefix("/") ? String(path.dropFirst()) : path
  var output = ["--- a/\(shown)", "+++ b/\(shown)"]
  var index = 0
  while index < edits.count {
    guard edits[index].kind != " " else {
      index += 1
      continue
    }
    // A hunk: from three lines before this change to three after the last change near it.
    let start = max(0, index - 3)
    var end = index
    var quiet = 0
    while end < edits.count, quiet <= 6 {
      quiet = edits[end].kind == " " ? quiet + 1 : 0
      end += 1
    }
    end = min(edits.count, end - max(0, quiet - 3))
    let hunk = edits[start..<end]
    let oldStart = (hunk.first?.oldLine ?? 0) + 1
    let newStart = (hunk.first?.newLine ?? 0) + 1
    let oldCount = hunk.filter { $0.kind != "+" }.count
    let newCount = hunk.filter { $0.kind != "-" }.count
    output.append("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@")
    output += hunk.map { "\($0.kind)\($0.text)" }
    index = end
  }
  return output.joined(separator: "\n")
}

struct LineEdit {
  var kind: Character
  var text: String
  var oldLine: Int
  var newLine: Int
}

/// The edits from `old` to `new`, by their longest common subsequence of lines (after the
/// common head and tail, which are most of a migrated file).
func lineEdits(_ old: [String], _ new: [String]) -> [LineEdit] {
  var head = 0
  while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
  var tail = 0
  while tail < old.count - head, tail < new.count - head,
    old[old.count - 1 - tail] == new[new.count - 1 - tail]
  {
    tail += 1
  }
  let a = Array(old[head..<(old.count - tail)])
  let b = Array(new[head..<(new.count - tail)])
  var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in stride(from: a.count - 1, through: 0, by: -1) {
    for j in stride(from: b.count - 1, through: 0, by: -1) {
      lengths[i][j] =
        a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
    }
  }
  var edits = (0..<head).map { LineEdit(kind: " ", text: old[$0], oldLine: $0, newLine: $0) }
  var i = 0
  var j = 0
  while i < a.count || j < b.count {
    if i < a.count, j < b.count, a[i] == b[j] {
      edits.append(LineEdit(kind: " ", text: a[i], oldLine: head + i, newLine: head + j))
      i += 1
      j += 1
    } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
      // NB: a removal before an insertion, as diffs show a changed line.
      edits.append(LineEdit(kind: "-", text: a[i], oldLine: head + i, newLine: head + j))
      i += 1
    } else {
      edits.append(LineEdit(kind: "+", text: b[j], oldLine: head + i, newLine: head + j))
      j += 1
    }
  }
  for offset in 0..<tail {
    let oldIndex = old.count - tail + offset
    let newIndex = new.count - tail + offset
    edits.append(LineEdit(kind: " ", text: old[oldIndex], oldLine: oldIndex, newLine: newIndex))
  }
  return edits
}
