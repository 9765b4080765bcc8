import Foundation
import ReducerKit
import ReducerKitTesting
import XCTest

#if os(macOS) || os(Linux)
  /// Checks that test store failures reach XCTest, by running a failing fixture in a child process
  /// (XCTest on Linux has no way to expect a failure in-process).
  final class TestReporterXCTests: XCTestCase {
    static let fixtureVariable = "REDUCERKIT_RUN_FAILING_FIXTURE"

    func testFailuresAreReportedToXCTest() throws {
      guard ProcessInfo.processInfo.environment[Self.fixtureVariable] == nil else { return }
      let binary = CommandLine.arguments[0]
      guard binary.hasSuffix(".xctest") else { throw XCTSkip("Not running as an XCTest bundle.") }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = ["ReducerKitTestingTests.FailingFixtureXCTests"]
      process.environment = ProcessInfo.processInfo.environment.merging([Self.fixtureVariable: "1"])
      {
        $1
      }
      let output = Pipe()
      process.standardOutput = output
      process.standardError = output
      try process.run()
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      XCTAssertNotEqual(process.terminationStatus, 0)
      XCTAssertTrue(
        text.contains("TestReporterXCTests.swift:\(FailingFixtureXCTests.sendLine): error:"),
        text
      )
      XCTAssertTrue(text.contains(#""send" changed state, but the test expected no change."#), text)
      XCTAssertTrue(
        text.contains(
          "TestReporterXCTests.swift:\(FailingFixtureXCTests.expectedIssueLine): error:"),
        text)
      XCTAssertTrue(
        text.contains(
          #""withExpectedIssue" expected an issue (The row was removed), but none was reported."#),
        text)
    }
  }

  /// Fails on purpose; runs only inside ``TestReporterXCTests``' child process.
  final class FailingFixtureXCTests: XCTestCase {
    static let sendLine = #line + 7
    @MainActor
    func testStateChangeWithoutAssertion() async throws {
      guard ProcessInfo.processInfo.environment[TestReporterXCTests.fixtureVariable] != nil else {
        return
      }
      let store = TestStore(initialState: Counter.State()) { Counter() }
      await store.send(.view(.incrementTapped))
    }
  }

  /// Expects an issue that never comes; runs only inside ``TestReporterXCTests``' child process.
  extension FailingFixtureXCTests {
    static let expectedIssueLine = #line + 5
    func testExpectedIssueThatIsNotReported() {
      guard ProcessInfo.processInfo.environment[TestReporterXCTests.fixtureVariable] != nil else {
        return
      }
      withExpectedIssue("The row was removed") {}
    }
  }
#endif
