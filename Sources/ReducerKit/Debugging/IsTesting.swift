/// Whether the process is running tests (an XCTest bundle, Swift Testing, or Xcode's test
/// configuration): swift-issue-reporting's flag, which TCA exports.
///
/// ```swift
/// static let liveValue: AnalyticsClient = isTesting ? .noop : .firebase
/// ```
///
/// Dependencies already choose their `testValue` in tests (``DependencyValues/context`` is
/// `.test`); reach for this only where no dependency is at hand, such as an app's entry point.
public var isTesting: Bool { ProcessEnvironment.isRunningTests }
