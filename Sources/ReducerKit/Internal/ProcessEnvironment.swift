import Foundation

/// Facts about the running process, read once.
package enum ProcessEnvironment {
  package static let variables: [String: String] = ProcessInfo.processInfo.environment

  /// A test runner is driving the process (see ``isRunningTests(arguments:environment:)``).
  package static let isRunningTests = isRunningTests(
    arguments: CommandLine.arguments, environment: variables)

  /// Whether a process started with `arguments` and `environment` runs tests: an XCTest bundle
  /// (`….xctest`), Swift Testing's `--testing-library` argument, or Xcode's test configuration.
  package static func isRunningTests(arguments: [String], environment: [String: String]) -> Bool {
    if let first = arguments.first, first.hasSuffix(".xctest") { return true }
    if arguments.contains("--testing-library") { return true }
    return environment["XCTestConfigurationFilePath"] != nil
      || environment["XCTestBundlePath"] != nil
  }
}
