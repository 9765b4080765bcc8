import Foundation

/// The file system that `.fileStorage` keys read and write: the real one in an app, an
/// in-memory one in tests (``InMemoryFileSystem``, one per test), or one you build.
///
/// ```swift
/// let files = InMemoryFileSystem()
/// let store = TestStore(initialState: Settings.State()) { Settings() } withDependencies: {
///   $0.defaultFileStorage = .inMemory(files)
/// }
/// ```
public struct FileStorage: Sendable {
  /// The contents of the file at a URL, or `nil` when there is no file.
  public var load: @Sendable (URL) throws -> Data?
  /// Writes a whole file, creating its directory if needed.
  public var save: @Sendable (Data, URL) throws -> Void
  /// Copies a file aside (a corrupt one, before it is overwritten) and returns where.
  public var keepCopy: @Sendable (URL) throws -> URL
  /// Runs work after a delay: how a burst of changes becomes one write.
  public var schedule: @Sendable (Duration, @escaping @Sendable () -> Void) -> Void
  /// How long a change waits for more before it is written.
  public var writeDelay: Duration
  /// Calls its handler with a file's new contents (`nil` once the file is gone) after someone
  /// else changed it: another process, or ``InMemoryFileSystem/setFile(_:at:)``. Watching stops
  /// when the returned subscription is cancelled.
  public var watch: @Sendable (URL, @escaping @Sendable (Data?) -> Void) -> SharedSubscription
  /// Tells two in-memory file systems apart (`nil` for real file systems).
  let identity: ObjectIdentifier?

  /// A file storage made of the given operations.
  public init(
    load: @escaping @Sendable (URL) throws -> Data?,
    save: @escaping @Sendable (Data, URL) throws -> Void,
    keepCopy: @escaping @Sendable (URL) throws -> URL,
    schedule: @escaping @Sendable (Duration, @escaping @Sendable () -> Void) -> Void,
    writeDelay: Duration,
    watch: @escaping @Sendable (URL, @escaping @Sendable (Data?) -> Void) -> SharedSubscription =
      { _, _ in SharedSubscription {} }
  ) {
    self.init(
      load: load, save: save, keepCopy: keepCopy, schedule: schedule, writeDelay: writeDelay,
      watch: watch, identity: nil)
  }

  init(
    load: @escaping @Sendable (URL) throws -> Data?,
    save: @escaping @Sendable (Data, URL) throws -> Void,
    keepCopy: @escaping @Sendable (URL) throws -> URL,
    schedule: @escaping @Sendable (Duration, @escaping @Sendable () -> Void) -> Void,
    writeDelay: Duration,
    watch: @escaping @Sendable (URL, @escaping @Sendable (Data?) -> Void) -> SharedSubscription,
    identity: ObjectIdentifier?
  ) {
    self.load = load
    self.save = save
    self.keepCopy = keepCopy
    self.schedule = schedule
    self.writeDelay = writeDelay
    self.watch = watch
    self.identity = identity
  }

  /// The real file system: atomic writes, a quarter of a second of coalescing on a background
  /// queue, pending writes completed when the process exits normally, and files watched for
  /// changes made by other processes (with inotify on Linux, also from when the file's
  /// directory is made; with a dispatch source on Apple platforms, when the directory exists
  /// as the first holder is made).
  public static let live = FileStorage(
    load: { url in
      guard FileManager.default.fileExists(atPath: url.path) else { return nil }
      return try Data(contentsOf: url)
    },
    save: { data, url in
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url, options: .atomic)
    },
    keepCopy: { url in
      let copy = availableCopyURL(for: url) { FileManager.default.fileExists(atPath: $0.path) }
      try FileManager.default.copyItem(at: url, to: copy)
      return copy
    },
    schedule: { delay, work in
      DispatchQueue.global(qos: .utility).asyncAfter(
        deadline: .now() + .nanoseconds(Int(delay.nanoseconds)), execute: work)
    },
    writeDelay: .milliseconds(250),
    watch: { FileWatcher.watch($0, didChange: $1) }
  )

  /// Files kept in memory, in a file system of their own that writes at once, as TCA's
  /// `.inMemory` does: `$0.defaultFileStorage = .inMemory` in a test or a preview, so that
  /// nothing reaches the disk. To see or control the writes, pass a file system:
  /// ``inMemory(_:)``.
  public static var inMemory: FileStorage {
    let fileSystem = InMemoryFileSystem()
    var storage = inMemory(fileSystem)
    storage.schedule = { _, work in work() }
    return storage
  }

  /// Files kept in `fileSystem`. Writes wait until ``InMemoryFileSystem/writePending()``, a
  /// ``Shared/save()``, or the next load, so a test decides when they land.
  public static func inMemory(_ fileSystem: InMemoryFileSystem) -> FileStorage {
    FileStorage(
      load: { try fileSystem.load($0) },
      save: { try fileSystem.save($0, to: $1) },
      keepCopy: { try fileSystem.keepCopy(of: $0) },
      schedule: { _, work in fileSystem.enqueue(work) },
      writeDelay: .zero,
      watch: { fileSystem.watch($0, didChange: $1) },
      identity: ObjectIdentifier(fileSystem)
    )
  }
}

