extension CasePattern {
  /// The type of the value at the end of the pattern, following the steps as ``embed(_:)``
  /// does: each name a case (of a presented child through `.presented`, implied), each `[id:]`
  /// the action of an `element(id:action:)` case.
  package func endType() -> Result<Any.Type, CasePatternEmbedFailure> {
    var type: Any.Type = Root.self
    for step in steps {
      if let presented = step.impliedPresentation(in: type) { type = presented.child }
      guard let layout = EnumLayout.of(type) else {
        return .failure(
          CasePatternEmbedFailure("\(self) goes on past \(typeName(type)), which is not an enum."))
      }
      switch step {
      case .name(let name):
        guard let found = layout.cases.first(where: { $0.name == name }) else {
          let cases = layout.cases.map { ".\($0.name)" }.joined(separator: ", ")
          return .failure(
            CasePatternEmbedFailure(
              "\(typeName(type)) has no case \"\(name)\"; its cases are: \(cases)."))
        }
        guard let payload = found.payloadType else {
          return .failure(
            CasePatternEmbedFailure("\(typeName(type)).\(name) has no payload."))
        }
        type = payload
      case .id:
        guard let element = layout.cases.first(where: { $0.name == "element" }),
          let payload = element.payloadType, let parts = tupleElements(payload), parts.count == 2
        else {
          return .failure(
            CasePatternEmbedFailure(
              "\(typeName(type)) has no element(id:action:) case for the [id:] step of \(self)."))
        }
        type = parts[1].type
      }
    }
    return .success(type)
  }

  /// The action that dismisses the last presentation the pattern goes through: the pattern cut
  /// after its last `PresentationAction`, followed by `.dismiss` (`\.destination.editor` is
  /// dismissed by `.destination(.dismiss)`); `nil` when it goes through none.
  package func dismissal() -> Root? {
    var count: Int?
    var type: Any.Type = Root.self
    for (index, step) in steps.enumerated() {
      if step.impliedPresentation(in: type) != nil { count = index }
      guard case .success(let next) = CasePattern(steps: Array(steps[...index])).endType() else {
        return nil
      }
      type = next
      if type is any PresentationActionPattern.Type { count = index + 1 }
    }
    guard let count else { return nil }
    return try? CasePattern(steps: steps.prefix(count) + [.name("dismiss")]).embed(nil).get()
  }
}

/// How a child store's actions reach its parent through a case pattern: the child action at the
/// end of the pattern, or, when the pattern ends at a `PresentationAction` of it, as its
/// `.presented` case. Checked once, when the store is scoped.
package struct PatternEmbedding<Root, ChildAction: Sendable>: Sendable {
  private let pattern: CasePattern<Root>
  private let isPresentation: Bool
  /// Whether the child's actions are ``ErasedButtonAction``s, unwrapped to the pattern's end.
  private let isErased: Bool

  /// The embedding of `ChildAction` values through `pattern`, or why there is none.
  package init(_ pattern: CasePattern<Root>) throws(CasePatternEmbedFailure) {
    let end: Any.Type
    switch pattern.endType() {
    case .success(let type): end = type
    case .failure(let failure): throw failure
    }
    self.pattern = pattern
    isErased = ChildAction.self == ErasedButtonAction.self
    if payloadTypesMatch(end, ChildAction.self) || isErased {
      isPresentation = false
    } else if payloadTypesMatch(end, PresentationAction<ChildAction>.self) {
      isPresentation = true
    } else {
      throw CasePatternEmbedFailure(
        "but it ends at a value of type \(typeName(end)), not \(typeName(ChildAction.self)) or "
          + "PresentationAction<\(typeName(ChildAction.self))>.")
    }
  }

  /// The parent action holding `child`; `nil` only if building it failed (the pattern was
  /// checked, so it does not).
  package func embed(_ child: ChildAction) -> Root? {
    if isErased, let erased = child as? ErasedButtonAction {
      // NB: an alert's action of the type the pattern ends at (checked by `embed`).
      return try? pattern.embed(anyValue: erased.base).get()
    }
    let value: any Sendable = isPresentation ? PresentationAction.presented(child) : child
    return try? pattern.embed(value).get()
  }
}
