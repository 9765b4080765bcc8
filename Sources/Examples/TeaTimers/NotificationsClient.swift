import Foundation
import ReducerKit

/// Tells the user, outside the app, that something happened: here, that a tea is ready.
public struct NotificationsClient: Sendable {
  /// Asks the user whether the app may notify them; whether they agreed.
  public var requestPermission: @Sendable () async -> Bool
  /// Shows `message` as a notification. Throws when the system refuses it.
  public var notify: @Sendable (_ message: String) async throws -> Void

  public init(
    requestPermission: @escaping @Sendable () async -> Bool,
    notify: @escaping @Sendable (_ message: String) async throws -> Void
  ) {
    self.requestPermission = requestPermission
    self.notify = notify
  }

  /// Where the user turns notifications back on: the app's page of the system's settings.
  public static let settingsURL = URL(string: "app-settings:notifications")!
}

extension NotificationsClient: DependencyKey {
  /// Linux has no notification center, so the example's live client writes each notification
  /// to standard error with the terminal's bell; an app on Apple platforms would ask the
  /// user notification center here.
  public static let liveValue = NotificationsClient(
    requestPermission: { true },
    notify: { message in
      FileHandle.standardError.write(Data("\u{7}\(message)\n".utf8))
    }
  )

  public static let testValue = NotificationsClient(
    requestPermission: unimplemented("NotificationsClient.requestPermission", placeholder: false),
    notify: unimplemented("NotificationsClient.notify")
  )
}

extension DependencyValues {
  /// The system's notifications.
  public var notifications: NotificationsClient {
    get { self[NotificationsClient.self] }
    set { self[NotificationsClient.self] = newValue }
  }
}
