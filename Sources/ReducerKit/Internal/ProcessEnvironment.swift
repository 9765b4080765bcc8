import Foundation

/// Facts about the running process, read once.
package enum ProcessEnvironment {
  package static let variables: [String: String] = ProcessInfo.processInfo.environment

  /// The test library whose runner started the process, if any (see ``TestRunner/of(arguments:environment:)``).
  package static let testRunner = TestRunner.of(
    arguments: CommandLine.arguments, environment: variables)

  /// A test runner is driving the process.
  package static var isRunningTests: Bool { testRunner != .none }

  /// Whether a process started with `arguments` and `environment` runs tests.
  package static func isRunningTests(arguments: [String], environment: [String: String]) -> Bool {
    TestRunner.of(arguments: arguments, environment: environment) != .none
  }
}

/// Which test library's runner started a process, told from what the process was given: its
/// arguments and environment. (Whether a test is running *now* is for the test libraries to say:
/// Swift Testing's `Test.current`, XCTest's observation center.)
package enum TestRunner: Equatable, Sendable {
  /// An XCTest bundle: `swift test`'s XCTest pass, Xcode's `xctest` tool, a bundle hosted in an
  /// app on a device or simulator.
  case xcTest
  /// Swift Testing's own pass of `swift test`.
  case swiftTesting
  /// No test runner: an app, a command-line tool, a benchmark.
  case none

  /// The runner that started a process with `arguments` and `environment`:
  ///
  /// - Swift Testing's pass names the library: `--testing-library swift-testing` (`swift test`
  ///   runs the bundle, or on macOS `swiftpm-testing-helper`, with it).
  /// - Xcode gives every test process, hosted or not, its test configuration in the environment
  ///   (`XCTestConfigurationFilePath`, `XCTestBundlePath`, `XCTestSessionIdentifier`).
  /// - Otherwise an XCTest bundle is the program (`swift test` on Linux runs the `.xctest`
  ///   executable) or its argument (`xctest path/to/Bundle.xctest` on macOS).
  package static func of(arguments: [String], environment: [String: String]) -> TestRunner {
    if let index = arguments.firstIndex(of: "--testing-library"),
      arguments.index(after: index) < arguments.endIndex,
      arguments[arguments.index(after: index)] == "swift-testing"
    {
      return .swiftTesting
    }
    let xcodeVariables = [
      "XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier",
    ]
    if xcodeVariables.contains(where: { environment[$0] != nil }) { return .xcTest }
    if let program = arguments.first {
      if program.hasSuffix(".xctest") || program.hasSuffix("/xctest") || program == "xctest" {
        return .xcTest
      }
    }
    if arguments.dropFirst().contains(where: { $0.hasSuffix(".xctest") }) { return .xcTest }
    return .none
  }
}
