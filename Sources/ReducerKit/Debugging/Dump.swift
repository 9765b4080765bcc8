import Foundation

/// A readable, deterministic, multi-line rendering of any value: the text behind failure
/// messages, state diffs and `_printChanges`.
///
/// Structs print as `Type(field: value, …)`, enums as `.case(payload)`, collections with their
/// indices (or ids), dictionaries and sets sorted; a container that does not fit on one line is
/// split one child per line.
///
/// ```swift
/// print(customDump(Counter.State(count: 1)))
/// // Counter.State(count: 1, fact: nil, isLoadingFact: false)
/// ```
public func customDump(_ value: Any, indent: Int = 0) -> String {
  var dumper = Dumper()
  var lines: [String] = []
  dumper.node(for: value, isRoot: true).render(
    into: &lines, indent: indent, width: Dumper.width - indent)
  return lines.joined(separator: "\n")
}

/// Writes the dump of `value` (see ``customDump(_:indent:)``) to `target`, and returns `value`.
///
/// ```swift
/// var log = ""
/// customDump(state, to: &log)
/// ```
@discardableResult
public func customDump<Value>(
  _ value: Value, to target: inout some TextOutputStream, indent: Int = 0
) -> Value {
  target.write(customDump(value as Any, indent: indent))
  return value
}

extension String {
  /// The dump of `subject`, as ``customDump(_:indent:)`` makes it.
  ///
  /// ```swift
  /// let text = String(customDumping: Counter.State(count: 1))
  /// // "Counter.State(count: 1, fact: nil, isLoadingFact: false)"
  /// ```
  public init(customDumping subject: Any) {
    self = customDump(subject)
  }
}

/// The dump used for diffs: every struct, class and collection puts each of its children on a
/// line of its own (enums and tuples stay on one line while they fit), so that a diff points
/// at the field that changed.
package func expandedDump(_ value: Any) -> String {
  expandedDumpLines(value).joined(separator: "\n")
}

/// The lines of ``expandedDump(_:)``.
func expandedDumpLines(_ value: Any) -> [String] {
  var dumper = Dumper()
  var lines: [String] = []
  dumper.node(for: value, isRoot: true).render(
    into: &lines, indent: 0, width: Dumper.width, expand: true)
  return lines
}

struct Dumper {
  static let width = 80
  private var inProgress: Set<ObjectIdentifier> = []
  private var printed: Set<ObjectIdentifier> = []
  /// Whether the values of each dynamic type met so far are an `Int`, a `String`, an array or
  /// anything else (which `otherNode(for:isRoot:)` tells apart with casts, as before).
  ///
  /// NB: found once per type: each `as?` to a protocol asks the runtime's conformance cache,
  /// and an `Int` paid for seven casts before it was printed; in a large array of numbers the
  /// casts were the biggest single cost of a diff.
  private var kinds: [ObjectIdentifier: DumpKind] = [:]

  mutating func node(for value: Any, isRoot: Bool = false) -> DumpNode {
    let type = Swift.type(of: value)
    let kind: DumpKind
    if let known = kinds[ObjectIdentifier(type)] {
      kind = known
    } else {
      kind = DumpKind(of: type)
      kinds[ObjectIdentifier(type)] = kind
    }
    switch kind {
    case .int: return .leaf(String(value as! Int))  // NB: the kind of exactly `Int` values.
    case .string: return .leaf((value as! String).debugDescription)  // NB: as above.
    case .array:
      // NB: the elements as they are, without a mirror, which boxes each through the runtime.
      let elements = (value as! any DumpableArray).dumpElements  // NB: as above.
      guard !elements.isEmpty else { return .leaf("[]") }
      let children = elements.enumerated().map { index, element in
        (label: Optional("[\(index)]"), node: node(for: element))
      }
      return .container(open: "[", close: "]", children: children, expandable: true)
    case .other: return otherNode(for: value, isRoot: isRoot)
    }
  }

