import Foundation

/// Why a load or an operation failed, as a plain value that state can hold and tests can
/// compare.
///
/// Built from any error, keeping its description:
///
/// ```swift
/// state.profile.finish(.failure(URLError(.timedOut)))
/// state.profile.error?.message  // "The operation couldn’t be completed. …"
/// ```
///
/// In tests, write one from a string literal: `.failed("offline", previous: nil)`.
public struct LoadError: Error, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// What went wrong, for people.
  public let message: String

  /// An error with `message`.
  public init(message: String) {
    self.message = message
  }

  /// The error `error`, described: a `LoadError` stays as it is; a `LocalizedError` gives its
  /// `errorDescription`; any other error its `String(describing:)`.
  public init(_ error: any Error) {
    if let loadError = error as? LoadError {
      self = loadError
    } else if let description = (error as? any LocalizedError)?.errorDescription {
      message = description
    } else {
      message = String(describing: error)
    }
  }

  public init(stringLiteral message: String) {
    self.message = message
  }

  public var description: String { message }
}
