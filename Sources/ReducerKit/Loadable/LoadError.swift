import Foundation

/// Why a load or an operation failed, as a plain value that state can hold and tests can
/// compare.
///
/// Built from any error, keeping its description, a code, and the underlying error's own
/// description:
///
/// ```swift
/// state.profile.finish(.failure(URLError(.timedOut)))
/// state.profile.error?.message     // "The operation couldn’t be completed. …"
/// state.profile.error?.code        // "NSURLErrorDomain.-1001"
/// ```
///
/// In tests, write one from a string literal: `.failed("offline", previous: nil)`. Equality,
/// hashing and dumps use the message alone (the code and underlying description are details
/// for logs), so a literal equals the error a reducer built from the same message.
public struct LoadError: Error, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// What went wrong, for people.
  public let message: String
  /// A stable name for the kind of failure (for analytics, or to decide what to show): the
  /// error's domain and code for a Foundation error, its type and case otherwise; `nil` for an
  /// error built from a message.
  public let code: String?
  /// How the underlying error describes itself (`String(describing:)`), when it says more than
  /// `message`; `nil` otherwise.
  public let underlyingDescription: String?

  /// An error with `message` (and optionally a code).
  public init(message: String, code: String? = nil) {
    self.message = message
    self.code = code
    underlyingDescription = nil
  }

  /// The error `error`, described: a `LoadError` stays as it is; a `LocalizedError` gives its
  /// `errorDescription` as the message; any other error its `String(describing:)`.
  public init(_ error: any Error) {
    if let loadError = error as? LoadError {
      self = loadError
      return
    }
    let described = String(describing: error)
    message = (error as? any LocalizedError)?.errorDescription ?? described
    underlyingDescription = described == message ? nil : described
    code = Self.code(of: error)
  }

  public init(stringLiteral message: String) {
    self.init(message: message)
  }

  public var description: String { message }

  /// Equal when the messages are.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.message == rhs.message
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(message)
  }

  /// A stable name for `error`: `domain.code` for errors bridged from Foundation, the type and
  /// case (`MyError.offline`) for Swift enums, the type otherwise.
  private static func code(of error: any Error) -> String {
    let type = String(reflecting: Swift.type(of: error))
    func caseName<E: Error>(_ error: E) -> String? {
      EnumLayout.of(E.self)?.destructure(error).name
    }
    if let name = caseName(error) { return "\(type).\(name)" }
    let bridged = error as NSError
    if bridged.domain != type, !bridged.domain.isEmpty, !bridged.domain.hasSuffix(type) {
      return "\(bridged.domain).\(bridged.code)"
    }
    return type
  }
}

extension LoadError: CustomDumpRepresentable {
  public var customDumpValue: Any { message }
}