  private mutating func otherNode(for value: Any, isRoot: Bool) -> DumpNode {
    if let convertible = value as? CustomDumpStringConvertible {
      return .leaf(convertible.customDumpDescription)
    }
    if let custom = value as? CustomDumpRepresentable {
      let replacement = custom.customDumpValue
      if let text = replacement as? String, !(value is any DumpsAsItsValue) { return .leaf(text) }
      return node(for: replacement, isRoot: isRoot)
    }
    if let keyed = value as? KeyedDumpCollection {
      let children = keyed.dumpEntries.map { entry in
        (label: Optional("[\(entry.key)]"), node: node(for: entry.value))
      }
      return .container(
        open: "\(keyed.dumpTypeName)(", close: ")", children: children, expandable: true
      )
    }
    if let leaf = Self.leaf(for: value) { return .leaf(leaf) }

    let mirror = (value as? CustomDumpReflectable)?.customDumpMirror ?? Mirror(reflecting: value)
    let type = typeName(Swift.type(of: value))
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first?.value else { return .leaf("nil") }
      return node(for: wrapped, isRoot: isRoot)
    case .enum:
      if value is CustomDumpReflectable {
        // A mirror of one's own names the case by its one child's label.
        guard let child = mirror.children.first, let name = child.label else {
          return .leaf(type)
        }
        return .container(
          open: isRoot ? "\(type).\(name)(" : ".\(name)(", close: ")",
          children: [(label: nil, node: node(for: child.value))], expandable: false)
      }
      return enumNode(value, type: type, isRoot: isRoot)
    case .tuple:
      let children = mirror.children.map { child in
        (label: tupleLabel(child.label), node: node(for: child.value))
      }
      return .container(open: "(", close: ")", children: children, expandable: false)
    case .collection:
      let children = mirror.children.enumerated().map { index, child in
        (label: Optional("[\(index)]"), node: node(for: child.value))
      }
      return children.isEmpty
        ? .leaf("[]") : .container(open: "[", close: "]", children: children, expandable: true)
    case .dictionary:
      let pairs = mirror.children.map { child -> (key: DumpNode, value: DumpNode, sort: String) in
        let pair = Array(Mirror(reflecting: child.value).children)
        let key = node(for: pair[0].value)
        return (key, node(for: pair[1].value), key.flatText)
      }
      .sorted { $0.sort < $1.sort }
      guard !pairs.isEmpty else { return .leaf("[:]") }
      return .container(
        open: "[", close: "]", children: pairs.map { (label: Optional($0.sort), node: $0.value) },
        expandable: true
      )
    case .set:
      let elements = mirror.children.map { child in
        let element = node(for: child.value)
        return (node: element, sort: element.flatText)
      }
      .sorted { $0.sort < $1.sort }
      return .container(
        open: "Set([", close: "])", children: elements.map { (label: nil, node: $0.node) },
        expandable: true
      )
    case .class:
      let object = ObjectIdentifier(value as AnyObject)
      if inProgress.contains(object) || printed.contains(object) { return .leaf("\(type)(↩︎)") }
      inProgress.insert(object)
      defer {
        inProgress.remove(object)
        printed.insert(object)
      }
      return fields(of: mirror, type: type)
    case .struct:
      return fields(of: mirror, type: type)
    default:
      if let convertible = value as? CustomStringConvertible {
        return .leaf(convertible.description)
      }
      return mirror.children.isEmpty ? .leaf("\(type)()") : fields(of: mirror, type: type)
    }
  }

  private mutating func fields(of mirror: Mirror, type: String) -> DumpNode {
    var children: [(label: String?, node: DumpNode)] = []
    var current: Mirror? = mirror
    var chain: [Mirror] = []
    while let next = current {
      chain.append(next)
      current = next.superclassMirror
    }
    for level in chain.reversed() {
      for child in level.children {
        children.append((label: child.label.map(fieldLabel), node: node(for: child.value)))
      }
    }
    return .container(open: "\(type)(", close: ")", children: children, expandable: true)
  }

  private mutating func enumNode(_ value: Any, type: String, isRoot: Bool) -> DumpNode {
    func destructure<Root>(_ root: Root) -> (name: String, payload: Any?)? {
      EnumLayout.of(Root.self)?.destructure(root)
    }
    guard let (name, payload) = destructure(value) else { return .leaf(String(describing: value)) }
    let prefix = isRoot ? "\(type).\(name)" : ".\(name)"
    guard let payload else { return .leaf(prefix) }
    let mirror = Mirror(reflecting: payload)
    let isLabelled = mirror.children.first.map { tupleLabel($0.label) != nil } ?? false
    if mirror.displayStyle == .tuple, mirror.children.count > 1 || isLabelled {
      let children = mirror.children.map { child in
        (label: tupleLabel(child.label), node: node(for: child.value))
      }
      return .container(open: "\(prefix)(", close: ")", children: children, expandable: false)
    }
    return .container(
      open: "\(prefix)(", close: ")", children: [(label: nil, node: node(for: payload))],
      expandable: false
    )
  }

  private static func leaf(for value: Any) -> String? {
    if let literal = textOrIntegerLiteral(value) { return literal }
    switch value {
    case let number as any BinaryFloatingPoint: return "\(number)"
    case let uuid as UUID: return "UUID(\(uuid.uuidString))"
    case let date as Date: return "Date(\(date.formatted(.iso8601)))"
    case let url as URL: return "URL(\(url.absoluteString))"
    case let data as Data: return "Data(\(data.count) bytes)"
    case let duration as Duration: return "\(duration)"
    case let type as Any.Type: return "\(typeName(type)).self"
    default:
      let kind = EnumMetadata(unchecked: Swift.type(of: value)).kind
      return kind == MetadataKind.function ? "(Function)" : nil
    }
  }

  private func tupleLabel(_ label: String?) -> String? {
    guard let label, !label.hasPrefix(".") else { return nil }
    return label
  }

  private func fieldLabel(_ label: String) -> String {
    // Property wrappers store `_name`; print the name the user wrote.
    label.hasPrefix("_") ? String(label.dropFirst()) : label
  }
}

/// A text, a truth value or an integer as its Swift literal (as dumps and generated tests both
/// write them); `nil` for any other value.
func textOrIntegerLiteral(_ value: Any) -> String? {
  switch value {
  case let string as String: return string.debugDescription
  case let substring as Substring: return String(substring).debugDescription
  case let character as Character: return String(character).debugDescription
  case let bool as Bool: return bool.description
  case let number as any BinaryInteger: return "\(number)"
  default: return nil
  }
}

/// How the dumper treats the values of one type: its common types without a cast each.
private enum DumpKind {
  case int
  case string
  case array
  case other

  /// NB: decided by the type, not by the value: `value is Int` holds for an `Optional<Int>`
  /// that holds one, and the kind is kept for the type, `nil` included.
  init(of type: Any.Type) {
    // A type's own choice of dump comes first, even an `Int`'s or an array's.
    if type is any CustomDumpRepresentable.Type || type is any KeyedDumpCollection.Type
      || type is any CustomDumpStringConvertible.Type || type is any CustomDumpReflectable.Type
    {
      self = .other
    } else if type == Int.self {
      self = .int
    } else if type == String.self {
      self = .string
    } else if type is any DumpableArray.Type {
      self = .array
    } else {
      self = .other
    }
  }
}

/// An array, whose elements the dumper reads without a mirror.
private protocol DumpableArray {
  var dumpElements: [Any] { get }
}

extension Array: DumpableArray {
  fileprivate var dumpElements: [Any] { map { $0 } }
}
