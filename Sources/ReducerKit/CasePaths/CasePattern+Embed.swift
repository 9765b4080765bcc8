extension CasePattern {
  /// The value of `Root` the pattern names, with `value` as the payload of its last case
  /// (`nil` for a case without one): `\.view.delete` with `IndexSet([0])` makes
  /// `.view(.delete(IndexSet([0])))`; a `[id:]` step makes the `element(id:action:)` case of
  /// an `IdentifiedAction` or a `StackAction`.
  ///
  /// Fails, saying why, when a name is not a case, a case is `indirect`, or the value is not
  /// of the payload's type; nothing is built then.
  package func embed(_ value: (any Sendable)?) -> Result<Root, CasePatternEmbedFailure> {
    do {
      let construction = try plan(Root.self, steps[...], value: value)
      return .success(construction.make(Root.self))
    } catch {
      return .failure(error)
    }
  }

  /// ``embed(_:)`` for a value the compiler cannot see is `Sendable`, though its type is: an
  /// alert's action taken out of an ``ErasedButtonAction``, which `slot` only writes into the
  /// pattern's case after checking it is of the case's own payload type (a case of a
  /// `Sendable` action enum, so `Sendable` by the compiler's rules). `nil` builds a case with no
  /// payload.
  package func embed(anyValue value: Any?) -> Result<Root, CasePatternEmbedFailure> {
    do {
      let construction = try plan(
        Root.self, steps[...], value: value.map { ErasedPayload(value: UncheckedSendable($0)) })
      return .success(construction.make(Root.self))
    } catch {
      return .failure(error)
    }
  }

  private func plan(
    _ type: Any.Type, _ steps: ArraySlice<Step>, value: (any Sendable)?
  ) throws(CasePatternEmbedFailure) -> ValueConstruction {
    guard let step = steps.first else {
      guard let value else {
        throw CasePatternEmbedFailure(
          "\(self) ends at a case whose payload is of type \(typeName(type)): pass it, as in "
            + "\"store.send(\(self), value)\".")
      }
      return try slot(type, holding: value)
    }
    if let presented = step.impliedPresentation(in: type) {
      // `\.destination.alert`: a case of the presented child, `.presented` implied.
      let payload = try plan(presented.child, steps, value: value)
      let isIndirect = presented.layout.cases[presented.tag].isIndirect
      return .enumCase(
        presented.layout.metadata, tag: UInt32(presented.tag),
        payload: isIndirect ? .boxed(presented.child, payload) : payload)
    }
    if let binding = type as? any FieldBindingAction.Type, case .name(let field) = step {
      // `\.binding.query`: the binding action setting that field.
      guard steps.count == 1, let value else {
        throw CasePatternEmbedFailure(
          "\(self) names the bound field \"\(field)\": pass the value to set it to, as in "
            + "\"store.send(\(self), value)\".")
      }
      switch binding.setting(field: field, to: value) {
      case .success(let action): return .value(action)
      case .failure(let failure): throw failure
      }
    }
    guard let layout = EnumLayout.of(type) else {
      throw CasePatternEmbedFailure(
        "\(self) goes on past \(typeName(type)), which is not an enum.")
    }
    switch step {
    case .name(let name):
      guard let tag = layout.cases.firstIndex(where: { $0.name == name }) else {
        throw CasePatternEmbedFailure(
          "\(typeName(type)) has no case \"\(name)\"; its cases are: "
            + "\(layout.cases.map { ".\($0.name)" }.joined(separator: ", ")).")
      }
      let enumCase = layout.cases[tag]
      guard let payloadType = enumCase.payloadType else {
        guard steps.count == 1 else {
          throw CasePatternEmbedFailure(
            "\(typeName(type)).\(name) has no payload for the rest of \(self) to name.")
        }
        guard value == nil else {
          throw CasePatternEmbedFailure(
            "\(typeName(type)).\(name) has no payload, but \(self) gives it one.")
        }
        return .enumCase(layout.metadata, tag: UInt32(tag), payload: nil)
      }
      let payload = try plan(payloadType, steps.dropFirst(), value: value)
      return .enumCase(
        layout.metadata, tag: UInt32(tag),
        payload: enumCase.isIndirect ? .boxed(payloadType, payload) : payload)
    case .id(let id):
      guard let tag = layout.cases.firstIndex(where: { $0.name == "element" }),
        let payloadType = layout.cases[tag].payloadType,
        let elements = tupleElements(payloadType), elements.count == 2
      else {
        throw CasePatternEmbedFailure(
          "\(typeName(type)) has no element(id:action:) case for the [id:] step of \(self): "
            + "it steps into an IdentifiedAction or a StackAction.")
      }
      let idWrite = try slot(elements[0].type, holding: id.base)
      let actionWrite = try plan(elements[1].type, steps.dropFirst(), value: value)
      return .enumCase(
        layout.metadata, tag: UInt32(tag),
        payload: .tuple([(elements[0].offset, idWrite), (elements[1].offset, actionWrite)]))
    }
  }

  /// Writes `value` into a slot of type `type`: of that type, or of the same layout (a tuple
  /// without the labels of the slot's, the element of a one-element labelled tuple), or a literal
  /// of the type it would have had there (see `literalValue`).
  private func slot(
    _ type: Any.Type, holding value: Any
  ) throws(CasePatternEmbedFailure) -> ValueConstruction {
    let value = (value as? ErasedPayload)?.value.wrappedValue ?? value
    let valueType = Swift.type(of: value)
    // A literal for a payload of another type (`1` for a `TimeInterval` or a stack element id,
    // `[0]` for an `IndexSet`).
    if let literal = literalValue(value, as: type) { return .value(literal) }
    // A value for an optional payload: wrapped in `.some`.
    if valueType != type, EnumMetadata(unchecked: type).kind == MetadataKind.optional,
      let layout = EnumLayout.of(type),
      let some = layout.cases.firstIndex(where: { $0.name == "some" }),
      let wrapped = layout.cases[some].payloadType
    {
      let payload = try slot(wrapped, holding: value)
      return .enumCase(layout.metadata, tag: UInt32(some), payload: payload)
    }
    // A single labelled associated value (`popFrom(id:)`) is a one-element tuple.
    if let elements = tupleElements(type), elements.count == 1, valueType != type {
      return .tuple([(elements[0].offset, try slot(elements[0].type, holding: value))])
    }
    // A payload of an existential type (`any Error`, `Any`, `any Sendable`, a protocol of the
    // app's): the value, cast to it, is written at that type, as the value's dynamic type has
    // another layout.
    if EnumMetadata(unchecked: type).kind == MetadataKind.existential {
      func existential<Existential>(_: Existential.Type) -> ValueConstruction? {
        guard let boxed = value as? Existential else { return nil }
        return .write { $0.initializeMemory(as: Existential.self, repeating: boxed, count: 1) }
      }
      if let write = _openExistential(type, do: existential) { return write }
      throw CasePatternEmbedFailure(
        "\(self) expects a value of type any \(typeName(type)) there, but was given one of type "
          + "\(typeName(valueType)), which is not one. Pass a value of a type that conforms.")
    }
    // A tuple whose elements each fit the slot's, converted one by one: `(id: 0, detail)` for
    // `push(id:state:)`, its `0` a stack element id, as TCA's typed case key path makes it.
    if valueType != type, !payloadTypesMatch(type, valueType), let elements = tupleElements(type),
      elements.count > 1, EnumMetadata(unchecked: valueType).kind == MetadataKind.tuple
    {
      let values = Mirror(reflecting: value).children.map(\.value)
      if values.count == elements.count {
        var built: [(offset: Int, element: ValueConstruction)] = []
        for (element, elementValue) in zip(elements, values) {
          built.append((element.offset, try slot(element.type, holding: elementValue)))
        }
        return .tuple(built)
      }
    }
    guard payloadTypesMatch(type, valueType), isAbstractionSafe(type) else {
      throw CasePatternEmbedFailure(
        "\(self) expects a value of type \(typeName(type)) there, but was given one of type "
          + "\(typeName(valueType)). "
          + "Write the value with its type, as in \"\(typeName(type))(…)\".")
    }
    return .value(value)
  }
}

/// A value given to ``CasePattern/embed(anyValue:)``, unwrapped where it is written.
private struct ErasedPayload {
  let value: UncheckedSendable<Any>
}

/// Why a case pattern could not build a value.
package struct CasePatternEmbedFailure: Error {
  package let reason: String
  init(_ reason: String) { self.reason = reason }
}
