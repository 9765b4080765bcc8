/// Which presented states `ifLet` dismisses by itself after the parent reduced one of their
/// actions: an ``AlertState`` or a ``ConfirmationDialogState``, presented directly or as the
/// case of a destination enum (worked out once per operator from the types' metadata).
///
/// NB: a class, so that the presentation operator, which every action passes through, stays a
/// word smaller.
@usableFromInline
final class EphemeralPresentation<State, Action>: Sendable {
  /// Whether any presented state can be ephemeral (checked first, on every action).
  @usableFromInline let isPossible: Bool
  /// For an enum destination, per case tag of `State`, the tag of the `Action` case of the same
  /// name, when that case holds an alert or a dialog.
  private let actionTags: [UInt32?]
  private let isAlways: Bool

  init() {
    if State.self is any EphemeralState.Type {
      isAlways = true
      actionTags = []
    } else if let states = EnumLayout.of(State.self) {
      let actions = EnumLayout.of(Action.self)
      isAlways = false
      actionTags = states.cases.map { info in
        guard let payload = info.payloadType, payload is any EphemeralState.Type,
          let index = actions?.cases.firstIndex(where: { $0.name == info.name })
        else { return nil }
        return UInt32(index)
      }
    } else {
      isAlways = false
      actionTags = []
    }
    isPossible = isAlways || actionTags.contains { $0 != nil }
  }

  /// Whether `state`, after the parent reduced `action` of it, is dismissed: it is an alert or a
  /// dialog (or the destination case holding one, and `action` is that case's).
  @usableFromInline
  func dismisses(_ state: State, after action: Action) -> Bool {
    if isAlways { return true }
    let tag = Int(EnumMetadata.tag(of: state))
    guard tag < actionTags.count, let actionTag = actionTags[tag] else { return false }
    return EnumMetadata.tag(of: action) == actionTag
  }
}
