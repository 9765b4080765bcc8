import Foundation
import ReducerKit

/// A member of the tool library, known once signed in.
public struct Member: Equatable, Sendable {
  public var email: String
  public var name: String

  public init(email: String, name: String) {
    self.email = email
    self.name = name
  }
}

/// A tool on the shed's shelves.
public struct Tool: Equatable, Identifiable, Sendable {
  public var id: Int
  public var name: String

  public init(id: Int, name: String) {
    self.id = id
    self.name = name
  }
}

/// A tool a member has borrowed, and when it is due back.
public struct Loan: Equatable, Identifiable, Sendable {
  public var tool: Tool
  public var due: Date

  /// A tool is lent to one member at a time, so a loan is known by its tool.
  public var id: Tool.ID { tool.id }

  public init(tool: Tool, due: Date) {
    self.tool = tool
    self.due = due
  }
}

/// What the first step of signing in gives back: the code was sent, and the server will know
/// which request a code answers by this token.
public struct CodeChallenge: Equatable, Sendable {
  public var email: String
  public var token: String

  public init(email: String, token: String) {
    self.email = email
    self.token = token
  }
}

/// Why the server turned a request down. Each case says, in its message, what to do next.
public enum ToolshedError: Error, Equatable, Sendable {
  case notAnEmailAddress(String)
  case wrongCode
  case codeExpired
  case toolOnLoan(Tool)
  case offline

  /// A sentence for an alert.
  public var message: String {
    switch self {
    case .notAnEmailAddress(let text): "“\(text)” is not an email address. Check it and try again."
    case .wrongCode: "That code is not the one we sent. Check the message and type it again."
    case .codeExpired: "That code has expired."
    case .toolOnLoan(let tool): "Someone else has just borrowed the \(tool.name)."
    case .offline: "The tool shed cannot be reached. Try again in a moment."
    }
  }
}
