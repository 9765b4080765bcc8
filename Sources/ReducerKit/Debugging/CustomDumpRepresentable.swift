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

/// A wrapper that dumps as the value it holds, a text quoted as any other (`@Shared var name`
/// dumps `name: "Ada"`), not as a text of its own.
protocol DumpsAsItsValue: CustomDumpRepresentable {}

/// A type that appears in dumps, diffs and failure messages as a text of its own, printed
/// as-is (as custom-dump's protocol of this name, which TCA exports).
///
/// ```swift
/// struct Password: CustomDumpStringConvertible {
///   var text: String
///   var customDumpDescription: String { "Password(•••)" }
/// }
/// ```
public protocol CustomDumpStringConvertible {
  /// The text to print for `self`.
  var customDumpDescription: String { get }
}

/// A type that appears in dumps, diffs and failure messages through a mirror of its own: the
/// children to print, and whether as a struct, class, enum, tuple or collection (as
/// custom-dump's protocol of this name, which TCA exports).
///
/// ```swift
/// struct Session: CustomDumpReflectable {
///   var user: User
///   var token: String
///   var customDumpMirror: Mirror {
///     Mirror(self, children: ["user": user], displayStyle: .struct)  // the token left out
///   }
/// }
/// ```
public protocol CustomDumpReflectable {
  /// The mirror to read `self` through.
  var customDumpMirror: Mirror { get }
}

/// Collections that dump their elements keyed by identity (`IdentifiedArray`, `StackState`).
package protocol KeyedDumpCollection {
  /// The type name to print, such as `IdentifiedArray`.
  var dumpTypeName: String { get }
  /// Each element with the key to print before it, such as `id: 3` or `#0`.
  var dumpEntries: [(key: String, value: Any)] { get }
}
