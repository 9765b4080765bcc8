/// A field a step changed, as generated test source asserts it.
struct FieldChange {
  /// The path from the state to the field: `.count`, `.child?.title`,
  /// `[case: App.State.signIn]?.email`, `.path[id: 0]?[case: Path.State.detail]?.title`.
  let path: String
  /// The path to the shared value the field is in or is (`.settings`), and whether that value is
  /// read-only (`@SharedReader`); `nil` for a field that is not shared.
  let shared: (path: String, isReadOnly: Bool)?
  /// The value it was left holding, written as Swift (with shared values as of its step).
  let expression: String
  /// Whether every part of the value could be written as Swift (see ``SwiftLiteral``).
  let isComplete: Bool
}

/// How deep the fields of generated test source go into a state.
enum FieldDepth {
  /// Through structs, optionals and enum cases: what the reducer-alone form reads.
  case readable
  /// Through structs, optionals and enum cases, but not into a stack's elements: what the test
  /// store form assigns (a stack gains and loses elements only as a whole).
  case assignable
}

extension SessionRecording {
  /// The session as the fields each step changed: the fields where the recording's initial state
  /// differs from `baseline` (none without one), then each step kept with the fields it left
  /// different, shared values read as each step left them.
  func recordedChanges(
    from baseline: State?, depth: FieldDepth
  ) -> (initial: [FieldChange], steps: [(step: SessionStep<State, Action>, changes: [FieldChange])])
  {
    let (recordedInitial, initialStep, steps, _, _) = snapshot()
    var previous = withSharedValues(asOf: initialStep) {
      FieldValues(of: recordedInitial, depth: depth)
    }
    var initial: [FieldChange] = []
    if let baseline {
      initial = withSharedValues(asOf: initialStep) {
        previous.changes(from: FieldValues(of: baseline, depth: depth))
      }
    }
    let changed = steps.map { step in
      withSharedValues(asOf: Self.sharedStep(of: step)) {
        let current = FieldValues(of: step.state, depth: depth)
        defer { previous = current }
        // NB: written here, where a shared value nested in a leaf reads as of this step.
        return (step, current.changes(from: previous))
      }
    }
    return (initial, changed)
  }
}

/// What generated test source reads a stack's elements by.
protocol ElementsByID {
  var elementsByID: [(id: Any, element: Any)] { get }
}

extension StackState: ElementsByID {
  var elementsByID: [(id: Any, element: Any)] {
    zip(ids, self).map { ($0, $1) }
  }
}

extension StackElementID: WrittenAsSwift {
  /// `0`, as tests write it.
  func swiftExpression(_ writer: inout SwiftLiteral) -> String { "\(rawValue)" }
}

/// A value's leaves by their path from the root (`.count`, `.child?.title`): its stored fields,
/// through nested structs, optionals, enum cases with one payload and stacks, down to values
/// that are none of these (plain values, collections, enums without a payload), compared by
/// their dumps.
private struct FieldValues {
  var leaves: [(path: String, shared: (path: String, isReadOnly: Bool)?, value: Any)] = []
  var dumps: [String: [String]] = [:]
  /// Each optional and enum case the paths go into, by the path into it (`.challenge?`,
  /// `[case: App.State.shed]?`): the path to it and its value.
  var containers: [String: (path: String, value: Any)] = [:]
  let depth: FieldDepth

  init(of value: Any, depth: FieldDepth) {
    self.depth = depth
    collect(value, path: "", shared: nil)
  }

