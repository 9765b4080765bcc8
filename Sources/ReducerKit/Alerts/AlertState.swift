/// An alert as state: its title, message and buttons. Present it with `@Presents` and `ifLet`;
/// a UI layer shows it.
///
/// ```swift
/// struct State: Equatable {
///   @Presents var alert: AlertState<Action.Alert>?
/// }
/// enum Action {
///   case alert(PresentationAction<Alert>)
///   case deleteTapped
///   enum Alert: Equatable { case confirmDeletion }
/// }
/// var body: some ReducerOf<Self> {
///   Reduce { state, action in
///     switch action {
///     case .deleteTapped:
///       state.alert = AlertState {
///         TextState("Delete?")
///       } actions: {
///         ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
///         ButtonState(role: .cancel) { TextState("Cancel") }
///       } message: {
///         TextState("This cannot be undone.")
///       }
///       return .none
///     case .alert(.presented(.confirmDeletion)):
///       // delete; the alert is already gone
///       return .none
///     case .alert:
///       return .none
///     }
///   }
///   .ifLet(\.$alert, action: Action.alert)
/// }
/// ```
///
/// An alert is dismissed by the library after the parent reduced any of its buttons' actions
/// (no reducer sets it to `nil` by hand), also as a case of a destination enum.
public struct AlertState<Action>: Identifiable {
  /// A number unique to this alert in the process (copies share it), so that an alert presented
  /// while another one's button is handled is another presentation and stays up. Equality
  /// ignores it.
  public internal(set) var id = EphemeralInstance.next()
  /// The title.
  public var title: TextState
  /// The buttons, in order; an alert without buttons shows an OK button that dismisses it.
  public var buttons: [ButtonState<Action>]
  /// The message under the title.
  public var message: TextState?

  /// An alert with a title, buttons and a message.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.title = title()
    buttons = actions()
    self.message = message?()
  }

  /// An alert from its parts.
  public init(title: TextState, message: TextState? = nil, buttons: [ButtonState<Action>] = []) {
    self.title = title
    self.message = message
    self.buttons = buttons
  }
}

extension AlertState: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}
extension AlertState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}
extension AlertState: Sendable where Action: Sendable {}
extension AlertState: EphemeralState {}

extension AlertState: CustomReflectable {
  /// Dumps and diffs show the title, the message and the buttons (not the id).
  public var customMirror: Mirror {
    Mirror(
      self, children: ["title": title, "message": message as Any, "buttons": buttons],
      displayStyle: .struct)
  }
}
