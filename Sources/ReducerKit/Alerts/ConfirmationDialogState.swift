/// A confirmation dialog (an action sheet) as state: its title, message and buttons, like an
/// ``AlertState``, plus whether the title shows.
///
/// ```swift
/// state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
///   TextState("Share")
/// } actions: {
///   ButtonState(action: .copyLink) { TextState("Copy link") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// }
/// ```
///
/// Like an alert, it is dismissed by the library after the parent reduced any of its buttons'
/// actions.
public struct ConfirmationDialogState<Action>: Identifiable {
  /// A number unique to this dialog in the process (copies share it), so that a dialog presented
  /// while another one's button is handled is another presentation. Equality ignores it.
  public internal(set) var id = EphemeralInstance.next()
  /// The title.
  public var title: TextState
  /// Whether the title shows.
  public var titleVisibility: ConfirmationDialogStateTitleVisibility
  /// The buttons, in order.
  public var buttons: [ButtonState<Action>]
  /// The message under the title.
  public var message: TextState?

  /// A dialog with a title, buttons and a message.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.titleVisibility = titleVisibility
    self.title = title()
    buttons = actions()
    self.message = message?()
  }

  /// A dialog from its parts.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    title: TextState,
    message: TextState? = nil,
    buttons: [ButtonState<Action>] = []
  ) {
    self.titleVisibility = titleVisibility
    self.title = title
    self.message = message
    self.buttons = buttons
  }
}

/// Whether a confirmation dialog shows its title.
public enum ConfirmationDialogStateTitleVisibility: String, Equatable, Hashable, Sendable {
  /// As the platform decides.
  case automatic
  /// Never.
  case hidden
  /// Always.
  case visible
}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.titleVisibility == rhs.titleVisibility
      && lhs.buttons == rhs.buttons && lhs.message == rhs.message
  }
}
extension ConfirmationDialogState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(titleVisibility)
    hasher.combine(buttons)
    hasher.combine(message)
  }
}
extension ConfirmationDialogState: Sendable where Action: Sendable {}
extension ConfirmationDialogState: EphemeralState {}

extension ConfirmationDialogState: CustomReflectable {
  /// Dumps and diffs show the title, its visibility, the message and the buttons (not the id).
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "title": title, "titleVisibility": titleVisibility, "message": message as Any,
        "buttons": buttons,
      ],
      displayStyle: .struct)
  }
}
