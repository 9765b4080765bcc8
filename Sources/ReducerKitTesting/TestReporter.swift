import Foundation
import ReducerKit
import Testing
import XCTest

/// Called by the C constructor in ReducerKitTestingLoader when the binary loads.
@c(reducerkit_testing_install_reporter)
func installTestReporter() {
  XCTestCases.observe()
  RuntimeWarnings.install { warning in
    recordTestFailure(
      warning.message,
      fileID: warning.fileID,
      filePath: warning.filePath,
      line: warning.line,
      column: warning.column
    )
  }
  SharedPartition.identifyTests {
    if let test = Test.current {
      guard let testCase = Test.Case.current, testCase.isParameterized else {
        return AnyHashableSendable(test.id)
      }
      // NB: the cases of a parameterized test run in parallel like separate tests, and get
      // values of their own. `Test.Case` has no public identity; its description names its
      // arguments (with their ids) and its discriminator, which tell the cases apart.
      return AnyHashableSendable([AnyHashableSendable(test.id), AnyHashableSendable("\(testCase)")])
    }
    if XCTestCases.isRunning || ProcessEnvironment.testRunner == .xcTest {
      return AnyHashableSendable(XCTestCases.generation)
    }
    return nil
  }
}

/// Where a failure is recorded: the test library that is running, told from what the process has
/// (never from its name alone), or standard error outside any test.
package enum FailureDestination: Equatable, Sendable {
  case swiftTesting
  case xcTest
  case standardError

  /// The destination of a failure reported now: Swift Testing when one of its tests is running,
  /// or its runner started the process (an issue outside a test still reaches it); XCTest when
  /// one of its test cases is in progress (its observation center says so), wherever its runner
  /// is (`swift test`, Xcode's `xctest` tool, an app on a device); standard error otherwise,
  /// which includes an XCTest process between test cases, where XCTest drops a failure.
  package static func decide(
    swiftTestingTestIsRunning: Bool, xcTestCaseIsRunning: Bool, runner: TestRunner
  ) -> FailureDestination {
    if swiftTestingTestIsRunning { return .swiftTesting }
    if xcTestCaseIsRunning { return .xcTest }
    return runner == .swiftTesting ? .swiftTesting : .standardError
  }

  /// The destination in this process, now.
  package static var current: FailureDestination {
    decide(
      swiftTestingTestIsRunning: Test.current != nil, xcTestCaseIsRunning: XCTestCases.isRunning,
      runner: ProcessEnvironment.testRunner)
  }
}

/// Follows XCTest's test cases through its observation center: whether one is running, and how
/// many have started (each gets its own shared values; XCTest runs them one at a time).
final class XCTestCases: NSObject, XCTestObservation, @unchecked Sendable {
  // NB: @unchecked Sendable: `state` is read and written only while its lock is held.
  private let state = LockedState((running: 0, started: 0))
  private static let shared = XCTestCases()
  private static let registered = LockedState(false)

  /// Registers with the observation center, once (when the test reporter is installed, as the
  /// test binary loads).
  static func observe() {
    let register = registered.withLock { registered in
      defer { registered = true }
      return !registered
    }
    if register { XCTestObservationCenter.shared.addTestObserver(shared) }
  }

  /// Whether a test case is running now.
  static var isRunning: Bool { shared.state.withLock { $0.running > 0 } }

  /// The number of the test case running (or last run).
  static var generation: Int { shared.state.withLock { $0.started } }

  func testCaseWillStart(_ testCase: XCTestCase) {
    state.withLock {
      $0.running += 1
      $0.started += 1
    }
  }

  func testCaseDidFinish(_ testCase: XCTestCase) {
    state.withLock { $0.running -= 1 }
  }
}

/// Records a failure in the test library that is running (see ``FailureDestination``), at the
/// given place.
package func recordTestFailure(
  _ message: String,
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt
) {
  if let capture = IssueCapture.current {
    capture.append(
      message, isNote: false, fileID: fileID, filePath: filePath, line: line, column: column)
    return
  }
  let destination = FailureDestination.current
  if destination != .swiftTesting, let expected = ExpectedIssues.current {
    expected.record(message, fileID: fileID, filePath: filePath, line: line, column: column)
    return
  }
  switch destination {
  case .swiftTesting:
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: CallSite(
        fileID: fileID, filePath: filePath, line: line, column: column
      ).sourceLocation
    )
  case .xcTest:
    XCTFail(message, file: filePath, line: line)
  case .standardError:
    RuntimeWarnings.writeToStandardError(
      RuntimeWarning(
        message: message, fileID: fileID, filePath: filePath, line: line, column: column
      )
    )
  }
}

/// Records a failure at a captured call site (see ``recordTestFailure(_:fileID:filePath:line:column:)``).
func recordTestFailure(_ message: String, at site: CallSite) {
  recordTestFailure(
    message, fileID: site.fileID, filePath: site.filePath, line: site.line, column: site.column)
}

/// Records something a non-exhaustive test skipped, as a known issue (Swift Testing), an
/// expected failure (XCTest on Apple platforms) or a note on standard error (XCTest on Linux has
/// no expected failures; outside any test).
package func recordTestNote(
  _ message: String,
  fileID: StaticString,
  filePath: StaticString,
  line: UInt,
  column: UInt
) {
  if let capture = IssueCapture.current {
    capture.append(
      message, isNote: true, fileID: fileID, filePath: filePath, line: line, column: column)
  } else if Test.current != nil {
    withKnownIssue {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: CallSite(
          fileID: fileID, filePath: filePath, line: line, column: column
        ).sourceLocation
      )
    }
  } else if FailureDestination.current == .xcTest,
    recordExpectedXCTestFailure(
      message, reason: "Skipped by a non-exhaustive test store", filePath: filePath, line: line)
  {
    return
  } else {
    RuntimeWarnings.writeToStandardError(
      RuntimeWarning(
        message: "(skipped) " + message, fileID: fileID, filePath: filePath, line: line,
        column: column
      )
    )
  }
}

extension CallSite {
  /// The site as Swift Testing takes it.
  var sourceLocation: SourceLocation {
    SourceLocation(
      fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
  }
}
