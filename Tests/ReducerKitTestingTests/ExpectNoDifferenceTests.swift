import ReducerKit
import ReducerKitTesting
import Testing
import XCTest

/// `expectNoDifference` and `XCTAssertNoDifference`, as custom-dump has them (TCA exports them):
/// equality with a diff of the dumps when it fails.
@Suite struct ExpectNoDifferenceTests {
  struct User: Equatable {
    var id: Int
    var name: String
  }

  @Test func equalValuesPass() {
    expectNoDifference(User(id: 1, name: "Blob"), User(id: 1, name: "Blob"))
    XCTAssertNoDifference([1, 2], [1, 2])
  }

  @Test func differentValuesFailWithADiffOfTheirDumps() {
    expectIssues {
      expectNoDifference(User(id: 1, name: "Blob"), User(id: 1, name: "Blob, Esq."))
    } matching: { issue in
      message(issue) == """
        "expectNoDifference" found the two values different.

              ExpectNoDifferenceTests.User(
                id: 1,
            −   name: "Blob"
            +   name: "Blob, Esq."
              )

        (First: −, Second: +)

        Make them equal: change the value the test expects, or fix the code that produced the \
        other.
        """
    }
  }

  @Test func theCallersMessageFollowsTheHeadlineAndTheOlderNameIsNamed() {
    expectIssues {
      XCTAssertNoDifference([1, 2], [1, 3], "The rows moved.")
    } matching: { issue in
      message(issue).hasPrefix(
        """
        "XCTAssertNoDifference" found the two values different. The rows moved.

              [
                [0]: 1,
            −   [1]: 2
            +   [1]: 3
              ]
        """)
    }
  }

  @Test func failsWhereItIsCalled() {
    let line = #line + 2
    expectIssues {
      expectNoDifference(1, 2)
    } matching: { issue in
      issue.sourceLocation?.fileName == "ExpectNoDifferenceTests.swift"
        && issue.sourceLocation?.line == line
    }
  }

  /// Equal in their dumps, unequal by their `==`.
  struct Token: Equatable {
    let object = NSObjectLike()
    static func == (lhs: Token, rhs: Token) -> Bool { lhs.object === rhs.object }
  }
  final class NSObjectLike {}

  @Test func valuesUnequalThatDumpAlikeSayWhatToCompare() {
    expectIssues {
      expectNoDifference(Token(), Token())
    } matching: { issue in
      message(issue) == """
        "expectNoDifference" found the two values different, but they dump identically.

            ExpectNoDifferenceTests.Token(object: ExpectNoDifferenceTests.NSObjectLike())

        Their "==" compares something their dump does not show, such as an object's identity or \
        a field a custom dump leaves out. Compare that part of them directly.
        """
    }
  }

  struct Missing: Error {}

  @Test func anExpressionThatThrowsFails() {
    func load() throws -> Int { throw Missing() }
    // NB: in a function of its own: a `try` in a closure makes Swift infer the closure throws.
    func compare() { expectNoDifference(try load(), 1) }
    expectIssues {
      compare()
    } matching: { issue in
      message(issue) == """
        "expectNoDifference" threw an error: ExpectNoDifferenceTests.Missing().

        An expression (or the operation) threw before the values could be compared. Make it \
        succeed, or assert the error with "#expect(throws:)".
        """
    }
  }
}

/// The assertions under XCTest.
final class ExpectNoDifferenceXCTests: XCTestCase {
  func testEqualValuesPass() {
    XCTAssertNoDifference(["a": 1], ["a": 1])
    expectNoDifference("same", "same")
  }
}
