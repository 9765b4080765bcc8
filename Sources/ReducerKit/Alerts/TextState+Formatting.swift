import Foundation

extension TextState {
  /// Text from a string literal whose interpolations may be formatted, as in SwiftUI's `Text`:
  ///
  /// ```swift
  /// TextState("Played \(game.date, formatter: dateFormatter)")
  /// TextState("Score: \(score.ratio, format: .percent)")
  /// ```
  ///
  /// The formatting happens when the text is made, so two texts compare equal when they read the
  /// same. A literal without a formatter makes the same text through the initializer that takes a
  /// `String`.
  public init(_ content: FormattedString) {
    self.init(content.string)
  }

  /// A string literal whose interpolations may name a `Formatter` or a `FormatStyle`, for
  /// `TextState("Played \(date, formatter: dateFormatter)")`.
  public struct FormattedString: ExpressibleByStringInterpolation, Sendable {
    /// The text, formatted.
    public let string: String

    public init(stringLiteral value: String) {
      string = value
    }

    public init(stringInterpolation: StringInterpolation) {
      string = stringInterpolation.string
    }

    /// Builds a ``FormattedString`` piece by piece.
    public struct StringInterpolation: StringInterpolationProtocol {
      var string = ""

      public init(literalCapacity: Int, interpolationCount: Int) {
        string.reserveCapacity(literalCapacity + interpolationCount * 8)
      }

      public mutating func appendLiteral(_ literal: String) {
        string += literal
      }

      /// A value as `String(describing:)` writes it, as in any string.
      public mutating func appendInterpolation<Value>(_ value: Value) {
        string += String(describing: value)
      }

      /// A value as `formatter` writes it (`\(date, formatter: dateFormatter)`), or as
      /// `String(describing:)` does when the formatter does not take values of its type.
      ///
      /// NB: any subject, not only a `ReferenceConvertible` one as in SwiftUI: on Linux `Date`
      /// and its kin are not reference-convertible, and formatters take them regardless.
      public mutating func appendInterpolation<Subject>(
        _ subject: Subject, formatter: Formatter
      ) {
        string += formatter.string(for: subject) ?? String(describing: subject)
      }

      /// A value as `format` writes it (`\(ratio, format: .percent)`).
      public mutating func appendInterpolation<Format: FormatStyle>(
        _ input: Format.FormatInput, format: Format
      ) where Format.FormatOutput == String {
        string += format.format(input)
      }
    }
  }
}
