extension Optional {
  /// Changes the payload of the case `embed` builds in the wrapped value, in place:
  /// `state.destination.modify(Destination.State.editor) { $0.text = "" }`, as
  /// `state.destination?.modify(…)` does.
  ///
  /// TCA's older `try (/Destination.State.editor).modify(&state.destination) { … }` ports to
  /// this form without knowing whether the value is optional.
  ///
  /// > Important: When the optional is `nil`, or holds another case, nothing changes and a
  /// > runtime warning says which (TCA's case path `modify` throws there).
  public mutating func modify<Value>(
    _ embed: @escaping @Sendable (Value) -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: (inout Value) throws -> Void
  ) rethrows {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    guard self != nil else {
      return reportRuntimeWarning(
        """
        "modify" was asked to change a case of \(typeName(Wrapped.self)) in an optional that is \
        nil; nothing changed.

        Give it a value first ("state.destination = .caseName(…)"), or check it \
        ("if state.destination != nil …").
        """,
        at: site
      )
    }
    try CaseAccess.modify(&self!, embed, site: site, body)
  }
}
