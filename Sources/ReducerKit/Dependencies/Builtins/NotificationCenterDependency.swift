import Foundation

extension DependencyValues {
  /// The notification center features post to and observe.
  ///
  /// ```swift
  /// @Dependency(\.notificationCenter) var notificationCenter
  /// notificationCenter.post(name: .userDidSignOut, object: nil)
  /// ```
  ///
  /// `NotificationCenter.default` in an app; in tests, a center of the test's own (made once
  /// per test store, or once for the code a test runs outside one), so tests running in
  /// parallel never see each other's notifications.
  public var notificationCenter: NotificationCenter {
    get { self[NotificationCenterKey.self] }
    set { self[NotificationCenterKey.self] = newValue }
  }
}

private enum NotificationCenterKey: DependencyKey {
  static var liveValue: NotificationCenter { .default }
  static var testValue: NotificationCenter { NotificationCenter() }
}
