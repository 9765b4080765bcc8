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

extension ThreadLocalFrame {
  /// Publishes `value` on this thread (or, with `nil`, clears the slot) until it is set again:
  /// for code that cannot wrap its scope in a closure (an accessor's `_modify` around its
  /// `yield`). `value` must outlive its publication.
  @inlinable
  func set(_ value: UnsafePointer<Value>?) {
    reducerkit_thread_local_set(slot, value.map { UnsafeMutableRawPointer(mutating: $0) })
  }
}

/// A per-thread reference to an object, unretained: valid while the synchronous scope that set
/// it, which holds the object, runs.
struct ThreadLocalObject: Sendable {
  let slot: Int32

  /// The object in `slot`, which no other frame uses (`ThreadLocalSlot`).
  init(_ slot: ThreadLocalSlot) {
    self.slot = slot.rawValue
  }

  /// The object published on this thread, if any.
  var current: AnyObject? {
    reducerkit_thread_local_get(slot).map {
      Unmanaged<AnyObject>.fromOpaque($0).takeUnretainedValue()
    }
  }

  /// Publishes `object` (or clears the slot, with `nil`) on this thread while `body` runs.
  ///
  /// NB: `object` is a parameter, which the caller keeps alive for the whole call.
  func with<Result>(_ object: AnyObject?, _ body: () throws -> Result) rethrows -> Result {
    let previous = reducerkit_thread_local_get(slot)
    reducerkit_thread_local_set(slot, object.map { Unmanaged.passUnretained($0).toOpaque() })
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
