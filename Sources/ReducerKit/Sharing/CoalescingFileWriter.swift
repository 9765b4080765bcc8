import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a shared file's value: after a window in which more changes only replace the value
/// waiting, so a burst is one write of the last value; at once when asked; never an older value
/// over a newer one.
final class CoalescingFileWriter<Value: Encodable & Sendable>: Sendable {
  private struct State {
    var pending: Value?
    var pendingNumber = 0
    var isScheduled = false
    var isDisabled = false
  }
  private let url: URL
  private let storage: FileStorage
  private let encoder: JSONEncoder
  private let site: SharedSite
  private let state = LockedState(State())
  private struct Written {
    /// The number of the last value written.
    var number = 0
    /// The file's contents as this writer last knew them (loaded or written; `nil` for no
    /// file), and a few it wrote before: a change of the file to one of these is this writer's
    /// own. NB: several, because a watcher reads the file when it reports a write, which may
    /// be after a later write of ours has started: a report of an earlier write then reads
    /// that write's contents, no longer the last ones.
    var recent: [Data?] = [nil]

    mutating func record(_ contents: Data?) {
      recent.append(contents)
      if recent.count > 4 { recent.removeFirst() }
    }
  }
  /// Held while encoding and writing, and while taking a change made elsewhere.
  private let writing = LockedState(Written())

  init(url: URL, storage: FileStorage, encoder: JSONEncoder, site: SharedSite) {
    self.url = url
    self.storage = storage
    self.encoder = encoder
    self.site = site
  }

  /// Stops all writes: the file could not be read or kept, so writing would lose it.
  func disable() {
    state.withLock {
      $0.isDisabled = true
      $0.pending = nil
    }
  }

  func save(_ value: Value, immediately: Bool) {
    let shouldSchedule = state.withLock { state -> Bool in
      guard !state.isDisabled else { return false }
      state.pending = value
      state.pendingNumber += 1
      guard !immediately, !state.isScheduled else { return false }
      state.isScheduled = true
      return true
    }
    if immediately {
      writePending()
    } else if shouldSchedule {
      PendingFileWrites.register(self)
      // NB: weak: a write still waiting when the last holder goes away is made then (see
      // `FileStorageKey.flush()`), so the scheduled work need not keep the writer alive, and an
      // in-memory file system holding it makes no reference cycle.
      storage.schedule(storage.writeDelay) { [weak self] in
        guard let self else { return }
        state.withLock { $0.isScheduled = false }
        writePending()
      }
    }
  }

  /// Records the contents the file had when the key loaded it.
  func loaded(_ contents: Data?) {
    writing.withLock { $0.recent = [contents] }
  }

  /// Takes a change of the file made elsewhere: whether it is one (and not this writer's own
  /// write coming back). A change made elsewhere wins over the value waiting to be written,
  /// which is dropped, as in TCA.
  func takeChange(to contents: Data?) -> Bool {
    writing.withLock { written in
      guard !written.recent.contains(contents) else { return false }
      written.recent = [contents]
      state.withLock { $0.pending = nil }
      return true
    }
  }

  /// Writes the value waiting, if any.
  func writePending() {
    guard
      let (value, number) = state.withLock({ state -> (Value, Int)? in
        defer { state.pending = nil }
        return state.pending.map { ($0, state.pendingNumber) }
      })
    else { return }
    writing.withLock { written in
      guard number > written.number else { return }
      written.number = number
      do {
        let contents = try encoder.encode(value)
        // NB: recorded before the write, so that a watcher reporting it, however soon, sees it
        // as this writer's own.
        written.record(contents)
        try storage.save(contents, url)
      } catch {
        reportRuntimeWarning(
          """
          Could not save the shared file at \(customDump(url.path)): \
          \(error.localizedDescription)

          The value stays in memory; the next change tries again. Check that the directory is \
          writable.
          """,
          fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
      }
    }
  }
}

/// Writers with a write waiting, completed when the process exits normally.
enum PendingFileWrites {
  private static let writers = LockedState<[ObjectIdentifier: @Sendable () -> Void]>([:])
  private static let installed = LockedState(false)

  static func register<Value>(_ writer: CoalescingFileWriter<Value>) {
    let first = installed.withLock { installed in
      defer { installed = true }
      return !installed
    }
    if first { atexit { PendingFileWrites.writeAll() } }
    writers.withLock { $0[ObjectIdentifier(writer)] = { [weak writer] in writer?.writePending() } }
  }

  static func writeAll() {
    for write in writers.withLock({ $0.values }) { write() }
  }
}
