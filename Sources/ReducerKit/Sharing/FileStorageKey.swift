import Foundation

/// A key whose value is stored as JSON in a file: `.fileStorage(url)`.
///
/// The file is read when the first holder is created. Changes are written after a short window
/// (``FileStorage/writeDelay``), so a burst of changes makes one write of the last value;
/// ``Shared/save()`` writes at once, and pending writes complete when the process exits
/// normally. A file that cannot be decoded is copied aside (`name.corrupt`) and reported, and
/// the holder's default is used; the copy keeps the data safe from the next write.
public struct FileStorageKey<Value: Codable & Sendable>: SharedKey {
  /// The file.
  public let url: URL
  private let storage: FileStorage
  private let decoder: JSONDecoder
  private let writer: CoalescingFileWriter<Value>
  private let site: SharedSite

  init(
    url: URL, storage: FileStorage, decoder: JSONDecoder, encoder: JSONEncoder, site: SharedSite
  ) {
    self.url = url
    self.storage = storage
    self.decoder = decoder
    self.site = site
    writer = CoalescingFileWriter(url: url, storage: storage, encoder: encoder, site: site)
  }

  public var id: FileStorageKeyID {
    FileStorageKeyID(path: url.standardizedFileURL.path, fileSystem: storage.identity)
  }

  public var description: String { ".fileStorage(\(customDump(url.path)))" }

  public func load() -> Value? {
    let data: Data?
    do {
      data = try storage.load(url)
      writer.loaded(data)
    } catch {
      writer.disable()
      warn(
        """
        Could not read the shared file at \(customDump(url.path)): \(error.localizedDescription)

        The default value is used, and changes will not be saved, so that the file is not \
        overwritten. Check the file's permissions.
        """)
      return nil
    }
    return decode(data)
  }

  /// Watches the file for changes made elsewhere (another process; in tests,
  /// ``InMemoryFileSystem/setFile(_:at:)``): every holder gets the new value, or its default
  /// once the file is gone. A change made elsewhere wins over a change of ours still waiting to
  /// be written, which is dropped.
  public func subscribe(didChange: @escaping @Sendable (Value?) -> Void) -> SharedSubscription {
    storage.watch(url) { [writer] contents in
      guard writer.takeChange(to: contents) else { return }
      didChange(decode(contents))
    }
  }

  /// The value in a file's contents; `nil` (the default applies) for no file, an empty one, or
  /// one that does not decode, which is copied aside and reported.
  private func decode(_ data: Data?) -> Value? {
    guard let data, !data.isEmpty else { return nil }
    do {
      return try decoder.decode(Value.self, from: data)
    } catch {
      let kept: String
      do {
        kept = "It was copied to \(customDump(try storage.keepCopy(url).path)) before any write."
      } catch let copyError {
        writer.disable()
        kept = """
          It could not be copied aside (\(copyError.localizedDescription)), so changes will not \
          be saved over it.
          """
      }
      warn(
        """
        The shared file at \(customDump(url.path)) is not valid JSON for \
        \(typeName(Value.self)): \(describe(error))

        The default value is used. \(kept) Fix or delete the file.
        """)
      return nil
    }
  }

  public func save(_ value: Value, immediately: Bool) {
    writer.save(value, immediately: immediately)
  }

  func flush() {
    writer.writePending()
  }

  private func warn(_ message: String) {
    reportRuntimeWarning(
      message, fileID: site.fileID, filePath: site.filePath, line: site.line,
      column: site.column)
  }
}

extension SharedReaderKey {
  /// A value stored as JSON in the file at `url`, shared by every holder of the file.
  ///
  /// ```swift
  /// @Shared(.fileStorage(.documentsDirectory.appending(path: "settings.json")))
  /// var settings = Settings()
  /// ```
  ///
  /// The file system is `@Dependency(\.defaultFileStorage)` where the key is made: the real one
  /// in an app, the test's in-memory one in tests. `decoder` reads the file and `encoder` writes
  /// it, for dates or keys coded your way; without an encoder, the file is JSON with sorted keys,
  /// indented, so that it changes line by line.
  public static func fileStorage<Wrapped: Codable & Sendable>(
    _ url: URL,
    decoder: JSONDecoder = JSONDecoder(),
    encoder: JSONEncoder? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self where Self == FileStorageKey<Wrapped> {
    FileStorageKey(
      url: url, storage: DependencyValues.current.defaultFileStorage, decoder: decoder,
      encoder: encoder ?? sortedIndentedEncoder(),
      site: SharedSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }
}

/// A human-readable decoding error.
private func describe(_ error: any Error) -> String {
  guard let decoding = error as? DecodingError else { return error.localizedDescription }
  switch decoding {
  case .dataCorrupted(let context), .keyNotFound(_, let context),
    .typeMismatch(_, let context), .valueNotFound(_, let context):
    let path = context.codingPath.map(\.stringValue).joined(separator: ".")
    return path.isEmpty ? context.debugDescription : "at \(path): \(context.debugDescription)"
  @unknown default:
    return error.localizedDescription
  }
}

extension FileStorageKey: FlushesWhenReleased {}

extension FileStorageKey: KeyFamily {
  static var family: ObjectIdentifier { ObjectIdentifier(FileStorageKeyFamily.self) }
}

/// What tells file storage keys apart: the file's path, and which file system it is on.
///
/// NB: not nested in the generic key: a nested type is a type per value type, so the IDs of one
/// file asked for as two types would never be equal, and the mix-up would go unreported.
public struct FileStorageKeyID: Hashable, Sendable {
  let path: String
  let fileSystem: ObjectIdentifier?
}

/// One family for every value type (a nested type would be one per specialization).
private enum FileStorageKeyFamily {}

/// The encoder `.fileStorage` writes with unless given one.
private func sortedIndentedEncoder() -> JSONEncoder {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  return encoder
}
