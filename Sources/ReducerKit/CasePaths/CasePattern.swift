/// A pattern of enum case names, written like a key path: `\.internal.factResponse.success`.
///
/// A test store's `receive` takes one to match received actions by case, payloads ignored:
///
/// ```swift
/// await store.receive(\.internal.factResponse)
/// await store.receive(\.internal.factResponse.success, "0 is a good number")
/// await store.receive(\.rows[id: 3].toggled)   // the element action of a forEach
/// ```
///
/// Each component names a case of the enum reached so far; `[id:]` steps into the
/// `element(id:action:)` case of an `IdentifiedAction` or a `StackAction` with that id. A case
/// of a presented child is named through its `PresentationAction` with or without `.presented`
/// (`\.destination.alert.confirmTapped`), as with TCA's case key paths.
@dynamicMemberLookup
public struct CasePattern<Root>: Sendable, Hashable, CustomDebugStringConvertible {
  package enum Step: Sendable, Hashable {
    case name(String)
    case id(AnyHashableSendable)
  }

  package let steps: [Step]

  /// The empty pattern, which matches everything; key paths extend it.
  public init() {
    steps = []
  }

  package init(steps: [Step]) {
    self.steps = steps
  }

  /// The pattern followed by the case named `name`.
  public subscript(dynamicMember name: String) -> CasePattern<Root> {
    CasePattern(steps: steps + [.name(name)])
  }

  /// The pattern followed by the element with id `id` of a collection or stack action.
  public subscript<ID: Hashable & Sendable>(id id: ID) -> CasePattern<Root> {
    CasePattern(steps: steps + [.id(AnyHashableSendable(id))])
  }

  /// The pattern as written: `\.internal.factResponse`; what `"\(pattern)"` writes.
  ///
  /// NB: not `description`: a pattern's components are looked up as members of this type, and a
  /// member named `description` would take `\.binding.description` (a field or a case of that
  /// name, as common as they come) away from the case names.
  public var debugDescription: String {
    "\\"
      + steps.map { step in
        switch step {
        case .name(let name): ".\(name)"
        case .id(let id): "[id: \(customDump(id.base))]"
        }
      }.joined()
  }

  /// The pattern that `keyPath` builds, such as `\.internal.factResponse`.
  @usableFromInline
  package init(_ keyPath: KeyPath<CasePattern<Root>, CasePattern<Root>>) {
    self = CasePattern()[keyPath: keyPath]
  }

  /// Matches `value` against the pattern, case by case.
  package func match(_ value: Root) -> CasePatternMatch {
    var current: Any? = value
    for (index, step) in steps.enumerated() {
      // `\.destination.alert`: a case of the presented child, `.presented` implied.
      if let presentation = current, step.impliedPresentation(in: typeOf(presentation)) != nil {
        guard let (caseName, payload) = destructureEnum(presentation), caseName == "presented"
        else {
          return .mismatch(
            CasePatternMismatch(step: index, reason: .differentCase(found: "dismiss")))
        }
        current = payload
      }
      // `\.binding.query`: a binding action matches the name of the field it sets.
      if let binding = current as? any FieldBindingAction, case .name(let field) = step {
        guard binding.fieldName == field else {
          return .mismatch(
            CasePatternMismatch(
              step: index, reason: .differentCase(found: binding.fieldName ?? "another field")))
        }
        current = binding.value
        continue
      }
      guard let subject = current, let (caseName, payload) = destructureEnum(subject) else {
        return .mismatch(
          CasePatternMismatch(step: index, reason: .notAnEnum(current.map { typeOf($0) }))
        )
      }
      switch step {
      case .name(let name):
        guard caseName == name else {
          let cases = enumCaseNames(of: subject)
          let reason: CasePatternMismatch.Reason =
            cases.contains(name)
            ? .differentCase(found: caseName)
            : .noSuchCase(type: typeName(typeOf(subject)), cases: cases)
          return .mismatch(CasePatternMismatch(step: index, reason: reason))
        }
        current = payload
      case .id(let id):
        guard caseName == "element", let payload,
          let (elementID, action) = elementIDAndAction(payload)
        else {
          return .mismatch(
            CasePatternMismatch(step: index, reason: .differentCase(found: caseName)))
        }
        guard matchesID(elementID, id.base) else {
          return .mismatch(
            CasePatternMismatch(
              step: index, reason: .differentID(found: customDump(elementID.base)))
          )
        }
        current = action
      }
    }
    return .matched(payload: current.map(EnumLayout.unwrappingSingleElementTuple))
  }
}

/// Whether an element id equals a pattern's id; a literal matches an id of the type it would
/// have had there (`[id: 1]` a `StackElementID`, or an id type of the app's own).
private func matchesID(_ elementID: AnyHashable, _ patternID: any Hashable & Sendable) -> Bool {
  if elementID == AnyHashable(patternID) { return true }
  guard let converted = literalValue(patternID, as: type(of: elementID.base)) as? any Hashable
  else { return false }
  return elementID == AnyHashable(converted)
}

/// The outcome of matching a ``CasePattern``.
package enum CasePatternMatch {
  /// Every step matched; `payload` is the innermost associated value (`nil` without one).
  case matched(payload: Any?)
  case mismatch(CasePatternMismatch)
}

