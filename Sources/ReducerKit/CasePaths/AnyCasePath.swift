/// A path from an enum to the payload of one of its cases: embeds a payload into the enum, and
/// extracts it back when the enum holds that case.
///
/// Operators such as ``Scope``, `ifLet` and `forEach` build one from the case constructor you
/// pass as `action:`, so most code never names this type:
///
/// ```swift
/// Scope(state: \.counter, action: Action.counter) { Counter() }
/// ```
///
/// Build one yourself to route a custom case, or to extract a payload in your own code:
///
/// ```swift
/// let counter = AnyCasePath(Action.counter)
/// counter.extract(from: .counter(.incrementTapped))  // .incrementTapped
/// counter.extract(from: .reset)                      // nil
/// ```
///
/// > Important: Extraction from a constructor reads the enum's runtime metadata. A payload that is
/// > itself a closure with parameters or a result cannot be read back by generic code (Swift
/// > stores it with a concrete calling convention); such a path reports a runtime warning and
/// > extracts `nil`. Wrap the closure in a struct, or use ``init(embed:extract:)``.
public struct AnyCasePath<Root, Value>: Sendable {
  // NB: one class reference (rather than an enum of two kinds) so an extraction does not retain
  // and release it.
  @usableFromInline
  let extractor: CaseExtractor<Root, Value>

  /// A path from explicit embed and extract functions.
  ///
  /// ```swift
  /// let evens = AnyCasePath<Int, Int>(
  ///   embed: { $0 * 2 },
  ///   extract: { $0.isMultiple(of: 2) ? $0 / 2 : nil }
  /// )
  /// ```
  public init(
    embed: @escaping @Sendable (Value) -> Root,
    extract: @escaping @Sendable (Root) -> Value?
  ) {
    extractor = CaseExtractor(embed: embed, extract: extract)
  }

  /// A path from an enum case constructor, such as `Action.child`.
  ///
  /// The extraction is derived from the constructor: it works for cases with one payload,
  /// labelled or generic payloads, `indirect` cases, and cases that share a payload type.
  ///
  /// ```swift
  /// let child = AnyCasePath(Action.child)
  /// ```
  public init(
    _ embed: @escaping @Sendable (Value) -> Root,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    extractor = CaseExtractor(
      embed: embed,
      site: SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }

  /// A path from the constructor of a case with several associated values, such as
  /// `Action.element(id:action:)`; the payload is extracted as a tuple.
  ///
  /// ```swift
  /// let element = AnyCasePath(Action.moved)   // case moved(from: Int, to: Int)
  /// element.extract(from: .moved(from: 1, to: 2))  // (1, 2)
  /// ```
  public init<each Element>(
    _ embed: @escaping @Sendable (repeat each Element) -> Root,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where Value == (repeat each Element) {
    self.init(
      { (value: (repeat each Element)) in embed(repeat each value) },
      fileID: fileID, filePath: filePath, line: line, column: column
    )
  }

  /// The payload of `root` when it holds this path's case, otherwise `nil`.
  ///
  /// - Complexity: O(1) once the case is known (after the first call).
  @inlinable
  public func extract(from root: Root) -> Value? {
    extractor.extract(from: root)
  }

  /// Runs `body` on the payload in place when `root` holds this path's case; `nil` otherwise.
  @inlinable
  package func modify<Result>(_ root: inout Root, _ body: (inout Value) -> Result) -> Result? {
    extractor.modify(&root, body)
  }

  /// The tag of this path's case in `Root`, once an extraction worked it out; `nil` before, and
  /// for a path built from explicit functions.
  @inlinable
  package var resolvedTag: UInt32? { extractor.resolvedTag }

  /// Whether `root` holds this path's case (without copying its payload, once resolved).
  @inlinable
  package func matches(_ root: Root) -> Bool {
    if let tag = extractor.resolvedTag { return EnumMetadata.tag(of: root) == tag }
    return extract(from: root) != nil
  }

  /// Wraps `value` in this path's case.
  @inlinable
  public func embed(_ value: Value) -> Root {
    extractor.embed(value)
  }
}
