import Foundation

/// Facts about the running process, read once.
enum ProcessEnvironment {
  static let variables: [String: String] = ProcessInfo.processInfo.environment

  /// A test runner is driving the process: an XCTest bundle (`….xctest`), Swift Testing's
  /// `--testing-library` argument, or Xcode's test configuration.
  static let isRunningTests: Bool = {
    let arguments = CommandLine.arguments
    if let first = arguments.first, first.hasSuffix(".xctest") { return true }
    if arguments.contains("--testing-library") { return true }
    return variables["XCTestConfigurationFilePath"] != nil
      || variables["XCTestBundlePath"] != nil
  }()
}
