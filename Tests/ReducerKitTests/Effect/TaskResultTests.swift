import ReducerKit
import ReducerKitTesting
import Testing

/// Fetches a fact and keeps it, or the failure.
private struct Facts: Reducer {
  struct Failure: Error, Equatable {}
  struct State: Equatable, Sendable { var fact: String? }
  enum Action: Equatable, Sendable {
    case fetch(Int)
    case factResponse(TaskResult<String>)
  }
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .fetch(let number):
      return .run { send in
        await send(
          .factResponse(
            TaskResult {
              guard number >= 0 else { throw Failure() }
              return "\(number) is a good number."
            }))
      }
    case .factResponse(.success(let fact)):
      state.fact = fact
      return .none
    case .factResponse(.failure):
      state.fact = nil
      return .none
    }
  }
}

/// `TaskResult`: a result of any error that actions can carry and tests can compare (TCA's
/// TaskResultTests).
@MainActor
@Suite struct TaskResultTests {
  struct PlainError: Error { let message: String }
  enum CaseError: Error {
    case message(String)
    case other
  }
  enum EquatableError: Error, Equatable {
    case message(String)
    case other
  }
  enum HashableError: Error, Hashable {
    case message(String)
    case other
  }

  @Test func aTestReceivesItsSuccessesAndFailures() async {
    let store = TestStore(initialState: Facts.State()) { Facts() }
    await store.send(.fetch(1))
    await store.receive(.factResponse(.success("1 is a good number."))) {
      $0.fact = "1 is a good number."
    }
    await store.send(.fetch(-1))
    await store.receive(.factResponse(.failure(Facts.Failure()))) { $0.fact = nil }
  }

  @Test func errorsThatAreNotEquatableAreEqualByTypeAndCase() {
    #expect(
      TaskResult<Int>.failure(PlainError(message: "Something went wrong"))
        == .failure(PlainError(message: "Something else went wrong")))
    #expect(
      TaskResult<Int>.failure(CaseError.message("Something went wrong"))
        == .failure(CaseError.message("Something else went wrong")))
    #expect(TaskResult<Int>.failure(CaseError.other) == .failure(CaseError.other))
    #expect(TaskResult<Int>.failure(CaseError.other) != .failure(CaseError.message("Uh oh")))
    #expect(TaskResult<Int>.failure(CaseError.other) != .failure(PlainError(message: "")))
  }

  @Test func equatableErrorsAreComparedWithTheirOwnEquality() {
    #expect(
      TaskResult<Int>.failure(EquatableError.message("Something went wrong"))
        == .failure(EquatableError.message("Something went wrong")))
    #expect(
      TaskResult<Int>.failure(EquatableError.message("Something went wrong"))
        != .failure(EquatableError.message("Something else went wrong")))
    #expect(TaskResult<Int>.failure(EquatableError.other) == .failure(EquatableError.other))
    #expect(TaskResult<Int>.success(1) != .failure(EquatableError.other))
    #expect(TaskResult<Int>.success(1) == .success(1))
  }

  @Test func failuresHashAsTheyCompare() {
    let first = TaskResult<Int>.failure(CaseError.message("Something went wrong"))
    let second = TaskResult<Int>.failure(CaseError.message("Something else went wrong"))
    let byError = Dictionary(
      [(first, 1), (second, 2), (.failure(CaseError.other), 3)], uniquingKeysWith: { $1 })
    #expect(Set(byError.values) == [2, 3])
    #expect(first.hashValue == second.hashValue)

    let hashableFirst = TaskResult<Int>.failure(HashableError.message("Something went wrong"))
    let hashableSecond = TaskResult<Int>.failure(HashableError.message("Something else"))
    let byHashableError = Dictionary(
      [(hashableFirst, 1), (hashableSecond, 2), (.failure(HashableError.other), 3)],
      uniquingKeysWith: { $1 })
    #expect(Set(byHashableError.values) == [1, 2, 3])
  }

  @Test func itConvertsToAndFromResultAndTransformsItsValue() async throws {
    let success = await TaskResult { 21 }
    #expect(try success.value == 21)
    #expect(try success.map { $0 * 2 }.value == 42)
    #expect(
      success.flatMap { _ in TaskResult<Int>.failure(CaseError.other) } == .failure(CaseError.other)
    )
    let failure = await TaskResult<Int> { throw CaseError.other }
    #expect(throws: CaseError.self) { try failure.value }
    #expect(failure.map { $0 * 2 } == .failure(CaseError.other))
    #expect(TaskResult(Result<Int, CaseError>.success(3)) == .success(3))
    #expect(try Result(success).get() == 21)
    #expect(throws: CaseError.self) { try Result(failure).get() }
  }
}
