/// How long the package's own tests wait for a real thread before calling it a hang: a minute,
/// which no busy machine takes for work that is not stuck.
package let hangDeadline = Duration.seconds(60)

/// Whether `condition` holds before ``hangDeadline`` passes, checked every millisecond, for the
/// package's own tests that must wait for work on real threads (the pool, a dispatch queue).
///
/// ```swift
/// #expect(await eventually { cancellations.value == 1_000 }, "still false after a minute: a hang")
/// ```
///
/// NB: a condition, not a duration: the test takes as long as the work does, and fails only when
/// the work never comes.
package func eventually(
  within limit: Duration = hangDeadline, isolation: isolated (any Actor)? = #isolation,
  _ condition: () -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + limit
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}
