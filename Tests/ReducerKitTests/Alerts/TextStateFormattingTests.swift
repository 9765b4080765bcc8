import ReducerKit
import Testing

/// `TextState` written with formatted interpolations, as TCA code writes it (TCA's `TextState`
/// takes SwiftUI's localized string key, whose interpolations take formatters).
@Suite struct TextStateFormattingTests {
  static let epoch = Date(timeIntervalSince1970: 0)

  static var dateFormatter: DateFormatter {
    let formatter = DateFormatter()
    formatter.dateStyle = .short
    formatter.timeStyle = .none
    formatter.locale = Locale(identifier: "en_US")
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter
  }

  @Test func aDateInterpolatedWithAFormatterReadsAsTheFormatterWritesIt() {
    let text = TextState("Played \(Self.epoch, formatter: Self.dateFormatter)")
    #expect(text.string == "Played 1/1/70")
  }

  @Test func aNumberInterpolatedWithAFormatStyleReadsAsTheStyleWritesIt() {
    let text = TextState("Won \(0.25, format: .percent.locale(Locale(identifier: "en_US")))")
    #expect(text.string == "Won 25%")
  }

  @Test func plainInterpolationsBesideAFormattedOneReadAsInAnyString() {
    let title = "Chess"
    let text = TextState("\(title) on \(Self.epoch, formatter: Self.dateFormatter), \(3) moves")
    #expect(text.string == "Chess on 1/1/70, 3 moves")
  }

  @Test func aFormattedTextEqualsThePlainTextThatReadsTheSame() {
    let formatted = TextState("On \(Self.epoch, formatter: Self.dateFormatter)")
    #expect(formatted == TextState("On 1/1/70"))
    #expect(AlertState<Never>(title: formatted).title == "On 1/1/70")
  }

  @Test func aFormatterThatTakesNoValueOfTheTypeFallsBackToItsDescription() {
    let text = TextState("At \(URL(fileURLWithPath: "/tmp"), formatter: Self.dateFormatter)")
    #expect(text.string == "At file:///tmp/")
  }
}
