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
  private let site: SharedSite
  private let state = LockedState(State())
  /// Held while encoding and writing, with the number of the last value written.
  private let writing = LockedState(0)

  init(url: URL, storage: FileStorage, site: SharedSite) {
    self.url = url
    self.storage = storage
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

  /// Writes the value waiting, if any.
  func writePending() {
    guard
      let (value, number) = state.withLock({ state -> (Value, Int)? in
        defer { state.pending = nil }
        return state.pending.map { ($0, state.pendingNumber) }
      })
    else { return }
    writing.withLock { lastWritten in
      guard number > lastWritten else { return }
      lastWritten = number
      do {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try storage.save(try encoder.encode(value), url)
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
