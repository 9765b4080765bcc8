import ReducerKit
import ReducerKitTesting
import Testing
import XCTest

/// Where a failure goes is decided from what the process has: whether a Swift Testing test or an
/// XCTest test case is running, and what started the process (its arguments and environment).
/// Each runner below is given as it starts a test process; the comment says where the values
/// come from.
@Suite struct FailureDestinationTests {
  struct Launch: Sendable, CustomTestStringConvertible {
    let runner: String
    let arguments: [String]
    let environment: [String: String]
    let expected: TestRunner
    var testDescription: String { runner }
  }

  static let launches: [Launch] = [
    // SwiftPM on Linux runs the test bundle, an executable, once per library (checked on this
    // machine: argv[0] is the bundle; Swift Testing's pass adds `--testing-library swift-testing`).
    Launch(
      runner: "swift test on Linux, XCTest's pass",
      arguments: ["/work/app/.build/x86_64-unknown-linux-gnu/debug/AppPackageTests.xctest"],
      environment: ["HOME": "/root"], expected: .xcTest),
    Launch(
      runner: "swift test on Linux, Swift Testing's pass",
      arguments: [
        "/work/app/.build/x86_64-unknown-linux-gnu/debug/AppPackageTests.xctest",
        "--testing-library", "swift-testing",
      ], environment: ["HOME": "/root"], expected: .swiftTesting),
    // SwiftPM on macOS runs XCTest's `xctest` tool with the bundle as its argument, and Swift
    // Testing through `swiftpm-testing-helper` with the bundle's executable (SwiftPM's
    // `swift test` implementation).
    Launch(
      runner: "swift test on macOS, XCTest's pass",
      arguments: [
        "/Applications/Xcode.app/Contents/Developer/usr/bin/xctest",
        "/Users/me/app/.build/arm64-apple-macosx/debug/AppPackageTests.xctest",
      ], environment: ["HOME": "/Users/me"], expected: .xcTest),
    Launch(
      runner: "swift test on macOS, Swift Testing's pass",
      arguments: [
        "/Applications/Xcode.app/Contents/Developer/usr/bin/swiftpm-testing-helper",
        "--test-bundle-path",
        "/Users/me/app/.build/arm64-apple-macosx/debug/AppPackageTests.xctest/Contents/MacOS/AppPackageTests",
        "--testing-library", "swift-testing",
      ], environment: ["HOME": "/Users/me"], expected: .swiftTesting),
    // `xcodebuild test` (and Xcode) run an unhosted bundle in the `xctest` agent and give it the
    // test configuration in its environment (Xcode's test plans; the variables swift-issue-
    // reporting and TCA read for the same decision).
    Launch(
      runner: "xcodebuild test through the xctest agent",
      arguments: [
        "/Applications/Xcode.app/Contents/Developer/Platforms/MacOSX.platform/Developer/Library/Xcode/Agents/xctest"
      ],
      environment: [
        "XCTestConfigurationFilePath": "/var/folders/x/T/AppTests-1.xctestconfiguration",
        "XCTestBundlePath": "/Users/me/DerivedData/App/Build/Products/Debug/AppTests.xctest",
        "XCTestSessionIdentifier": "6A1F3C2E-0000-0000-0000-000000000000",
      ], expected: .xcTest),
    // A bundle hosted in an app on a simulator or device: the app is the program, and Xcode
    // injects the bundle (XCInjectBundleInto) with the same configuration variables.
    Launch(
      runner: "a test hosted in an app on a simulator",
      arguments: [
        "/Users/me/Library/Developer/CoreSimulator/Devices/1/data/Containers/Bundle/Application/2/App.app/App"
      ],
      environment: [
        "XCTestConfigurationFilePath": "/tmp/AppTests-1.xctestconfiguration",
        "XCTestBundlePath": "/tmp/App.app/PlugIns/AppTests.xctest",
        "XCInjectBundleInto": "/tmp/App.app/App",
      ], expected: .xcTest),
    // Swift Testing inside Xcode runs in the same agent process as XCTest: the environment says
    // XCTest, and a running `@Test` (Test.current) decides for Swift Testing below.
    Launch(
      runner: "Swift Testing under Xcode",
      arguments: [
        "/Applications/Xcode.app/Contents/Developer/Platforms/MacOSX.platform/Developer/Library/Xcode/Agents/xctest"
      ],
      environment: ["XCTestSessionIdentifier": "6A1F3C2E-0000-0000-0000-000000000000"],
      expected: .xcTest),
    // An app or a command-line tool, without any of the above.
    Launch(
      runner: "a plain executable", arguments: ["/work/app/.build/debug/todos", "--verbose"],
      environment: ["HOME": "/root", "PATH": "/usr/bin"], expected: .none),
  ]

  @Test(arguments: launches)
  func tellsTheRunnerFromItsArgumentsAndEnvironment(_ launch: Launch) {
    #expect(
      TestRunner.of(arguments: launch.arguments, environment: launch.environment) == launch.expected
    )
  }

  @Test func aRunningTestDecidesFirst() {
    // A `@Test` running decides for Swift Testing, whatever started the process (Xcode runs
    // both libraries in one process).
    for runner in [TestRunner.xcTest, .swiftTesting, .none] {
      #expect(
        FailureDestination.decide(
          swiftTestingTestIsRunning: true, xcTestCaseIsRunning: false, runner: runner)
          == .swiftTesting)
      #expect(
        FailureDestination.decide(
          swiftTestingTestIsRunning: false, xcTestCaseIsRunning: true, runner: runner)
          == .xcTest)
    }
  }

  @Test func withNoTestRunningTheRunnerDecides() {
    // Swift Testing records an issue outside any test; XCTest drops a failure outside a test
    // case, so there it goes to standard error, as it does outside any runner.
    #expect(
      FailureDestination.decide(
        swiftTestingTestIsRunning: false, xcTestCaseIsRunning: false, runner: .swiftTesting)
        == .swiftTesting)
    #expect(
      FailureDestination.decide(
        swiftTestingTestIsRunning: false, xcTestCaseIsRunning: false, runner: .xcTest)
        == .standardError)
    #expect(
      FailureDestination.decide(
        swiftTestingTestIsRunning: false, xcTestCaseIsRunning: false, runner: .none)
        == .standardError)
  }

  @Test func thisProcessIsSwiftTestingsPass() {
    #expect(ProcessEnvironment.testRunner == .swiftTesting)
  }
}

/// In XCTest's pass of `swift test`, while a test case runs, its observation center says so.
final class FailureDestinationXCTests: XCTestCase {
  func testFailuresGoToXCTestWhileATestCaseRuns() {
    XCTAssertEqual(ProcessEnvironment.testRunner, .xcTest)
    XCTAssertEqual(FailureDestination.current, .xcTest)
  }
}
