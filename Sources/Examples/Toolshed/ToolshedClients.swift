import Foundation
import ReducerKit

/// Signs a member in without a password: a code is sent to their address, and the code signs
/// them in. A struct of closures, so each test says which answers it expects.
public struct SignInClient: Sendable {
  /// Sends a one-time code to `email`.
  public var sendCode: @Sendable (_ email: String) async throws -> CodeChallenge
  /// Checks `code` against the challenge the code was sent for.
  public var verify: @Sendable (_ challenge: CodeChallenge, _ code: String) async throws -> Member

  public init(
    sendCode: @escaping @Sendable (_ email: String) async throws -> CodeChallenge,
    verify: @escaping @Sendable (_ challenge: CodeChallenge, _ code: String) async throws -> Member
  ) {
    self.sendCode = sendCode
    self.verify = verify
  }
}

/// Lends tools: what the shed holds, and borrowing and returning.
public struct LendingClient: Sendable {
  /// The shed's tools, on loan or not.
  public var tools: @Sendable () async throws -> [Tool]
  /// Lends `tool` to `member` for `days` days.
  public var borrow: @Sendable (_ tool: Tool, _ days: Int, _ member: Member) async throws -> Loan
  /// Takes a tool back.
  public var giveBack: @Sendable (_ tool: Tool, _ member: Member) async throws -> Void

  public init(
    tools: @escaping @Sendable () async throws -> [Tool],
    borrow: @escaping @Sendable (_ tool: Tool, _ days: Int, _ member: Member) async throws -> Loan,
    giveBack: @escaping @Sendable (_ tool: Tool, _ member: Member) async throws -> Void
  ) {
    self.tools = tools
    self.borrow = borrow
    self.giveBack = giveBack
  }
}

extension SignInClient: DependencyKey {
  /// The code every demo sign-in accepts.
  public static let demoCode = "2468"

  /// A demo server in memory: any address with an "@" gets a code, and ``demoCode`` is the
  /// code; a code is good for ten minutes (by `\.date`).
  public static var liveValue: SignInClient {
    SignInClient(
      sendCode: { email in
        guard email.contains("@"), !email.hasPrefix("@"), !email.hasSuffix("@") else {
          throw ToolshedError.notAnEmailAddress(email)
        }
        @Dependency(\.date) var date
        let expiry = date.now.addingTimeInterval(600).timeIntervalSince1970
        return CodeChallenge(email: email, token: "\(Int(expiry))")
      },
      verify: { challenge, code in
        @Dependency(\.date) var date
        guard let expiry = Double(challenge.token), date.now.timeIntervalSince1970 < expiry
        else { throw ToolshedError.codeExpired }
        guard code == demoCode else { throw ToolshedError.wrongCode }
        let name = challenge.email.prefix { $0 != "@" }
        return Member(email: challenge.email, name: name.prefix(1).uppercased() + name.dropFirst())
      }
    )
  }

  public static let testValue = SignInClient(
    sendCode: unimplemented("SignInClient.sendCode"),
    verify: unimplemented("SignInClient.verify")
  )
}

extension LendingClient: DependencyKey {
  /// The shed's stock in the demo server.
  public static let demoTools = [
    Tool(id: 1, name: "cordless drill"), Tool(id: 2, name: "ladder"),
    Tool(id: 3, name: "hedge trimmer"), Tool(id: 4, name: "pressure washer"),
  ]

  /// A demo server in memory, shared by everyone using this process: lending a tool on loan
  /// fails, as it would when another member was quicker.
  public static var liveValue: LendingClient {
    let lent = LockIsolated<Set<Tool.ID>>([])
    return LendingClient(
      tools: { demoTools },
      borrow: { tool, days, _ in
        try lent.withValue { lent in
          guard lent.insert(tool.id).inserted else { throw ToolshedError.toolOnLoan(tool) }
        }
        @Dependency(\.date) var date
        return Loan(tool: tool, due: date.now.addingTimeInterval(Double(days) * 86_400))
      },
      giveBack: { tool, _ in _ = lent.withValue { $0.remove(tool.id) } }
    )
  }

  public static let testValue = LendingClient(
    tools: unimplemented("LendingClient.tools"),
    borrow: unimplemented("LendingClient.borrow"),
    giveBack: unimplemented("LendingClient.giveBack")
  )
}

extension DependencyValues {
  /// The passwordless sign-in.
  public var signIn: SignInClient {
    get { self[SignInClient.self] }
    set { self[SignInClient.self] = newValue }
  }

  /// The tool shed's lending desk.
  public var lending: LendingClient {
    get { self[LendingClient.self] }
    set { self[LendingClient.self] = newValue }
  }
}
