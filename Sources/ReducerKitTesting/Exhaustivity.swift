/// How strictly a ``TestStore`` checks what a test asserts.
///
/// ```swift
/// store.exhaustivity = .off  // assert only what matters to this test
/// ```
public enum Exhaustivity: Equatable, Sendable {
  /// Every state change must be asserted, every received action received, and every effect
  /// finished by the end of the test. The default.
  case on
  /// Only what an assertion mentions is checked: its closure is applied to the actual state,
  /// unasserted received actions are skipped, and effects may still run at the end. With
  /// `showSkippedAssertions`, what was skipped is reported as known issues: state changes an
  /// assertion did not mention, received actions skipped, effects skipped, and, as TCA does, at
  /// the end of the test (``TestStore/finish(timeout:fileID:filePath:line:column:)`` or the
  /// store's release) the actions never received and the effects still running.
  case off(showSkippedAssertions: Bool)

  /// Non-exhaustive, without reporting what was skipped.
  public static let off = Self.off(showSkippedAssertions: false)
}
