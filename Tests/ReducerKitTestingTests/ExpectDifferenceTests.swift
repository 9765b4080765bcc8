import ReducerKit
import ReducerKitTesting
import Testing

/// `expectDifference` and `XCTAssertDifference`, as custom-dump has them (TCA exports them): a
/// test store's assertion closure for any value.
@Suite struct ExpectDifferenceTests {
  struct Counter: Equatable {
    var count = 0
    var isOdd = false
    mutating func increment() {
      count += 1
      isOdd.toggle()
    }
  }

  @Test func passesWhenTheChangesDescribeWhatTheOperationDid() {
    var counter = Counter()
    expectDifference(counter) {
      counter.increment()
    } changes: {
      $0.count = 1
      $0.isOdd = true
    }
    XCTAssertDifference(counter) {
      counter.increment()
    } changes: {
      $0.count = 2
      $0.isOdd = false
    }
  }

  @Test func failsOnAChangeTheChangesLeaveOut() {
    var counter = Counter()
    expectIssues {
      expectDifference(counter) {
        counter.increment()
      } changes: {
        $0.count = 1
      }
    } matching: { issue in
      message(issue) == """
        "expectDifference" found the two values different.

              ExpectDifferenceTests.Counter(
                count: 1,
            −   isOdd: false
            +   isOdd: true
              )

        (Expected: −, Actual: +)

        The expected value is the value before the operation, changed by "changes". Make \
        "changes" describe what the operation did, or fix the operation.
        """
    }
  }

  @Test func withoutAnOperationOnlyWhatTheChangesSetIsChecked() {
    var counter = Counter()
    counter.increment()
    // NB: the expected value starts from the value as it is now, so `isOdd` is not asserted.
    expectDifference(counter) { $0.count = 1 }
    expectIssues {
      expectDifference(counter) { $0.count = 2 }
    }
  }

  @MainActor
  @Test func anAsynchronousOperationIsAwaited() async {
    let model = Model()
    await expectDifference(model.state) {
      await model.refresh()
    } changes: {
      $0.items = ["milk"]
    }
    await expectIssues {
      await expectDifference(model.state) {
        await model.refresh()
      } changes: {
        $0.items = ["milk"]
      }
    }
  }

  struct Broken: Error {}

  @Test func anOperationThatThrowsFails() {
    expectIssues {
      expectDifference(Counter()) {
        throw Broken()
      } changes: {
        $0.count = 1
      }
    } matching: { issue in
      message(issue).hasPrefix(
        #""expectDifference" threw an error: ExpectDifferenceTests.Broken()."#)
    }
  }

  @MainActor
  final class Model {
    struct State: Equatable { var items: [String] = [] }
    var state = State()
    func refresh() async {
      await Task.yield()
      state.items.append("milk")
    }
  }
}
