import Foundation

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
public struct CasePattern<Root>: Sendable, CustomStringConvertible {
  package enum Step: Sendable, Hashable {
    case name(String)
    case id(AnyHashableSendable)
  }

  package let steps: [Step]

  /// The empty pattern, which matches everything; key paths extend it.
  public init() {
    steps = []
  }

  private init(steps: [Step]) {
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

  /// The pattern as written: `\.internal.factResponse`.
  public var description: String {
    "\\"
      + steps.map { step in
        switch step {
        case .name(let name): ".\(name)"
        case .id(let id): "[id: \(customDump(id.base))]"
        }
      }.joined()
  }

  /// The pattern that `keyPath` builds, such as `\.internal.factResponse`.
  package init(_ keyPath: KeyPath<CasePattern<Root>, CasePattern<Root>>) {
    self = CasePattern()[keyPath: keyPath]
  }

  /// Matches `value` against the pattern, case by case.
  package func match(_ value: Root) -> CasePatternMatch {
    var current: Any? = value
    for (index, step) in steps.enumerated() {
      // `\.destination.alert`: a case of the presented child, `.presented` implied.
      if let presentation = current as? any PresentationActionPattern, case .name(let name) = step,
        !PresentationActions.isOwnCase(name)
      {
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

/// Whether an element id equals a pattern's id; an integer literal matches a `StackElementID`.
private func matchesID(_ elementID: AnyHashable, _ patternID: any Hashable & Sendable) -> Bool {
  if elementID == AnyHashable(patternID) { return true }
  if let stackID = elementID.base as? StackElementID, let integer = patternID as? Int {
    return stackID.rawValue == integer
  }
  return false
}

/// A literal a test wrote, as a value of the type `type` (a payload's or a field's) the literal
/// would have had there: a number of another number type, or `[0, 2]` for an `IndexSet`;
/// `nil` when `value` is not such a literal, or a number does not fit.
///
/// NB: a case pattern is untyped, so Swift types a literal given with it as `Int`, `Double` or
/// `[Int]`: `store.receive(\.timerUpdated, 1)` would otherwise compare an `Int` with a
/// `TimeInterval` and fail, where TCA's typed case key path makes the `1` a `TimeInterval`. An
/// integer must fit exactly; a `Double` becomes the nearest value of another floating-point
/// type, as the literal written at that type would.
package func convertedLiteral(_ value: Any, as type: Any.Type) -> (any Sendable)? {
  guard Swift.type(of: value) != type else { return nil }
  if type == IndexSet.self, let integers = value as? [Int] { return IndexSet(integers) }
  let integer = value as? Int
  let double = value as? Double
  func floating<Number: BinaryFloatingPoint & Sendable>(_: Number.Type) -> (any Sendable)? {
    if let integer { return Number(exactly: integer) }
    return double.map { Number($0) }
  }
  func whole<Number: FixedWidthInteger & Sendable>(_: Number.Type) -> (any Sendable)? {
    integer.flatMap { Number(exactly: $0) }
  }
  // NB: the standard number types, listed: a number type of the app's own may not be
  // `Sendable`, and a cast cannot check that it is.
  switch ObjectIdentifier(type) {
  case ObjectIdentifier(Double.self): return floating(Double.self)
  case ObjectIdentifier(Float.self): return floating(Float.self)
  case ObjectIdentifier(CGFloat.self): return floating(CGFloat.self)
  case ObjectIdentifier(Int.self): return whole(Int.self)
  case ObjectIdentifier(Int8.self): return whole(Int8.self)
  case ObjectIdentifier(Int16.self): return whole(Int16.self)
  case ObjectIdentifier(Int32.self): return whole(Int32.self)
  case ObjectIdentifier(Int64.self): return whole(Int64.self)
  case ObjectIdentifier(UInt.self): return whole(UInt.self)
  case ObjectIdentifier(UInt8.self): return whole(UInt8.self)
  case ObjectIdentifier(UInt16.self): return whole(UInt16.self)
  case ObjectIdentifier(UInt32.self): return whole(UInt32.self)
  case ObjectIdentifier(UInt64.self): return whole(UInt64.self)
  default: return nil
  }
}

/// `payload` as a `Value`; an integer compares with a `StackElementID` payload.
package func payloadValue<Value>(_ payload: Any?, as _: Value.Type) -> Value? {
  if let value = payload as? Value { return value }
  if let stackID = payload as? StackElementID { return stackID.rawValue as? Value }
  return nil
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

private func destructureEnum(_ value: Any) -> (name: String, payload: Any?)? {
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
/// "success"]` for `.internal(.factResponse(.success("…")))`.
package func nestedCaseNames(of value: Any) -> [String] {
  var names: [String] = []
  var current: Any? = value
  while let subject = current, let (name, payload) = destructureEnum(subject), names.count < 16 {
    names.append(name)
    current = payload
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
      if type is any PresentationActionPattern.Type, case .name(let name) = step,
        !PresentationActions.isOwnCase(name),
        let child = EnumLayout.of(type)?.cases.first(where: { $0.name == "presented" })?
          .payloadType
      {
        type = child
      }
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
