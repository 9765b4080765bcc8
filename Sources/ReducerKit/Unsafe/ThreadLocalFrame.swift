import ReducerKitThreadLocal

/// A per-thread pointer to a value that lives on the stack of the synchronous scope that set it.
///
/// NB: reducers run synchronously, so the dependencies they see can be published for the duration
/// of the call in a thread-local slot: setting one costs a few nanoseconds, where a task-local
/// binding costs about 100 ns on this platform. Async code cannot run inside such a scope (it
/// would have to suspend), so effects use task-locals instead.
///
/// Each frame owns one slot of a C thread-local array (see `ReducerKitThreadLocal`); a frame is a
/// constant, so reading one needs no lazy global initialization either.
@usableFromInline
struct ThreadLocalFrame<Value>: Sendable {
  @usableFromInline let slot: Int32

  /// The frame in `slot`, which no other frame uses (`ThreadLocalSlot`).
  @inlinable
  init(_ slot: ThreadLocalSlot) {
    self.slot = slot.rawValue
  }

  /// The innermost value published on this thread, if any.
  @inlinable
  var current: UnsafePointer<Value>? {
    reducerkit_thread_local_get(slot).map {
      UnsafePointer($0.assumingMemoryBound(to: Value.self))
    }
  }

  /// Publishes `value` on this thread while `body` runs.
  @inlinable @inline(__always)
  func with<Result>(_ value: UnsafePointer<Value>, _ body: () throws -> Result) rethrows -> Result {
    let previous = reducerkit_thread_local_get(slot)
    reducerkit_thread_local_set(slot, UnsafeMutableRawPointer(mutating: value))
    defer { reducerkit_thread_local_set(slot, previous) }
    return try body()
  }
}

/// The thread-local slots, one per frame.
@usableFromInline
enum ThreadLocalSlot: Int32 {
  case dependencies = 0
  case presentation = 1
  case dependencySite = 2
  case projection = 3
  case dependencySetting = 4
  case testExecutor = 5
  case bodyProbe = 6
  case sharedLock = 7
  case sharedView = 8
  case effectJobBatch = 9
  case observationRun = 10
}
