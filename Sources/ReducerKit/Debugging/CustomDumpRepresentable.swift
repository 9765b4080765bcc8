/// A type that chooses how it appears in dumps, diffs and failure messages.
///
/// Return another value to dump in its place, such as a redacted copy or a simpler description:
///
/// ```swift
/// struct Token: CustomDumpRepresentable {
///   var secret: String
///   var customDumpValue: Any { "Token(•••)" }
/// }
/// ```
///
/// A `String` returned here is printed as-is, without quotes.
public protocol CustomDumpRepresentable {
  /// The value to dump instead of `self`.
  var customDumpValue: Any { get }
}

/// Collections that dump their elements keyed by identity (`IdentifiedArray`, `StackState`).
package protocol KeyedDumpCollection {
  /// The type name to print, such as `IdentifiedArray`.
  var dumpTypeName: String { get }
  /// Each element with the key to print before it, such as `id: 3` or `#0`.
  var dumpEntries: [(key: String, value: Any)] { get }
}