/// Where and why a value did not match a ``CasePattern``.
package struct CasePatternMismatch {
  package enum Reason {
    /// The value at this step is not an enum (or there is no value: the case had no payload).
    case notAnEnum(Any.Type?)
    /// The enum has the case, but the value holds another one.
    case differentCase(found: String)
    /// The enum has no case of that name.
    case noSuchCase(type: String, cases: [String])
    /// The element action is for another id.
    case differentID(found: String)
  }

  /// The index of the step that failed.
  package let step: Int
  package let reason: Reason
}

private func typeOf(_ value: Any) -> Any.Type {
  type(of: value)
}

/// The case `value` holds, by name, and its payload (`nil` for a case without one); `nil` when
/// `value` is not an enum.
func destructureEnum(_ value: Any) -> (name: String, payload: Any?)? {
  func open<T>(_ value: T) -> (name: String, payload: Any?)? {
    EnumLayout.of(T.self)?.destructure(value)
  }
  return open(value)
}

private func enumCaseNames(of value: Any) -> [String] {
  EnumLayout.of(type(of: value))?.cases.map(\.name) ?? []
}

/// The id and action of an `element(id:action:)` payload.
private func elementIDAndAction(_ payload: Any) -> (AnyHashable, Any)? {
  let children = Array(Mirror(reflecting: payload).children)
  guard children.count == 2, children[0].label == "id", let id = children[0].value as? AnyHashable
  else { return nil }
  return (id, children[1].value)
}

/// The case names along a value's nested enum payloads: `["internal", "factResponse",
/// "success"]` for `.internal(.factResponse(.success("…")))`; through the element's action of an
/// `element(id:action:)` (`["rows", "element", "view", "tapped"]`).
package func nestedCaseNames(of value: Any) -> [String] {
  var names: [String] = []
  var current: Any? = value
  while let subject = current, let (name, payload) = destructureEnum(subject), names.count < 16 {
    names.append(name)
    // `element(id:action:)` of a collection or stack action: on into the element's action.
    if name == "element", let payload, let (_, action) = elementIDAndAction(payload) {
      current = action
    } else {
      current = payload
    }
  }
  return names
}

extension CasePattern {
  /// Whether `value` holds the cases the pattern names.
  package func matches(_ value: Root) -> Bool {
    if case .matched = match(value) { return true }
    return false
  }

  /// The pattern `keyPath` builds, checked against `Root` the first time that key path is used
  /// (a step naming no case of its enum is reported, once, at `site`).
  package static func checked(
    _ keyPath: KeyPath<CasePattern<Root>, CasePattern<Root>>, site: SourceSite
  ) -> CasePattern<Root> {
    if let cached = CheckedPatterns.cache.withLock({ $0[keyPath] }) as? CasePattern<Root> {
      return cached
    }
    let pattern = CasePattern(keyPath)
    CheckedPatterns.cache.withLock { $0[keyPath] = pattern }
    if let problem = pattern.problem() {
      reportRuntimeWarning(
        """
        The case pattern \(pattern) names no case of \(problem.type): there is no \
        ".\(problem.name)". It matches nothing.

          Cases of \(problem.type):
        \(problem.cases.map { "    .\($0)" }.joined(separator: "\n"))

        Check the spelling against the cases above: each step of a pattern names a case of the \
        enum reached so far, outermost first.
        """,
        at: site
      )
    }
    return pattern
  }

  /// The first step that names no case of the enum it applies to, checked through the types
  /// (not a value): the enum's name, the name looked for, and the cases it has. `nil` when
  /// every step names a case, or when a payload's type cannot be followed (an existential).
  package func problem() -> (type: String, name: String, cases: [String])? {
    var type: Any.Type = Root.self
    for step in steps {
      // `\.destination.alert`: a case of the presented child, `.presented` implied.
      if let presented = step.impliedPresentation(in: type) { type = presented.child }
      guard let layout = EnumLayout.of(type) else { return nil }
      let name: String
      switch step {
      case .name(let stepName): name = stepName
      case .id: name = "element"
      }
      guard let info = layout.cases.first(where: { $0.name == name }) else {
        return (typeName(type), name, layout.cases.map(\.name))
      }
      guard let payload = info.payloadType else { return nil }
      let elements = tupleElementTypes(payload)
      switch step {
      case .name:
        type = elements?.count == 1 ? elements![0] : payload
      case .id:
        // `element(id:action:)`: the next step applies to the action.
        guard let elements, elements.count == 2 else { return nil }
        type = elements[1]
      }
    }
    return nil
  }
}

/// Patterns already built (and checked), by the key path that wrote them.
private enum CheckedPatterns {
  static let cache = LockedState<[AnyKeyPath: any Sendable]>([:])
}

extension CasePattern.Step {
  /// Where this step names a case of the child a presentation action of type `type` presents
  /// (`\.destination.alert`, `.presented` implied, as TCA's case key paths allow): the
  /// presentation's layout, the tag of its `presented` case, and the child's action type; `nil`
  /// for any other type, or for a step naming `presented` or `dismiss` itself.
  func impliedPresentation(in type: Any.Type) -> (layout: EnumLayout, tag: Int, child: Any.Type)? {
    guard type is any PresentationActionPattern.Type, case .name(let name) = self,
      name != "presented", name != "dismiss", let layout = EnumLayout.of(type),
      let tag = layout.cases.firstIndex(where: { $0.name == "presented" }),
      let child = layout.cases[tag].payloadType
    else { return nil }
    return (layout, tag, child)
  }
}
