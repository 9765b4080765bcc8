import ReducerKit
import ReducerKitTesting
import Testing

struct NumberFactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

extension NumberFactClient: DependencyKey {
  static let liveValue = Self { "\($0) is a number" }
  static let testValue = Self(fetch: unimplemented("NumberFactClient.fetch"))
}

extension DependencyValues {
  var numberFact: NumberFactClient {
    get { self[NumberFactClient.self] }
    set { self[NumberFactClient.self] = newValue }
  }
}

/// The contract's counter feature.
struct Counter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var fact: String?
    var isLoadingFact = false
  }
  enum Action: Sendable {
    case view(View)
    case `internal`(Internal)
    case delegate(Delegate)
    enum View: Sendable { case incrementTapped, factTapped, cancelFactTapped }
    enum Internal: Sendable { case factResponse(Result<String, any Error>) }
    enum Delegate: Sendable, Equatable { case countReachedTen }
  }
  enum CancelID: Hashable, Sendable { case fact }

  @Dependency(\.numberFact) var numberFact

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .view(.incrementTapped):
        state.count += 1
        return state.count == 10 ? .send(.delegate(.countReachedTen)) : .none
      case .view(.factTapped):
        state.isLoadingFact = true
        return .run { [count = state.count, numberFact] send in
          await send(.internal(.factResponse(Result { try await numberFact.fetch(count) })))
        }
        .cancellable(id: CancelID.fact, cancelInFlight: true)
      case .view(.cancelFactTapped):
        state.isLoadingFact = false
        return .cancel(id: CancelID.fact)
      case .internal(.factResponse(.success(let fact))):
        state.isLoadingFact = false
        state.fact = fact
        return .none
      case .internal(.factResponse(.failure)):
        state.isLoadingFact = false
        return .none
      case .delegate:
        return .none
      }
    }
  }
}

/// A timer that ticks on the continuous clock until stopped.
struct Ticker: Reducer {
  struct State: Equatable, Sendable {
    var ticks = 0
    var isRunning = false
  }
  enum Action: Equatable, Sendable { case start, stop, tick }
  enum CancelID: Hashable, Sendable { case timer }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      state.isRunning = true
      return .run { [clock] send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .stop:
      state.isRunning = false
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// Starts many effects at once, each sending one action back.
struct FanOut: Reducer {
  struct State: Equatable, Sendable { var received: [Int] = [] }
  enum Action: Equatable, Sendable {
    case start(Int)
    case done(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start(let count):
      return .merge((0..<count).map { index in .run { send in await send(.done(index)) } })
    case .done(let index):
      state.received.append(index)
      return .none
    }
  }
}

/// Runs `body` and returns the notes of skipped assertions (`showSkippedAssertions`) it produced,
/// instead of recording them as known issues.
@MainActor
func capturedNotes(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: @MainActor () async -> Void
) async -> [String] {
  let issues = await capturedIssues { await body() }
  for issue in issues where !issue.isNote {
    Issue.record(
      Comment(rawValue: issue.message), sourceLocation: issue.sourceLocation ?? sourceLocation)
  }
  return issues.filter(\.isNote).map(\.message)
}
