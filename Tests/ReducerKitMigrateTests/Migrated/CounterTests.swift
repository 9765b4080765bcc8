import ReducerKit
import ReducerKitTesting
import XCTest

@MainActor
final class CounterTests: XCTestCase {
  func testFact() async {
    let clock = TestClock()
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
      $0.numberFact.fetch = { "\($0) is a good number" }
    }
    await store.send(.factTapped)
    await clock.advance(by: .seconds(0.8))
    await store.receive(\.factResponse) { $0.fact = "0 is a good number" }
  }

  func testIncrement() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
    await store.send(.incrementTapped) { $0.count = 1 }
  }
}
