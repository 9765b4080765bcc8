#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a test store's `send` was written, while that `send` reduces synchronously: a warning
/// about an action the test sent (a child action for a removed row) points there, at the line
/// the test author can change, and says that the test sent it.
///
/// NB: kept with the thread that set it, and read only on that thread: a reducer called on
/// another thread meanwhile (a test alongside calling `reduce` directly) must not take it for its
/// own. Set only by ReducerKitTesting; a store outside tests never pays for it.
package enum TestSendSite {
  private static let state = LockedState<(thread: pthread_t, site: SourceSite)?>(nil)

  /// Runs `body` (a test store's synchronous `send`) with `site` as the current test send.
  package static func with<Result>(_ site: SourceSite, _ body: () -> Result) -> Result {
    let previous = state.withLock { current in
      defer { current = (pthread_self(), site) }
      return current
    }
    defer { state.withLock { $0 = previous } }
    return body()
  }

  /// The site of the test's `send` this thread is reducing, if any.
  package static var current: SourceSite? {
    state.withLock { current in
      guard let current, pthread_equal(current.thread, pthread_self()) != 0 else { return nil }
      return current.site
    }
  }
}
