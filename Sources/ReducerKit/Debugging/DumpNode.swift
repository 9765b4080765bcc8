/// A dumped value, before it is laid out on lines.
indirect enum DumpNode {
  case leaf(String)
  /// `expandable` containers (structs, classes, collections) put each child on its own line in
  /// expanded dumps.
  case container(
    open: String, close: String, children: [(label: String?, node: DumpNode)], expandable: Bool
  )

  /// Appends the node's lines to `lines`, each indented by `indent` spaces, the first after
  /// `prefix` and the last before `suffix`: one line when the whole value fits in `width` (and,
  /// with `expand`, is not an expandable container with children), otherwise one child per line.
  func render(
    into lines: inout [String], indent: Int, width: Int, expand: Bool = false
  ) {
    render(
      into: &lines, padding: String(repeating: " ", count: indent), prefix: "", suffix: "",
      width: width, expand: expand)
  }

  /// NB: written into one array, indented as they are made, each line built once: lines
  /// returned by each level and indented again by its parent were copied once per level.
  private func render(
    into lines: inout [String], padding: String, prefix: String, suffix: String, width: Int,
    expand: Bool
  ) {
    func line(_ text: some StringProtocol, first: Bool, last: Bool) -> String {
      var line = ""
      line.reserveCapacity(
        padding.utf8.count + prefix.utf8.count + text.utf8.count + suffix.utf8.count)
      line += padding
      if first { line += prefix }
      line += text
      if last { line += suffix }
      return line
    }
    if !(expand && isExpandable), let text = singleLine(limit: width) {
      lines.append(line(text, first: true, last: true))
      return
    }
    switch self {
    case .leaf(let text):
      // A custom dump of several lines: each line at this indentation.
      let parts = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      for (index, part) in parts.enumerated() {
        lines.append(line(Substring(part), first: index == 0, last: index == parts.count - 1))
      }
    case .container(let open, let close, let children, _):
      lines.append(line(open, first: true, last: false))
      let childPadding = padding + "  "
      for (index, child) in children.enumerated() {
        let label = child.label.map { $0 + ": " } ?? ""
        child.node.render(
          into: &lines, padding: childPadding, prefix: label,
          suffix: index < children.count - 1 ? "," : "", width: width - 2 - label.count,
          expand: expand)
      }
      lines.append(line(close, first: false, last: true))
    }
  }

  /// The node on one line however long, what dictionaries and sets are sorted by.
  var flatText: String {
    var lines: [String] = []
    render(into: &lines, indent: 0, width: .max)
    return lines.joined()
  }

  private var isExpandable: Bool {
    guard case .container(_, _, let children, let expandable) = self else { return false }
    return expandable && !children.isEmpty
  }

  private func singleLine(limit: Int) -> String? {
    switch self {
    case .leaf(let text):
      // NB: on the UTF-8 view: `String.contains(_:)` with a string goes through Foundation.
      return text.utf8.contains(UInt8(ascii: "\n")) ? nil : text
    case .container(let open, let close, let children, _):
      var text = open
      for (index, child) in children.enumerated() {
        if index > 0 { text += ", " }
        // NB: array indices ("[0]") help only when elements are on lines of their own.
        if let label = child.label, !(open == "[" && label.hasPrefix("[")) { text += "\(label): " }
        guard text.count < limit, let line = child.node.singleLine(limit: limit - text.count)
        else { return nil }
        text += line
      }
      text += close
      return text.count <= limit ? text : nil
    }
  }
}
