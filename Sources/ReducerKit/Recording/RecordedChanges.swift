/// A field a step changed, as generated test source asserts it.
struct FieldChange {
  /// The path from the state to the field: `.count`, `.child.title`.
  let path: String
  /// The path to the shared value the field is in or is (`.settings`), and whether that value is
  /// read-only (`@SharedReader`); `nil` for a field that is not shared.
  let shared: (path: String, isReadOnly: Bool)?
  /// The value it was left holding.
  let value: Any
}

extension SessionRecording {
  /// The session as the fields each step changed: the fields where the recording's initial state
  /// differs from `baseline` (none without one), then each step kept with the fields it left
  /// different, shared values read as each step left them.
  func recordedChanges(
    from baseline: State?
  ) -> (initial: [FieldChange], steps: [(step: SessionStep<State, Action>, changes: [FieldChange])])
  {
    let (recordedInitial, initialStep, steps, _, _) = snapshot()
    var previous = withSharedValues(asOf: initialStep) { FieldValues(of: recordedInitial) }
    var initial: [FieldChange] = []
    if let baseline {
      let expected = withSharedValues(asOf: initialStep) { FieldValues(of: baseline) }
      initial = previous.changes(from: expected)
    }
    let changed = steps.map { step in
      let current = withSharedValues(asOf: Self.sharedStep(of: step)) {
        FieldValues(of: step.state)
      }
      defer { previous = current }
      return (step, current.changes(from: previous))
    }
    return (initial, changed)
  }
}

/// A value's leaves by their path from the root (`.count`, `.child.title`): its stored fields,
/// through nested structs, down to values that are not structs (enums, collections, optionals
/// and plain values), compared by their dumps.
private struct FieldValues {
  var leaves: [(change: FieldChange, dump: [String])] = []

  init(of value: Any) {
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
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .struct, !mirror.children.isEmpty, !(value is KeyedDumpCollection),
      !SwiftLiteral.isPlain(value)
    {
      for child in mirror.children {
        guard let label = child.label else { continue }
        collect(child.value, path: "\(path).\(SwiftLiteral.fieldName(label))", shared: shared)
      }
      return
    }
    leaves.append((FieldChange(path: path, shared: shared, value: value), expandedDumpLines(value)))
  }

  /// The leaves whose dumps differ from `old`'s at the same path, in field order; a leaf `old`
  /// does not have is a change.
  func changes(from old: FieldValues) -> [FieldChange] {
    var oldDumps: [String: [String]] = [:]
    for leaf in old.leaves { oldDumps[leaf.change.path] = leaf.dump }
    return leaves.compactMap { leaf in
      oldDumps[leaf.change.path] == leaf.dump ? nil : leaf.change
    }
  }
}
