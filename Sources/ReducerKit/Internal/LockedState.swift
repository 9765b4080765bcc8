#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Mutable state behind a pthread mutex.
///
/// NB: not `Synchronization.Mutex`: on Linux its lock is invisible to ThreadSanitizer, which then
/// reports every access through `withLock` as a race (checked with a two-task program on this
/// toolchain). A pthread mutex is intercepted by the sanitizer, so `swift test --sanitize=thread`
/// reports only real races.
package final class LockedState<State>: @unchecked Sendable {
  // NB: @unchecked Sendable: `state` is read and written only while `mutex` is held.
  // NB: unchecked exclusivity: the mutex already makes each access exclusive, and in unspecialized
  // code (a test store's) the runtime's dynamic check cost ~80 instructions on every `withLock`.
  @exclusivity(unchecked) private var state: State
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  package init(_ state: State) {
    self.state = state
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    #if canImport(Glibc)
      // NB: adaptive: a contender spins briefly before sleeping. Critical sections here are
      // short, and effects finishing on worker threads contend with the main actor starting
      // more; parking and waking a thread costs microseconds (two system calls and a switch).
      var attributes = pthread_mutexattr_t()
      pthread_mutexattr_init(&attributes)
      pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
      pthread_mutex_init(mutex, &attributes)
      pthread_mutexattr_destroy(&attributes)
    #else
      pthread_mutex_init(mutex, nil)
    #endif
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the state.
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&state)
  }
}
