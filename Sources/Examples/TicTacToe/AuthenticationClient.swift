import Foundation
import ReducerKit

/// What a successful login or second factor returns: a token, and whether a second factor is
/// still needed before the player is signed in.
public struct AuthenticationResponse: Equatable, Sendable {
  public var token: String
  public var twoFactorRequired: Bool

  public init(token: String, twoFactorRequired: Bool) {
    self.token = token
    self.twoFactorRequired = twoFactorRequired
  }
}

/// Why a login or a second factor was refused.
public enum AuthenticationError: Equatable, LocalizedError, Sendable {
  case invalidUserPassword
  case invalidTwoFactor
  case invalidIntermediateToken

  public var errorDescription: String? {
    switch self {
    case .invalidUserPassword: "Unknown user or wrong password."
    case .invalidTwoFactor: "Wrong two-factor code."
    case .invalidIntermediateToken: "The login expired. Log in again."
    }
  }
}

/// Signs a player in: a password, then, for some accounts, a code. A struct of closures, so a
/// test replaces each endpoint with the answer it needs.
public struct AuthenticationClient: Sendable {
  /// Checks an email and password; the response says whether a code must follow.
  public var login:
    @Sendable (_ email: String, _ password: String) async throws
      -> AuthenticationResponse
  /// Checks the code sent for the token a login returned.
  public var twoFactor:
    @Sendable (_ code: String, _ token: String) async throws
      -> AuthenticationResponse

  public init(
    login:
      @escaping @Sendable (_ email: String, _ password: String) async throws
      -> AuthenticationResponse,
    twoFactor:
      @escaping @Sendable (_ code: String, _ token: String) async throws
      -> AuthenticationResponse
  ) {
    self.login = login
    self.twoFactor = twoFactor
  }
}

extension AuthenticationClient: DependencyKey {
  /// A demo server, after the wait of a network call (on `\.continuousClock`): any address
  /// with the password "password" signs in; one that contains "2fa" then asks for the code
  /// "1234".
  public static let liveValue = AuthenticationClient(
    login: { email, password in
      @Dependency(\.continuousClock) var clock
      try await clock.sleep(for: .milliseconds(500))
      guard email.contains("@"), password == "password" else {
        throw AuthenticationError.invalidUserPassword
      }
      return AuthenticationResponse(token: "deadbeef", twoFactorRequired: email.contains("2fa"))
    },
    twoFactor: { code, token in
      @Dependency(\.continuousClock) var clock
      try await clock.sleep(for: .milliseconds(500))
      guard token == "deadbeef" else { throw AuthenticationError.invalidIntermediateToken }
      guard code == "1234" else { throw AuthenticationError.invalidTwoFactor }
      return AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: false)
    }
  )

  /// Fails the test at the endpoint it calls: a test says which answers it expects.
  public static let testValue = AuthenticationClient(
    login: unimplemented("AuthenticationClient.login"),
    twoFactor: unimplemented("AuthenticationClient.twoFactor")
  )
}

extension DependencyValues {
  /// The client that signs players in.
  public var authenticationClient: AuthenticationClient {
    get { self[AuthenticationClient.self] }
    set { self[AuthenticationClient.self] = newValue }
  }
}
