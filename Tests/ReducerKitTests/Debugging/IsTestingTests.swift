import ReducerKit
import Testing

/// `isTesting`, as swift-issue-reporting has it (TCA exports it).
@Suite struct IsTestingTests {
  @Test func isTrueInATestRun() {
    #expect(isTesting)
  }

  @Test func tellsTestRunnersFromAnApp() {
    func detects(_ arguments: [String], _ environment: [String: String] = [:]) -> Bool {
      ProcessEnvironment.isRunningTests(arguments: arguments, environment: environment)
    }
    #expect(detects(["/build/debug/AppPackageTests.xctest"]))
    #expect(detects(["/build/debug/AppPackageTests", "--testing-library", "swift-testing"]))
    #expect(detects(["/Applications/App"], ["XCTestConfigurationFilePath": "/tmp/a.xctestconfig"]))
    #expect(detects(["/Applications/App"], ["XCTestBundlePath": "/tmp/AppTests.xctest"]))
    #expect(!detects(["/usr/local/bin/app", "--verbose"], ["HOME": "/root"]))
  }
}
