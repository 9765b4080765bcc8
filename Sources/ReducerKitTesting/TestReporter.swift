import Foundation
import ReducerKit
import Testing
import XCTest

/// Called by the C constructor in ReducerKitTestingLoader when the binary loads.
@c(reducerkit_testing_install_reporter)
func installTestReporter() {
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
    if TestRunner.isXCTestPass { return AnyHashableSendable(XCTestGenerations.current) }
    return nil
  }
}

/// Numbers the XCTest test cases as they start, so that each one gets its own shared values
/// (XCTest runs them one at a time).
final class XCTestGenerations: NSObject, XCTestObservation, @unchecked Sendable {
  // NB: @unchecked Sendable: `generation` is read and written only while its lock is held.
  private let generation = LockedState(0)
  private static let shared = XCTestGenerations()
  private static let registered = LockedState(false)

  /// The number of the test case running.
  static var current: Int {
    let register = registered.withLock { registered in
      defer { registered = true }
      return !registered
    }
    if register { XCTestObservationCenter.shared.addTestObserver(shared) }
    return shared.generation.withLock { $0 }
  }

  func testCaseWillStart(_ testCase: XCTestCase) {
    generation.withLock { $0 += 1 }
  }
}

/// Records a failure in the test framework that is running: Swift Testing inside a `@Test`,
/// XCTest inside an `XCTestCase`, standard error anywhere else (a benchmark, a command-line tool).
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
  } else if Test.current == nil, let expected = ExpectedIssues.current {
    expected.record(message, fileID: fileID, filePath: filePath, line: line, column: column)
  } else if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: CallSite(
        fileID: fileID, filePath: filePath, line: line, column: column
      ).sourceLocation
    )
  } else if TestRunner.isXCTestPass {
    XCTFail(message, file: filePath, line: line)
  } else {
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

/// Records something a non-exhaustive test skipped, as a known issue (Swift Testing) or a note on
/// standard error (XCTest on Linux has no expected failures).
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
  } else {
    RuntimeWarnings.writeToStandardError(
      RuntimeWarning(
        message: "(skipped) " + message, fileID: fileID, filePath: filePath, line: line,
        column: column
      )
    )
  }
}

enum TestRunner {
  /// `swift test` runs the test binary once per library; in the XCTest pass, Swift Testing's
  /// `--testing-library swift-testing` argument is absent. (`XCTFail` outside a running
  /// `XCTestCase` is silently dropped on Linux, so this decides where a failure can land.)
  static let isXCTestPass: Bool = {
    let arguments = CommandLine.arguments
    guard let first = arguments.first, first.hasSuffix(".xctest") else { return false }
    return !arguments.contains("swift-testing")
  }()
}

extension CallSite {
  /// The site as Swift Testing takes it.
  var sourceLocation: SourceLocation {
    SourceLocation(
      fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
  }
}
