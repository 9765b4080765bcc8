import Synchronization

/// Extracts the payload of one enum case, given only the case's constructor.
///
/// The first extraction works out which tag the constructor produces (from the enum's metadata,
/// and, when several cases share the payload type, by re-embedding one payload). From then on an
/// extraction is a tag comparison and a payload copy: no `Mirror`, no allocation.
@usableFromInline
final class CaseExtractor<Root, Value>: Sendable {
  @usableFromInline let embed: @Sendable (Value) -> Root
  /// An explicit extraction (``AnyCasePath/init(embed:extract:)``) instead of the reflective one.
  @usableFromInline let customExtract: (@Sendable (Root) -> Value?)?
  private let site: SourceSite
  @usableFromInline let resolution = Atomic<UInt64>(0)
  private let candidates = LockedState<[UInt32]?>(nil)
  /// Made from a case pattern that names no case: nothing can be embedded.
  let isUnresolvedPattern: Bool

  @usableFromInline static var resolvedBit: UInt64 { 1 << 63 }
  @usableFromInline static var indirectBit: UInt64 { 1 << 62 }
  @usableFromInline static var neverBit: UInt64 { 1 << 61 }
  /// One case has the payload type, but the function was not yet seen to build that case: only
  /// a value of that case can be checked (by embedding its payload again).
  @usableFromInline static var pendingBit: UInt64 { 1 << 60 }

  @usableFromInline
  init(embed: @escaping @Sendable (Value) -> Root, site: SourceSite) {
    self.embed = embed
    self.site = site
    customExtract = nil
    isUnresolvedPattern = false
  }

  @usableFromInline
  init(embed: @escaping @Sendable (Value) -> Root, extract: @escaping @Sendable (Root) -> Value?) {
    self.embed = embed
    customExtract = extract
    site = SourceSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
    isUnresolvedPattern = false
  }

  /// An extractor of the case with `tag` of `layout`, known in advance (the case a case pattern
  /// names), embedding with `embed`.
  init(
    tag: UInt32, layout: EnumLayout, embed: @escaping @Sendable (Value) -> Root, site: SourceSite
  ) {
    self.embed = embed
    self.site = site
    customExtract = nil
    isUnresolvedPattern = false
    resolve(tag: tag, layout: layout)
  }

  /// An extractor of no case (a case pattern that names none, already reported): it extracts
  /// nothing, and its embedding function must never be called.
  init(unresolved reason: String, site: SourceSite) {
    embed = { _ in
      // NB: unreachable through the operators: a child that never receives an action runs no
      // effect that could send one; `store.scope` checks the path before embedding.
      preconditionFailure(reason)
    }
    self.site = site
    customExtract = nil
    isUnresolvedPattern = true
    resolution.store(Self.neverBit, ordering: .relaxed)
  }

  /// The tag of this path's case, once the first extraction worked it out.
  @inlinable
  var resolvedTag: UInt32? {
    guard customExtract == nil else { return nil }
    let state = resolution.load(ordering: .relaxed)
    return state & Self.resolvedBit != 0 ? UInt32(truncatingIfNeeded: state) : nil
  }

  @inlinable
  func extract(from root: Root) -> Value? {
    if let customExtract { return customExtract(root) }
    let state = resolution.load(ordering: .relaxed)
    if state & Self.resolvedBit != 0 {
      guard EnumMetadata.tag(of: root) == UInt32(truncatingIfNeeded: state) else { return nil }
      return project(root, indirect: state & Self.indirectBit != 0)
    }
    if state & Self.neverBit != 0 { return nil }
    if state & Self.pendingBit != 0, EnumMetadata.tag(of: root) != UInt32(truncatingIfNeeded: state)
    {
      return nil
    }
    return extractResolving(root)
  }

  @inlinable @inline(__always)
  func project(_ root: Root, indirect: Bool) -> Value {
    if MemoryLayout<Value>.size == 0, Value.self == Void.self {
      return EnumPayload.void(as: Value.self)
    }
    return EnumPayload.copy(of: root, as: Value.self, indirect: indirect)
  }

  /// Runs `body` on the payload of `root` when it holds this case; `nil` otherwise.
  ///
  /// NB: the payload of an inline case is modified where it lives
  /// (`EnumPayload.modifyInPlace`), so a child state held in an enum is not copied, and its
  /// buffers stay uniquely referenced. An `indirect` payload lives in a box that copies of the enum
  /// share, so it is extracted and embedded again instead.
  @inlinable
  func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result? {
    let state = resolution.load(ordering: .relaxed)
    guard customExtract == nil, state & Self.resolvedBit != 0, state & Self.indirectBit == 0,
      MemoryLayout<Value>.size > 0
    else {
      guard var value = extract(from: root) else { return nil }
      let result = body(&value)
      root = embed(value)
      return result
    }
    return EnumPayload.modifyInPlace(&root, tag: UInt32(truncatingIfNeeded: state), body)
  }

