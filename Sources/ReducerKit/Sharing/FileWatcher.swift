import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Watches a real file for changes made by other processes, for ``FileStorage/live``.
///
/// It watches the file's directory rather than the file: an atomic write (ours, and most
/// programs') replaces the file with a new one, which a watch on the old file would miss. Each
/// change delivers the file's contents as they are then; the key ignores contents it wrote or
/// loaded itself.
enum FileWatcher {
  /// Where change handlers run: one serial queue, so a file's changes arrive in order.
  private static let queue = DispatchQueue(label: "ReducerKit.FileWatcher", qos: .utility)

  static func watch(_ url: URL, didChange: @escaping @Sendable (Data?) -> Void)
    -> SharedSubscription
  {
    #if canImport(Glibc) || canImport(Musl)
      return watchWithInotify(url, didChange: didChange)
    #elseif canImport(Darwin)
      return watchWithDispatchSource(url, didChange: didChange)
    #else
      return SharedSubscription {}
    #endif
  }

  /// Reads the file after a change and reports its contents, or `nil` when there is no file.
  /// An empty file is not reported: it is one being written (a writer that truncates and then
  /// writes can close it in between), and the write's end reports it again.
  private static func report(_ url: URL, to didChange: @Sendable (Data?) -> Void) {
    guard FileManager.default.fileExists(atPath: url.path) else { return didChange(nil) }
    guard let contents = try? Data(contentsOf: url), !contents.isEmpty else { return }
    didChange(contents)
  }

  #if canImport(Glibc) || canImport(Musl)
    /// Directory events that mean the file was replaced, written, moved or removed. Creation is
    /// left out: a new file is empty until its writer closes it (`IN_CLOSE_WRITE`).
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)

    /// Directory events of an ancestor, while the file's directory does not exist yet.
    private static let ancestorMask = UInt32(IN_CREATE | IN_MOVED_TO)

    private static func watchWithInotify(
      _ url: URL, didChange: @escaping @Sendable (Data?) -> Void
    ) -> SharedSubscription {
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return SharedSubscription {} }
      let directory = url.deletingLastPathComponent()
      // NB: the watch in place and whether it is on the file's directory (rather than on the
      // nearest ancestor that exists, waiting for the directory to be made).
      let watch = LockedState<(descriptor: Int32, isOnDirectory: Bool)?>(nil)
      @Sendable func arm() {
        while true {
          if let old = watch.withLock({ $0 }) { inotify_rm_watch(descriptor, old.descriptor) }
          let placed = inotify_add_watch(descriptor, directory.path, mask)
          if placed >= 0 {
            watch.withLock { $0 = (placed, true) }
            return
          }
          var ancestor = directory.deletingLastPathComponent()
          while !FileManager.default.fileExists(atPath: ancestor.path), ancestor.path != "/" {
            ancestor.deleteLastPathComponent()
          }
          let waiting = inotify_add_watch(descriptor, ancestor.path, ancestorMask)
          watch.withLock { $0 = waiting >= 0 ? (waiting, false) : nil }
          // NB: the directory may have been made while the ancestor's watch was placed, which
          // that watch would not report: then try the directory again.
          guard waiting >= 0, FileManager.default.fileExists(atPath: directory.path) else {
            return
          }
        }
      }
      arm()
      guard watch.withLock({ $0 }) != nil else {
        close(descriptor)
        return SharedSubscription {}
      }
      let name = url.lastPathComponent
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      source.setEventHandler {
        let names = drainEvents(descriptor)
        if watch.withLock({ $0?.isOnDirectory }) == true {
          if names.contains(name) { report(url, to: didChange) }
        } else if !names.isEmpty {
          // Something appeared on the way to the directory: watch closer, and report a file
          // that came with it.
          arm()
          if watch.withLock({ $0?.isOnDirectory }) == true,
            FileManager.default.fileExists(atPath: url.path)
          {
            report(url, to: didChange)
          }
        }
      }
      source.setCancelHandler { close(descriptor) }
      source.resume()
      let held = LockedState<(any DispatchSourceRead)?>(source)
      return SharedSubscription { held.withLock { $0.take() }?.cancel() }
    }

    /// Reads every event waiting on `descriptor`; the names they carry.
    private static func drainEvents(_ descriptor: Int32) -> Set<String> {
      // NB: inotify's events are a 16-byte header (watch, mask, cookie, name length) followed
      // by the NUL-padded name; a read returns whole events only.
      let headerSize = 16
      var names: Set<String> = []
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return names }
        var offset = 0
        while offset + headerSize <= count {
          let nameLength = buffer.withUnsafeBytes {
            Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          }
          let nameBytes = buffer[
            (offset + headerSize)..<min(offset + headerSize + nameLength, count)]
          names.insert(String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self))
          offset += headerSize + nameLength
        }
      }
    }
  #elseif canImport(Darwin)
    private static func watchWithDispatchSource(
      _ url: URL, didChange: @escaping @Sendable (Data?) -> Void
    ) -> SharedSubscription {
      let descriptor = open(url.deletingLastPathComponent().path, O_EVTONLY)
      guard descriptor >= 0 else { return SharedSubscription {} }
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: [.write, .rename, .delete], queue: queue)
      source.setEventHandler { report(url, to: didChange) }
      source.setCancelHandler { close(descriptor) }
      source.resume()
      let held = LockedState<(any DispatchSourceFileSystemObject)?>(source)
      return SharedSubscription { held.withLock { $0.take() }?.cancel() }
    }
  #endif
}