  private mutating func collect(
    _ value: Any, path: String, shared: (path: String, isReadOnly: Bool)?
  ) {
    var shared = shared
    var value = value
    if let wrapper = value as? any DumpsAsItsValue {
      let name = typeName(type(of: wrapper))
      if shared == nil, name.hasPrefix("Shared<") || name.hasPrefix("SharedReader<") {
        shared = (path, name.hasPrefix("SharedReader<"))
      }
      value = wrapper.customDumpValue
    }
    // NB: a shared value is assigned through its lock as a whole below its own path, so the
    // path does not go into optionals, cases and stacks inside it.
    if shared == nil, let (inner, segment) = Self.descent(into: value, depth: depth) {
      if let stack = inner as? any ElementsByID {
        let elements = stack.elementsByID
        leaf(elements.map(\.id), at: path + ".ids", nil)
        for (id, element) in elements {
          var writer = SwiftLiteral()
          collect(element, path: "\(path)[id: \(writer.expression(for: id))]?", shared: nil)
        }
        return
      }
      containers[path + segment] = (path, value)
      collect(inner, path: path + segment, shared: nil)
      return
    }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .struct, !mirror.children.isEmpty, !(value is KeyedDumpCollection),
      !(value is any WrittenAsSwift), !SwiftLiteral.isPlain(value)
    {
      for child in mirror.children {
        guard let label = child.label else { continue }
        collect(child.value, path: "\(path).\(SwiftLiteral.fieldName(label))", shared: shared)
      }
      return
    }
    leaf(value, at: path, shared)
  }

  private mutating func leaf(_ value: Any, at path: String, _ shared: (String, Bool)?) {
    leaves.append((path, shared.map { (path: $0.0, isReadOnly: $0.1) }, value))
    dumps[path] = expandedDumpLines(value)
  }

  /// What `value` is read through, and the path segment that reads it: a present optional's
  /// value (`?`), an enum case's single payload (`[case: Type.name]?`, for enums whose cases
  /// the library reads), a non-empty stack itself; `nil` for anything else.
  private static func descent(into value: Any, depth: FieldDepth) -> (Any, String)? {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first?.value, isContainer(wrapped, depth: depth) else {
        return nil
      }
      return (wrapped, "?")
    case .enum:
      guard value is any CasePathable || value is any Equatable,
        let child = mirror.children.first, let name = child.label,
        Mirror(reflecting: child.value).displayStyle != .tuple,
        isContainer(child.value, depth: depth)
      else { return nil }
      return (child.value, "[case: \(typeName(type(of: value))).\(name)]?")
    default:
      guard depth == .readable, let stack = value as? any ElementsByID,
        !stack.elementsByID.isEmpty
      else { return nil }
      return (value, "")
    }
  }

  /// Whether `value` has fields of its own that a path can read.
  private static func isContainer(_ value: Any, depth: FieldDepth) -> Bool {
    let value = (value as? any DumpsAsItsValue)?.customDumpValue ?? value
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .struct {
      return !mirror.children.isEmpty && !(value is KeyedDumpCollection)
        && !(value is any WrittenAsSwift) && !SwiftLiteral.isPlain(value)
    }
    return descent(into: value, depth: depth) != nil
  }

  /// The leaves whose dumps differ from `old`'s at the same path, in field order, written as
  /// Swift; a leaf `old` does not have is a change.
  ///
  /// To be assigned, a field inside an optional that was `nil`, or inside an enum case the value
  /// was not in, is set through the whole optional or enum instead: `$0.challenge?.token = …`
  /// sets nothing while `challenge` is `nil`.
  func changes(from old: FieldValues) -> [FieldChange] {
    var wholes: Set<String> = []
    return leaves.compactMap { leaf in
      guard old.dumps[leaf.path] != dumps[leaf.path] else { return nil }
      var path = leaf.path
      var value = leaf.value
      if depth == .assignable, old.dumps[leaf.path] == nil,
        let entered = containers.keys.filter({
          leaf.path.hasPrefix($0) && old.containers[$0] == nil
        })
        .min(by: { $0.count < $1.count }),
        let container = containers[entered]
      {
        guard wholes.insert(container.path).inserted else { return nil }
        (path, value) = (container.path, container.value)
      }
      var writer = SwiftLiteral()
      let expression = writer.expression(for: value)
      return FieldChange(
        path: path, shared: leaf.shared, expression: expression, isComplete: writer.isComplete)
    }
  }
}
