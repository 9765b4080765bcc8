import Foundation
import ReducerKit

/// Fetches a fact about a number: a struct of closures, so tests replace any endpoint.
public struct NumberFactClient: Sendable {
  /// A fact about the number.
  public var fetch: @Sendable (Int) async throws -> String

  public init(fetch: @escaping @Sendable (Int) async throws -> String) {
    self.fetch = fetch
  }
}

extension NumberFactClient: DependencyKey {
  /// Offline facts, after a short wait, as a network call would take.
  public static let liveValue = NumberFactClient { number in
    try await Task.sleep(for: .milliseconds(300))
    return number.isMultiple(of: 2)
      ? "\(number) is an even number." : "\(number) is an odd number."
  }

  /// Fails the test when called: a test says which facts it expects.
  public static let testValue = NumberFactClient(fetch: unimplemented("NumberFactClient.fetch"))
}

extension DependencyValues {
  /// The client the counter fetches facts with.
  public var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}
