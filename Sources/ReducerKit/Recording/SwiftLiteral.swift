import Foundation

/// Writes a value as the Swift expression that makes it, for generated test source: texts and
/// numbers as literals, enums with a leading dot (their type is known where they are written),
/// collections as array and dictionary literals, structs through their memberwise initializers,
/// and the common Foundation values through their initializers.
///
/// A value it cannot write (an object, a function, an error) is written as a comment naming its
/// type, `/* any Error */`, which does not compile: never as something that compiles and is
/// wrong. ``isComplete`` tells whether the last value written had one.
struct SwiftLiteral {
  /// Whether every part of the values written so far was written as Swift.
  private(set) var isComplete = true

  /// The expression for `value`.
  mutating func expression(for value: Any) -> String {
    if let leaf = Self.leaf(for: value) { return leaf }
    if let own = value as? any WrittenAsSwift { return own.swiftExpression(&self) }
    if let wrapper = value as? any DumpsAsItsValue {
      return wrapperExpression(wrapper)
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first?.value else { return "nil" }
      return expression(for: wrapped)
    case .enum:
      return enumExpression(value, mirror: mirror)
    case .collection, .set:
      let elements = mirror.children.map { expression(for: $0.value) }
      return "[\(elements.joined(separator: ", "))]"
    case .dictionary:
      let pairs = mirror.children.map { child -> String in
        let pair = Array(Mirror(reflecting: child.value).children)
        guard pair.count == 2 else { return unwritable(type(of: child.value)) }
        return "\(expression(for: pair[0].value)): \(expression(for: pair[1].value))"
      }
      return pairs.isEmpty ? "[:]" : "[\(pairs.joined(separator: ", "))]"
    case .tuple:
      let elements = mirror.children.map { child in
        labelled(Self.tupleLabel(child.label), expression(for: child.value))
      }
      return "(\(elements.joined(separator: ", ")))"
    case .struct:
      if let keyed = value as? KeyedDumpCollection {
        // NB: identified collections and stacks read as arrays of their elements.
        return "[\(keyed.dumpEntries.map { expression(for: $0.value) }.joined(separator: ", "))]"
      }
      let fields = mirror.children.map { child in
        labelled(child.label.map(Self.fieldName), expression(for: child.value))
      }
      return "\(typeName(type(of: value)))(\(fields.joined(separator: ", ")))"
    default:
      return unwritable(type(of: value))
    }
  }

  /// A comment naming `type`, in place of a value that cannot be written.
  mutating func unwritable(_ type: Any.Type) -> String {
    isComplete = false
    return "/* \(typeName(type)) */"
  }

  private mutating func wrapperExpression(_ wrapper: any DumpsAsItsValue) -> String {
    let value = wrapper.customDumpValue
    let name = typeName(type(of: wrapper))
    // NB: a shared value's memberwise parameter is the wrapper itself; a presented one's is
    // its value.
    if name.hasPrefix("Shared<") { return "Shared(value: \(expression(for: value)))" }
    if name.hasPrefix("SharedReader<") {
      return "SharedReader(value: \(expression(for: value)))"
    }
    return expression(for: value)
  }

  private mutating func enumExpression(_ value: Any, mirror: Mirror) -> String {
    // NB: an error is written with its type: where it is written, the type may be `any Error`.
    let prefix = value is any Error ? typeName(type(of: value)) : ""
    // NB: a mirror keeps a payload's labels (a single labelled value as a tuple of one), but
    // has no name for a case without a payload.
    guard let child = mirror.children.first, let caseName = child.label else {
      // NB: an error held as `any Error` is read as its own type.
      guard let (caseName, _) = destructureEnum(value) ?? (value as? any Error).flatMap(Self.cases)
      else { return unwritable(type(of: value)) }
      return "\(prefix).\(caseName)"
    }
    let payload = child.value
    let payloadMirror = Mirror(reflecting: payload)
    guard payloadMirror.displayStyle == .tuple else {
      return "\(prefix).\(caseName)(\(expression(for: payload)))"
    }
    let elements = payloadMirror.children.map { child in
      labelled(Self.tupleLabel(child.label), expression(for: child.value))
    }
    return "\(prefix).\(caseName)(\(elements.joined(separator: ", ")))"
  }

  /// The case an error is, read as its own type rather than as `any Error`.
  private static func cases(of error: any Error) -> (name: String, payload: Any?)? {
    func open<Failure: Error>(_ error: Failure) -> (name: String, payload: Any?)? {
      destructureEnum(error)
    }
    return open(error)
  }

  private func labelled(_ label: String?, _ expression: String) -> String {
    label.map { "\($0): \(expression)" } ?? expression
  }

  private static func tupleLabel(_ label: String?) -> String? {
    guard let label, !label.hasPrefix(".") else { return nil }
    return label
  }

  /// A stored field's name as written: a property wrapper's storage `_name` is `name`.
  static func fieldName(_ label: String) -> String {
    label.hasPrefix("_") ? String(label.dropFirst()) : label
  }

  /// Whether `value` is written as a literal or a Foundation initializer, not field by field.
  static func isPlain(_ value: Any) -> Bool { leaf(for: value) != nil }

  private static func leaf(for value: Any) -> String? {
    if let literal = textOrIntegerLiteral(value) { return literal }
    switch value {
    case let number as Double where number.isFinite: return "\(number)"
    case let number as Float where number.isFinite: return "\(number)"
    case let uuid as UUID: return uuidExpression(uuid)
    case let date as Date: return "Date(timeIntervalSince1970: \(date.timeIntervalSince1970))"
    case let url as URL: return "URL(string: \(url.absoluteString.debugDescription))!"
    case let duration as Duration: return durationExpression(duration)
    default: return nil
    }
  }

  /// `UUID(3)` for the ids an incrementing generator makes, as tests write them; otherwise
  /// the UUID's text.
  private static func uuidExpression(_ uuid: UUID) -> String {
    let text = uuid.uuidString
    if text.hasPrefix("00000000-0000-0000-0000-"), let number = Int(text.suffix(12), radix: 16),
      UUID(number) == uuid
    {
      return "UUID(\(number))"
    }
    return "UUID(uuidString: \(text.debugDescription))!"
  }

  private static func durationExpression(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    if attoseconds == 0 { return ".seconds(\(seconds))" }
    let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
    if attoseconds % attosecondsPerMillisecond == 0 {
      return ".milliseconds(\(seconds * 1_000 + attoseconds / attosecondsPerMillisecond))"
    }
    return "Duration(secondsComponent: \(seconds), attosecondsComponent: \(attoseconds))"
  }
}

/// A value of the library's own that is written through its public API, not its stored fields.
protocol WrittenAsSwift {
  /// The expression that makes this value, its parts written by `writer`.
  func swiftExpression(_ writer: inout SwiftLiteral) -> String
}

extension BindingAction: WrittenAsSwift {
  /// `.set(\.query, "Lis")`, as a test sends it.
  func swiftExpression(_ writer: inout SwiftLiteral) -> String {
    // NB: a nested field, `\.meeting.title`, is found through the fields of each level.
    guard let field = fieldName ?? FieldKeyPaths.path(to: keyPath, from: Root.self, depth: 3)
    else { return writer.unwritable(Self.self) }
    return ".set(\\.\(field), \(writer.expression(for: value)))"
  }
}
