extension Shared {
  /// The value of `key`, which must have one: a holder of the key exists, or something is
  /// stored under it. Throws ``SharedLoadError`` when nothing is, or what the key's `load`
  /// throws, as swift-sharing's `Shared(require:)` does.
  ///
  /// ```swift
  /// let settings = try Shared(require: .fileStorage(settingsURL))
  /// ```
  public init(
    require key: some SharedKey<Value>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) throws {
    self.init(reference: try required(key, fileID, filePath, line, column))
  }

  /// ``init(require:fileID:filePath:line:column:)``, awaited, as swift-sharing 2 spells it
  /// (keys here load synchronously).
  public init(
    require key: some SharedKey<Value>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws {
    self.init(reference: try required(key, fileID, filePath, line, column))
  }

  /// A key of a non-optional value needs a default: `@Shared(.appStorage("count")) var count = 0`.
  @available(*, unavailable, message: "Assign a default value")
  public init(_ key: some SharedKey<Value>) {
    fatalError("unavailable")
  }
}

extension SharedReader {
  /// The value of `key`, which must have one (see `Shared.init(require:)`); throws
  /// ``SharedLoadError`` when nothing is stored under it, or what the key's `load` throws.
  public init(
    require key: some SharedReaderKey<Value>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) throws {
    self.init(Shared(reference: try required(key, fileID, filePath, line, column)))
  }

  /// ``init(require:fileID:filePath:line:column:)``, awaited, as swift-sharing 2 spells it.
  public init(
    require key: some SharedReaderKey<Value>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async throws {
    self.init(Shared(reference: try required(key, fileID, filePath, line, column)))
  }

  /// A key of a non-optional value needs a default: `@SharedReader(.appStorage("count")) var
  /// count = 0`.
  @available(*, unavailable, message: "Assign a default value")
  public init(_ key: some SharedReaderKey<Value>) {
    fatalError("unavailable")
  }
}

/// The reference a holder that requires `key`'s value gets (see `Shared.init(require:)`).
private func required<Key: SharedReaderKey>(
  _ key: Key, _ fileID: StaticString, _ filePath: StaticString, _ line: UInt, _ column: UInt
) throws -> RootReference<Key.Value> {
  try SharedPartition.current.requiredReference(
    for: key, site: SharedSite(fileID: fileID, filePath: filePath, line: line, column: column))
}
