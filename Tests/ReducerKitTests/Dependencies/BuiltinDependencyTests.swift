import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

@Suite struct BuiltinDependencyTests {
  @Test func incrementingUUIDsCountFromZeroPerGenerator() {
    let generator = UUIDGenerator.incrementing
    #expect(generator().uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(generator().uuidString == "00000000-0000-0000-0000-000000000001")
    for _ in 2..<255 { _ = generator() }
    #expect(generator().uuidString == "00000000-0000-0000-0000-0000000000FF")
    #expect(UUIDGenerator.incrementing().uuidString == "00000000-0000-0000-0000-000000000000")
  }

  @Test func uuidsFromIntegersMatchTheIncrementingGenerator() {
    let generator = UUIDGenerator.incrementing
    #expect(UUID(0) == generator())
    #expect(UUID(1) == generator())
    #expect(UUID(255).uuidString == "00000000-0000-0000-0000-0000000000FF")
  }

  @Test func constantGeneratorsRepeatTheirValue() {
    let uuid = UUID()
    #expect(UUIDGenerator.constant(uuid)() == uuid)
    let date = Date(timeIntervalSince1970: 1_000)
    #expect(DateGenerator.constant(date).now == date)
    #expect(DateGenerator.constant(date)() == date)
  }

  @Test func settingNowMakesTheDateConstant() {
    let date = withDependencies {
      $0.date.now = Date(timeIntervalSince1970: 5)
    } operation: {
      @Dependency(\.date) var date
      return (date.now, date())
    }
    #expect(date.0 == Date(timeIntervalSince1970: 5))
    #expect(date.1 == Date(timeIntervalSince1970: 5))
  }

  @Test func testValuesOfUUIDAndDateFailWhenUsed() {
    @Dependency(\.uuid) var uuid
    @Dependency(\.date) var date
    expectIssues {
      _ = uuid()
      _ = date.now
    } matching: { issue in
      let text = issue.comments.first?.rawValue ?? ""
      return text.hasPrefix(#"Unimplemented: "@Dependency(\.uuid)" was called."#)
        || text.hasPrefix(#"Unimplemented: "@Dependency(\.date)" was called."#)
    }
  }

  @Test func testValuesOfClocksFailWhenUsed() async throws {
    @Dependency(\.continuousClock) var clock
    @Dependency(\.suspendingClock) var suspendingClock
    try await expectIssues {
      try await clock.sleep(for: .seconds(1))
      try await suspendingClock.sleep(for: .seconds(1))
    } matching: { issue in
      let text = issue.comments.first?.rawValue ?? ""
      return text.hasPrefix(#"Unimplemented: the clock "continuousClock" was asked to sleep."#)
        || text.hasPrefix(#"Unimplemented: the clock "suspendingClock" was asked to sleep."#)
    }
  }

  @Test func calendarLocaleAndTimeZoneAreFixedInTests() {
    @Dependency(\.calendar) var calendar
    @Dependency(\.locale) var locale
    @Dependency(\.timeZone) var timeZone
    #expect(calendar.identifier == .gregorian)
    #expect(calendar.timeZone.secondsFromGMT() == 0)
    #expect(locale.identifier == "en_US_POSIX")
    #expect(timeZone.secondsFromGMT() == 0)
  }

  @Test func seededRandomNumberGeneratorsAreReproducible() {
    let first = WithRandomNumberGenerator(seed: 42)
    let second = WithRandomNumberGenerator(seed: 42)
    let rolls = (0..<10).map { _ in first { Int.random(in: 1...6, using: &$0) } }
    #expect(rolls == (0..<10).map { _ in second { Int.random(in: 1...6, using: &$0) } })
    @Dependency(\.withRandomNumberGenerator) var random
    expectIssues {
      _ = random { Int.random(in: 1...6, using: &$0) }
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #"Unimplemented: "@Dependency(\.withRandomNumberGenerator)" was called."#
      ) ?? false
    }
  }

  @Test func liveValuesAreTheSystemOnes() {
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.uuid) var uuid
      @Dependency(\.date) var date
      #expect(uuid() != uuid())
      #expect(abs(date.now.timeIntervalSinceNow) < 60)
      @Dependency(\.continuousClock) var clock
      #expect(clock is ContinuousClock)
    }
  }

  @Test func contextIsDetectedAsTestUnderATestRunner() {
    @Dependency(\.context) var context
    #expect(context == .test)
  }

  @Test func eachTestHasANotificationCenterOfItsOwn() {
    @Dependency(\.notificationCenter) var center
    @Dependency(\.notificationCenter) var again
    #expect(center !== NotificationCenter.default)
    #expect(center === again)
    let name = Notification.Name("BuiltinDependencyTests.ping")
    let received = LockIsolated(0)
    let observer = center.addObserver(forName: name, object: nil, queue: nil) { _ in
      received.withValue { $0 += 1 }
    }
    defer { center.removeObserver(observer) }
    NotificationCenter.default.post(name: name, object: nil)
    #expect(received.value == 0)
    center.post(name: name, object: nil)
    #expect(received.value == 1)
    withDependencies {
      $0.context = .live
    } operation: {
      @Dependency(\.notificationCenter) var live
      #expect(live === NotificationCenter.default)
    }
  }
}
