import ComposableArchitecture
import XCTest

@MainActor
final class CounterTests: XCTestCase {
  func testFact() async {
    let mainQueue = DispatchQueue.test
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.mainQueue = mainQueue.eraseToAnyScheduler()
      $0.numberFact.fetch = { "\($0) is a good number" }
    }
    await store.send(.factTapped)
    await mainQueue.advance(by: 0.8)
    await store.receive(\.factResponse) { $0.fact = "0 is a good number" }
  }

  func testIncrement() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.mainQueue = .immediate
    }
    await store.send(.incrementTapped) { $0.count = 1 }
  }
}
