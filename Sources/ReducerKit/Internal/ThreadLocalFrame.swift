#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A per-thread pointer to a value that lives on the stack of the synchronous scope that set it.
///
/// NB: reducers run synchronously, so the dependencies they see can be published for the duration
/// of the call in a thread-local slot: setting one costs a few nanoseconds, where a task-local
/// binding costs about 100 ns on this platform. Async code cannot run inside such a scope (it
/// would have to suspend), so effects use task-locals instead.
@usableFromInline
struct ThreadLocalFrame<Value>: ~Copyable, Sendable {
  @usableFromInline let key: pthread_key_t

  @usableFromInline
  init() {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    self.key = key
  }

  /// The innermost value published on this thread, if any.
  @inlinable
  var current: UnsafePointer<Value>? {
    pthread_getspecific(key).map { UnsafePointer($0.assumingMemoryBound(to: Value.self)) }
  }

  /// Publishes `value` on this thread while `body` runs.
  @inlinable @inline(__always)
  func with<Result>(_ value: UnsafePointer<Value>, _ body: () throws -> Result) rethrows -> Result {
    let previous = pthread_getspecific(key)
    pthread_setspecific(key, UnsafeRawPointer(value))
    defer { pthread_setspecific(key, previous) }
    return try body()
  }
}
