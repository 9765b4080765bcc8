/// The action of an alert's or a dialog's buttons where the view does not name its type, so that
/// TCA's spelling compiles without an annotation:
///
/// ```swift
/// .alert($store.scope(state: \.destination?.alert, action: \.destination.alert))
/// ```
///
/// TCA's case key paths carry the alert's action type; ReducerKit's case patterns carry names
/// only, and nothing else in that line names the type. The binding then reads the alert with
/// its buttons' actions wrapped in this type, and a tapped button's action is unwrapped and sent
/// through the pattern, so the feature receives exactly what TCA's would. Both halves are
/// checked when the binding is made (the state's case holds an `AlertState` or a
/// `ConfirmationDialogState`; the pattern names a case), not when the alert first shows.
public struct ErasedButtonAction: Sendable, CustomDebugStringConvertible {
  // NB: unchecked, as an alert's action is only read out of a state whose type the compiler
  // cannot see here. It is only ever sent on through a case pattern, which writes it into its
  // case only when it is of that case's payload type: a case of the store's `Sendable` action
  // enum, so a `Sendable` type by the compiler's own rules.
  private let storage: UncheckedSendable<Any>

  /// The button's action, of the type the feature's alert declares.
  public var base: Any { storage.wrappedValue }

  /// An erased button action.
  public init(_ base: Any) {
    storage = UncheckedSendable(base)
  }

  /// The wrapped action, dumped.
  public var debugDescription: String {
    "ErasedButtonAction(\(customDump(base)))"
  }
}

extension AlertState {
  /// The alert with each button's action transformed, the same presentation (its `id` kept).
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> AlertState<NewAction> {
    var mapped = AlertState<NewAction>(
      title: title, message: message, buttons: buttons.map { $0.map(transform) })
    mapped.id = id
    return mapped
  }
}

extension ConfirmationDialogState {
  /// The dialog with each button's action transformed, the same presentation (its `id` kept).
  public func map<NewAction>(_ transform: (Action) -> NewAction)
    -> ConfirmationDialogState<NewAction>
  {
    var mapped = ConfirmationDialogState<NewAction>(
      titleVisibility: titleVisibility, title: { title })
    mapped.buttons = buttons.map { $0.map(transform) }
    mapped.message = message
    mapped.id = id
    return mapped
  }
}

extension ButtonState {
  /// The button with its action transformed.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> ButtonState<NewAction> {
    ButtonState<NewAction>(
      role: role, action: .send(action.action.map(transform), animation: action.animation),
      label: { label })
  }
}

/// An alert or dialog state whose buttons' actions can be erased.
protocol ErasableButtonActions {
  /// The same state over ``ErasedButtonAction``.
  func erasingButtonActions() -> Any
  /// The type ``erasingButtonActions()`` returns.
  static var erasedType: Any.Type { get }
}

extension AlertState: ErasableButtonActions {
  func erasingButtonActions() -> Any { map(ErasedButtonAction.init) }
  static var erasedType: Any.Type { AlertState<ErasedButtonAction>.self }
}

extension ConfirmationDialogState: ErasableButtonActions {
  func erasingButtonActions() -> Any { map(ErasedButtonAction.init) }
  static var erasedType: Any.Type { ConfirmationDialogState<ErasedButtonAction>.self }
}

/// Where a case payload, or a case pattern's end, is read or sent as ``ErasedButtonAction``s.
enum ActionErasure {
  /// Whether a payload of type `payload` is read as a value of type `value` by erasing its
  /// buttons' actions (an `AlertState<Alert>` as an `AlertState<ErasedButtonAction>`).
  static func accepts(_ payload: Any.Type, as value: Any.Type) -> Bool {
    guard let erasable = payload as? any ErasableButtonActions.Type else { return false }
    return erasable.erasedType == value
  }

  /// `payload` with its buttons' actions erased, when that makes a `Value`.
  static func erase<Value>(_ payload: Any, as _: Value.Type) -> Value? {
    (payload as? any ErasableButtonActions)?.erasingButtonActions() as? Value
  }
}
