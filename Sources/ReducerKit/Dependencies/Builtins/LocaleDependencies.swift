import Foundation

extension DependencyValues {
  /// The calendar for date arithmetic.
  ///
  /// Live: `Calendar.autoupdatingCurrent`. In tests, a Gregorian calendar in UTC, so results do
  /// not depend on the machine that runs them.
  public var calendar: Calendar {
    get { self[CalendarKey.self] }
    set { self[CalendarKey.self] = newValue }
  }

  /// The locale for formatting.
  ///
  /// Live: `Locale.autoupdatingCurrent`. In tests, `en_US_POSIX`.
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }

  /// The time zone for calendar computations and formatting.
  ///
  /// Live: `TimeZone.autoupdatingCurrent`. In tests, UTC.
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }
}

private enum CalendarKey: DependencyKey {
  static var liveValue: Calendar { .autoupdatingCurrent }
  static var testValue: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0)!
    calendar.locale = Locale(identifier: "en_US_POSIX")
    return calendar
  }
}

private enum LocaleKey: DependencyKey {
  static var liveValue: Locale { .autoupdatingCurrent }
  static var testValue: Locale { Locale(identifier: "en_US_POSIX") }
}

private enum TimeZoneKey: DependencyKey {
  static var liveValue: TimeZone { .autoupdatingCurrent }
  static var testValue: TimeZone { TimeZone(secondsFromGMT: 0)! }
}
