/// A closure, of any arity, that records a test failure naming `description` when called, then
/// throws ``UnimplementedFailure``.
///
/// Build test values of dependency clients from it, so a test fails loudly when it reaches an
/// endpoint it did not override:
///
/// ```swift
/// extension NumberFactClient: TestDependencyKey {
///   static let testValue = Self(fetch: unimplemented("NumberFactClient.fetch"))
/// }
/// ```
public func unimplemented<each Argument, Result>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) throws -> Result {
  let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (argument: repeat each Argument) in
    reportUnimplemented(description, arguments: (repeat each argument), at: site)
    throw UnimplementedFailure(description: description)
  }
}

/// An asynchronous closure that records a test failure naming `description` when called, then
/// throws ``UnimplementedFailure``.
public func unimplemented<each Argument, Result>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async throws -> Result {
  let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (argument: repeat each Argument) in
    reportUnimplemented(description, arguments: (repeat each argument), at: site)
    throw UnimplementedFailure(description: description)
  }
}

/// A closure that records a test failure naming `description` when called, then returns
/// `placeholder`.
///
/// Use it for endpoints that cannot throw:
///
/// ```swift
/// static let testValue = Self(
///   isEnabled: unimplemented("FeatureFlags.isEnabled", placeholder: false)
/// )
/// ```
public func unimplemented<each Argument, Result>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Result {
  let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (argument: repeat each Argument) in
    reportUnimplemented(description, arguments: (repeat each argument), at: site)
    return placeholder()
  }
}

/// An asynchronous closure that records a test failure naming `description` when called, then
/// returns `placeholder`.
public func unimplemented<each Argument, Result>(
  _ description: String = "",
  placeholder: @autoclosure @escaping @Sendable () -> Result,
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Result {
  let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (argument: repeat each Argument) in
    reportUnimplemented(description, arguments: (repeat each argument), at: site)
    return placeholder()
  }
}

/// A closure without a result that records a test failure naming `description` when called.
///
/// ```swift
/// static let testValue = Self(track: unimplemented("Analytics.track"))
/// ```
// NB: disfavored: a throwing `Void` closure type matches this overload too (a non-throwing
// closure converts to a throwing one), and the throwing overload, which throws, is the one meant.
@_disfavoredOverload
public func unimplemented<each Argument>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> Void {
  unimplemented(
    description, placeholder: (), fileID: fileID, filePath: filePath, line: line, column: column
  )
}

/// An asynchronous closure without a result that records a test failure naming `description`
/// when called.
@_disfavoredOverload
public func unimplemented<each Argument>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) async -> Void {
  unimplemented(
    description, placeholder: (), fileID: fileID, filePath: filePath, line: line, column: column
  )
}

/// An endpoint returning a throwing stream that records a test failure naming `description`
/// when called, and returns a stream that ends at once by throwing ``UnimplementedFailure``.
///
/// ```swift
/// static let testValue = Self(events: unimplemented("Socket.events"))
/// // var events: @Sendable (URL) -> AsyncThrowingStream<Event, any Error>
/// ```
public func unimplemented<each Argument, Element>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> AsyncThrowingStream<Element, any Error> {
  let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (argument: repeat each Argument) in
    reportUnimplemented(description, arguments: (repeat each argument), at: site)
    return AsyncThrowingStream {
      $0.finish(throwing: UnimplementedFailure(description: description))
    }
  }
}

/// An endpoint returning a stream that records a test failure naming `description` when
/// called, and returns a stream that is already finished.
public func unimplemented<each Argument, Element>(
  _ description: String = "",
  fileID: StaticString = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) -> @Sendable (repeat each Argument) -> AsyncStream<Element> {
  let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
  return { (argument: repeat each Argument) in
    reportUnimplemented(description, arguments: (repeat each argument), at: site)
    return AsyncStream { $0.finish() }
  }
}

/// The error an unimplemented endpoint throws after recording its failure.
public struct UnimplementedFailure: Error, Equatable, Sendable, CustomStringConvertible {
  /// The endpoint's description, such as `NumberFactClient.fetch`.
  public var description: String

  /// The failure of the endpoint `description`.
  public init(description: String) {
    self.description = description
  }
}

private func reportUnimplemented(_ description: String, arguments: Any, at site: SourceSite) {
  let name = description.isEmpty ? "An endpoint" : "\"\(description)\""
  let dumped = customDump(arguments, indent: 4)
  reportRuntimeWarning(
    """
    Unimplemented: \(name) was called.

      Arguments:
    \(dumped == "    ()" ? "    (none)" : dumped)

    This endpoint has no implementation in this context, usually a test. Override it for the \
    test, for example where the store is created: "withDependencies: { $0.client.endpoint = \
    { … } }".
    """,
    at: site
  )
}
