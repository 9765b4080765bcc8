extension AnyCasePath {
  /// A path to the case `pattern` names, written like TCA's case key paths: `\.child`; `nil`
  /// (after a runtime warning) when the pattern names no case of `Root` whose payload is a
  /// `Value`.
  ///
  /// ```swift
  /// let child = AnyCasePath<Action, Child.Action>(\.child)!
  /// child.extract(from: .child(.incrementTapped))  // .incrementTapped
  /// ```
  ///
  /// The operators and `store.scope` take such a pattern wherever they take a case constructor,
  /// so a feature reads as in TCA: `Scope(state: \.child, action: \.child) { Child() }`,
  /// `.ifLet(\.$destination, action: \.destination) { Destination() }`.
  ///
  /// > Important: TCA's typed case key paths are checked when compiling; a pattern is checked
  /// > when the path is made (for an operator, when the reducer is built): a name that is not a
  /// > case, a payload of another type, or a pattern of several steps is a runtime warning. The
  /// > case constructor (`Action.child`) keeps the check at compile time.
  @inlinable
  public init?(
    _ pattern: KeyPath<CasePattern<Root>, CasePattern<Root>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    self.init(
      pattern: pattern, api: "AnyCasePath",
      site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column),
      constructor: Self.caseConstructor)
    if isUnresolvedPattern { return nil }
  }

  /// The path to the case `pattern` names, for the operator `api`, reporting at `site` a pattern
  /// that names no case with a `Value` payload; `constructor` makes the embedding function of
  /// the case found (``caseConstructor(tag:isIndirect:)``, passed from where the types are
  /// known, so that it runs specialized).
  @usableFromInline
  package init(
    pattern: KeyPath<CasePattern<Root>, CasePattern<Root>>, api: String, site: SourceSite,
    constructor: (_ tag: UInt32, _ isIndirect: Bool) -> @Sendable (Value) -> Root
  ) {
    let casePattern = CasePattern(pattern)
    switch casePattern.singleCase(withPayload: Value.self) {
    case .success(let found):
      extractor = CaseExtractor(
        tag: found.tag, layout: found.layout, embed: constructor(found.tag, found.isIndirect),
        site: site)
    case .failure(let problem):
      let message = """
        "\(api)" was given the case pattern \(casePattern), \(problem.reason)

        Name one case of \(typeName(Root.self)) whose payload is \(typeName(Value.self)), or \
        pass the case's constructor (such as "Action.child"), which the compiler checks. Until \
        then nothing goes through it.
        """
      reportRuntimeWarning(message, at: site)
      extractor = CaseExtractor(unresolved: message, site: site)
    }
  }

  /// Made from a case pattern that names no case: it extracts nothing, and embeds nothing.
  @usableFromInline
  package var isUnresolvedPattern: Bool { extractor.isUnresolvedPattern }

  /// The function building the case with `tag` from its payload (see `caseConstructor`).
  ///
  /// NB: inlinable, and referenced from the inlinable operators that take a case pattern, so
  /// that it is specialized for the app's types: run generically, it copied the payload and the
  /// value through their value witnesses, ~58 ns an embedding; specialized, ~13 ns (the tag is
  /// still put on through the enum's value witness), against ~7 ns for the case's constructor.
  @inlinable
  package static func caseConstructor(tag: UInt32, isIndirect: Bool) -> @Sendable (Value) -> Root {
    ReducerKit.caseConstructor(of: Root.self, tag: tag, payload: Value.self, isIndirect: isIndirect)
  }
}

extension CasePattern {
  /// Whether the pattern names one case of `Root`, whose payload is a `Value`.
  @usableFromInline
  func namesOneCase<Value>(withPayload _: Value.Type) -> Bool {
    if case .success = singleCase(withPayload: Value.self) { return true }
    return false
  }

  /// The payload type of the one case this pattern names, if it names one case with a payload.
  func singleCasePayloadType() -> Any.Type? {
    guard let (tag, layout) = try? namedCase().get() else { return nil }
    return layout.cases[Int(tag)].payloadType
  }

  /// The one case this pattern names, when its payload is a `Value`.
  func singleCase<Value>(withPayload _: Value.Type) -> Result<
    (tag: UInt32, layout: EnumLayout, isIndirect: Bool), CasePatternEmbedFailure
  > {
    namedCase().flatMap { tag, layout in
      let found = layout.cases[Int(tag)]
      guard let payload = found.payloadType else {
        return .failure(
          CasePatternEmbedFailure(
            "but \(typeName(Root.self)).\(found.name) has no payload for a "
              + "\(typeName(Value.self))."))
      }
      guard payloadTypesMatch(payload, Value.self) else {
        return .failure(
          CasePatternEmbedFailure(
            "but the payload of \(typeName(Root.self)).\(found.name) is of type "
              + "\(typeName(payload)), not \(typeName(Value.self))."))
      }
      return .success((tag, layout, found.isIndirect))
    }
  }

  /// The one case of `Root` this pattern names, whatever its payload.
  private func namedCase() -> Result<(tag: UInt32, layout: EnumLayout), CasePatternEmbedFailure> {
    guard steps.count == 1, case .name(let name) = steps[0] else {
      return .failure(
        CasePatternEmbedFailure(
          steps.isEmpty
            ? "which names no case."
            : "which names more than one step: an operator takes the pattern of one case, "
              + "such as \\.child (for a case inside it, pass a closure, such as "
              + "{ .parent(.child($0)) })."))
    }
    guard let layout = EnumLayout.of(Root.self) else {
      return .failure(CasePatternEmbedFailure("but \(typeName(Root.self)) is not an enum."))
    }
    guard let tag = layout.cases.firstIndex(where: { $0.name == name }) else {
      let cases = layout.cases.map { ".\($0.name)" }.joined(separator: ", ")
      return .failure(
        CasePatternEmbedFailure(
          "but \(typeName(Root.self)) has no case \"\(name)\"; its cases are: \(cases)."))
    }
    return .success((UInt32(tag), layout))
  }
}