/// `name.corrupt`, or `name.corrupt-2`, `-3`… when taken.
func availableCopyURL(for url: URL, isTaken: (URL) -> Bool) -> URL {
  var copy = url.appendingPathExtension("corrupt")
  var attempt = 2
  while isTaken(copy) {
    copy = url.appendingPathExtension("corrupt-\(attempt)")
    attempt += 1
  }
  return copy
}

/// Files in memory, for tests: what was written, how many writes there were, and the writes
/// still waiting.
///
/// ```swift
/// let files = InMemoryFileSystem()
/// …
/// files.writePending()
/// #expect(files.writeCount == 1)
/// ```
public final class InMemoryFileSystem: Sendable {
  private struct Storage {
    var files: [URL: Data] = [:]
    var writeCount = 0
    var pending: [@Sendable () -> Void] = []
    var unreadable: Set<URL> = []
    var watchers: [URL: [Int: @Sendable (Data?) -> Void]] = [:]
    var nextWatcher = 0
  }
  private let storage = LockedState(Storage())

  /// An empty file system.
  public init() {}

  /// The files, by URL.
  public var files: [URL: Data] { storage.withLock { $0.files } }

  /// How many files were written.
  public var writeCount: Int { storage.withLock { $0.writeCount } }

  /// Puts a file in place (or removes it, given `nil`) as someone else would: not counted as a
  /// write, and seen by the holders of the file, as a change made by another process.
  public func setFile(_ data: Data?, at url: URL) {
    let watchers = storage.withLock { storage in
      storage.files[url] = data
      return Array((storage.watchers[url] ?? [:]).values)
    }
    for watcher in watchers { watcher(data) }
  }

  /// Makes reading `url` fail, as a file without read permission would.
  public func makeUnreadable(_ url: URL) {
    storage.withLock { _ = $0.unreadable.insert(url) }
  }

  /// Performs the writes that are waiting for their coalescing window.
  public func writePending() {
    let pending = storage.withLock { storage in
      defer { storage.pending = [] }
      return storage.pending
    }
    for work in pending { work() }
  }

  func watch(_ url: URL, didChange: @escaping @Sendable (Data?) -> Void) -> SharedSubscription {
    let id = storage.withLock { storage in
      defer { storage.nextWatcher += 1 }
      storage.watchers[url, default: [:]][storage.nextWatcher] = didChange
      return storage.nextWatcher
    }
    return SharedSubscription { [weak self] in
      self?.storage.withLock { storage in
        storage.watchers[url]?[id] = nil
        if storage.watchers[url]?.isEmpty == true { storage.watchers[url] = nil }
      }
    }
  }

  func enqueue(_ work: @escaping @Sendable () -> Void) {
    storage.withLock { $0.pending.append(work) }
  }

  func load(_ url: URL) throws -> Data? {
    writePending()
    return try storage.withLock { storage in
      if storage.unreadable.contains(url) {
        throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: url.path])
      }
      return storage.files[url]
    }
  }

  func save(_ data: Data, to url: URL) throws {
    storage.withLock {
      $0.files[url] = data
      $0.writeCount += 1
    }
  }

  func keepCopy(of url: URL) throws -> URL {
    try storage.withLock { storage in
      guard let data = storage.files[url] else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: url.path])
      }
      let copy = availableCopyURL(for: url) { storage.files[$0] != nil }
      storage.files[copy] = data
      return copy
    }
  }
}

extension Duration {
  var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}

private enum DefaultFileStorageKey: DependencyKey {
  static let liveValue = FileStorage.live
  /// The running test's in-memory file system, looked up on each use (a default value is
  /// cached beyond one test).
  static let testValue = FileStorage(
    load: { try SharedPartition.current.fileSystem.load($0) },
    save: { try SharedPartition.current.fileSystem.save($0, to: $1) },
    keepCopy: { try SharedPartition.current.fileSystem.keepCopy(of: $0) },
    schedule: { _, work in SharedPartition.current.fileSystem.enqueue(work) },
    writeDelay: .zero,
    watch: { SharedPartition.current.fileSystem.watch($0, didChange: $1) }
  )
}

extension DependencyValues {
  /// Where `.fileStorage` keys read and write: the real file system when live, the running
  /// test's own in-memory file system in tests.
  public var defaultFileStorage: FileStorage {
    get { self[DefaultFileStorageKey.self] }
    set { self[DefaultFileStorageKey.self] = newValue }
  }
}