  /// The cold path: runs until the case's tag is known (usually the first call).
  @usableFromInline
  func extractResolving(_ root: Root) -> Value? {
    guard let layout = EnumLayout.of(Root.self) else {
      warnOnce(
        "AnyCasePath(_:) was given a function into \"\(Root.self)\", which is not an enum."
      )
      return nil
    }
    if Value.self == Void.self {
      let tag = EnumMetadata.tag(of: embed(EnumPayload.void(as: Value.self)))
      resolve(tag: tag, layout: layout)
      return extract(from: root)
    }
    let tags = candidateTags(in: layout)
    switch tags.count {
    case 0:
      warnOnce(
        """
        AnyCasePath(_:) could not find a case of "\(Root.self)" whose payload is \
        "\(Value.self)".

        Pass an enum case constructor, like "Action.child"; for anything else, build the \
        path with AnyCasePath(embed:extract:).
        """
      )
      return nil
    default:
      // Embed a payload of a candidate case again, to learn which case the function builds, and
      // that it builds one at all: a function that is not a case constructor (`{ _ in .reset }`)
      // must never have another case's payload extracted through it.
      let tag = EnumMetadata.tag(of: root)
      guard tags.contains(tag) else {
        if tags.count == 1 {
          resolution.store(Self.pendingBit | UInt64(tags[0]), ordering: .relaxed)
        }
        return nil
      }
      let info = layout.cases[Int(tag)]
      guard info.isPayloadDeclaredGeneric || isAbstractionSafe(Value.self) else {
        resolve(tag: tag, layout: layout)  // reports the closure payload it cannot extract
        return nil
      }
      let value = project(root, indirect: info.isIndirect)
      let ownTag = EnumMetadata.tag(of: embed(value))
      guard tags.contains(ownTag) else {
        warnNotAConstructor(built: layout.cases[Int(ownTag)].name, layout: layout, tags: tags)
        return nil
      }
      resolve(tag: ownTag, layout: layout)
      return ownTag == tag ? value : nil
    }
  }

  private func warnNotAConstructor(built name: String, layout: EnumLayout, tags: [UInt32]) {
    let cases = tags.map { ".\(layout.cases[Int($0)].name)" }.joined(separator: ", ")
    warnOnce(
      """
      AnyCasePath(_:) was given a function into "\(Root.self)" that is not a case constructor: \
      given a payload of \(cases), it built ".\(name)". Nothing is extracted through it.

      Pass the enum case constructor itself, like "Action.child"; for anything else, build the \
      path with AnyCasePath(embed:extract:).
      """
    )
  }

  private func candidateTags(in layout: EnumLayout) -> [UInt32] {
    candidates.withLock { cached in
      if let cached { return cached }
      let tags = layout.cases.indices.compactMap { index -> UInt32? in
        guard let payload = layout.cases[index].payloadType,
          payloadTypesMatch(payload, Value.self)
        else { return nil }
        return UInt32(index)
      }
      cached = tags
      return tags
    }
  }

  private func resolve(tag: UInt32, layout: EnumLayout) {
    let info = layout.cases[Int(tag)]
    if info.payloadType != nil, !info.isPayloadDeclaredGeneric, !isAbstractionSafe(Value.self) {
      warnOnce(
        """
        AnyCasePath(_:) cannot extract the payload of "\(Root.self).\(info.name)": it holds a \
        closure (\(Value.self)), and Swift stores closures in enum payloads with a calling \
        convention that generic code cannot call.

        Wrap the closure in a struct (for example "struct OnSave: Sendable { var run: \
        @Sendable (Int) -> Void }") and make that the payload, or build the path with \
        AnyCasePath(embed:extract:).
        """
      )
      return
    }
    var state = Self.resolvedBit | UInt64(tag)
    if info.isIndirect { state |= Self.indirectBit }
    resolution.store(state, ordering: .relaxed)
  }

  private func warnOnce(_ message: String) {
    var state = resolution.load(ordering: .relaxed)
    while state & (Self.resolvedBit | Self.neverBit) == 0 {
      let (exchanged, current) = resolution.compareExchange(
        expected: state, desired: Self.neverBit, ordering: .relaxed)
      if exchanged { break }
      state = current
    }
    guard state & (Self.resolvedBit | Self.neverBit) == 0 else { return }
    reportRuntimeWarning(
      message, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column
    )
  }
}
