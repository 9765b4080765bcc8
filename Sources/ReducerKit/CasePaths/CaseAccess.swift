/// An enum whose cases can be read and changed without a macro: `action.is(\.view.saveTapped)`,
/// `state[case: State.editor]`, `state.modify(State.editor) { … }`.
///
/// Conform an enum to it where TCA would put `@CasePathable`:
///
/// ```swift
/// enum Action: CasePathable, Sendable {
///   case view(View)
///   case `internal`(Internal)
/// }
/// if action.is(\.view.saveTapped) { … }
/// ```
///
/// It has no requirements: everything comes from the enum's runtime metadata. `Equatable`
/// types get the same members without conforming (destination states usually are).
public protocol CasePathable {}

extension CasePathable {
  /// Whether this value holds the cases `pattern` names, outermost first, payloads ignored:
  /// `action.is(\.internal.factResponse.success)`. Patterns are written as for a test store's
  /// `receive`, `[id:]` steps included.
  ///
  /// A pattern naming a case the type does not have (a typo) is a runtime warning the first
  /// time it is used, listing the cases that exist; it matches nothing.
  public func `is`(
    _ pattern: KeyPath<CasePattern<Self>, CasePattern<Self>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Bool {
    CasePattern.checked(
      pattern, site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ).matches(self)
  }

  /// The payload of the case `embed` builds, when this value holds that case; `nil` otherwise.
  /// Setting a payload puts the value in that case (setting `nil` changes nothing).
  ///
  /// ```swift
  /// state.destination?[case: Destination.State.editor]?.text
  /// state[case: State.loggedIn] = Home.State()
  /// ```
  public subscript<Value>(case embed: @escaping @Sendable (Value) -> Self) -> Value? {
    get { CaseAccess.extract(embed, from: self) }
    set { if let newValue { self = embed(newValue) } }
  }

  /// Changes the payload of the case `embed` builds, in place.
  ///
  /// ```swift
  /// state.modify(State.editor) { $0.text = "" }
  /// ```
  ///
  /// The payload is not copied: appending to an array in it costs what appending to the array
  /// costs, whatever its size (TCA's `modify` copies it while the enum still holds it). As with
  /// any `inout` argument, what `body` changed before it threw is kept.
  ///
  /// > Important: When the value holds another case, nothing changes and a runtime warning
  /// > names the case it holds.
  public mutating func modify<Value>(
    _ embed: @escaping @Sendable (Value) -> Self,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: (inout Value) throws -> Void
  ) rethrows {
    try CaseAccess.modify(
      &self, embed,
      site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column), body)
  }
}

// NB: the same members for `Equatable` types that are not `CasePathable`, disfavored so that a
// type conforming to both resolves to the `CasePathable` ones.
extension Equatable {
  /// Whether this value holds the cases `pattern` names; see ``CasePathable/is(_:fileID:filePath:line:column:)``.
  @_disfavoredOverload
  public func `is`(
    _ pattern: KeyPath<CasePattern<Self>, CasePattern<Self>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Bool {
    CasePattern.checked(
      pattern, site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ).matches(self)
  }

  /// The payload of the case `embed` builds; see ``CasePathable/subscript(case:)``.
  @_disfavoredOverload
  public subscript<Value>(case embed: @escaping @Sendable (Value) -> Self) -> Value? {
    get { CaseAccess.extract(embed, from: self) }
    set { if let newValue { self = embed(newValue) } }
  }

  /// Changes the payload of the case `embed` builds; see
  /// ``CasePathable/modify(_:fileID:filePath:line:column:_:)``.
  @_disfavoredOverload
  public mutating func modify<Value>(
    _ embed: @escaping @Sendable (Value) -> Self,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: (inout Value) throws -> Void
  ) rethrows {
    try CaseAccess.modify(
      &self, embed,
      site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column), body)
  }
}

/// One-off reads and changes of an enum case through its constructor, without keeping an
/// `AnyCasePath` around.
enum CaseAccess {
  /// The payload of `root` when it holds the case `embed` builds.
  static func extract<Root, Value>(_ embed: (Value) -> Root, from root: Root) -> Value? {
    guard let layout = EnumLayout.of(Root.self) else { return nil }
    let tag = EnumMetadata.tag(of: root)
    guard Int(tag) < layout.cases.count else { return nil }
    let info = layout.cases[Int(tag)]
    guard let payloadType = info.payloadType, payloadTypesMatch(payloadType, Value.self) else {
      if Value.self == Void.self, info.payloadType == nil,
        EnumMetadata.tag(of: embed(EnumPayload.void(as: Value.self))) == tag
      {
        return EnumPayload.void(as: Value.self)
      }
      return nil
    }
    let value = layout.payload(of: root, tag: tag, as: Value.self, indirect: info.isIndirect)
    // Several cases may carry this payload type: only the one `embed` builds matches.
    return EnumMetadata.tag(of: embed(value)) == tag ? value : nil
  }

  static func modify<Root, Value>(
    _ root: inout Root, _ embed: (Value) -> Root, site: SourceSite,
    _ body: (inout Value) throws -> Void
  ) rethrows {
    guard var value = extract(embed, from: root) else {
      let held = EnumLayout.of(Root.self).map { $0.cases[$0.caseIndex(of: root)].name } ?? "?"
      // NB: an optional gets `Optional.modify`, which unwraps it first (CaseAccess+Optional).
      return reportRuntimeWarning(
        """
        "modify" was asked to change a case of \(typeName(Root.self)) that the value does not \
        hold; it holds ".\(held)", and nothing changed.

        Check the case first ("if state.is(\\.\(held)) …" or "state[case: …] != nil"), or \
        assign the case you want ("state = .caseName(…)").
        """,
        at: site
      )
    }
    // NB: the enum's own copy of the payload is destroyed first, so that `value` holds it
    // uniquely; `root` is rebuilt from it afterwards, also when `body` throws.
    try EnumPayload.rebuild(&root, from: &value, embed: embed, body)
  }
}

/// Reports a write through `[case:]` that changed nothing, as TCA reports it: the `subject`
/// (`"A stack element"`, `"A presented state"`) did not hold the case written through.
///
/// - Parameters:
///   - holding: What is there instead, as the message names it.
///   - write: What the subscript does when it can ("changes the payload of …").
///   - fix: The write that puts another case there.
func reportWriteThroughAbsentCase(
  _ subject: String, holding: String, write: String, fix: String, at site: SourceSite
) {
  reportRuntimeWarning(
    """
    \(subject) was written through a case it does not hold; nothing changed.

      \(holding)

    "[case:]" \(write). To put another case there, \(fix).
    """,
    at: site)
}
