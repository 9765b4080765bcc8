import ReducerKit
import ReducerKitTesting
import XCTest

/// The test store under XCTest: failures go to XCTest, time and effects behave the same.
final class TestStoreXCTests: XCTestCase {
  @MainActor
  func testCounterFact() async {
    let store = TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.numberFact.fetch = { "\($0) is a good number" }
    }
    await store.send(.view(.incrementTapped)) { $0.count = 1 }
    await store.send(.view(.factTapped)) { $0.isLoadingFact = true }
    await store.receive(\.internal.factResponse.success, "1 is a good number") {
      $0.isLoadingFact = false
      $0.fact = "1 is a good number"
    }
  }

  @MainActor
  func testTimerOnATestClock() async {
    let clock = TestClock()
    let store = TestStore(initialState: Ticker.State()) {
      Ticker()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.start) { $0.isRunning = true }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.send(.stop) { $0.isRunning = false }
    await store.finish()
  }
}
