#if canImport(SwiftUI)
  import SwiftUI
#endif

/// A button of an ``AlertState`` or a ``ConfirmationDialogState``: its label, its role and the
/// action tapping it sends.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion) {
///   TextState("Delete")
/// }
/// ButtonState(role: .cancel) { TextState("Cancel") }   // just dismisses
/// ```
public struct ButtonState<Action> {
  /// How the button is presented: a cancel or a destructive button, or a plain one (`nil`).
  public let role: ButtonStateRole?
  /// What tapping the button sends (after which the alert or dialog is dismissed).
  public let action: ButtonStateAction<Action>
  /// The button's text.
  public let label: TextState

  /// A button that sends `action` when tapped (`.send(nil)`, the default, only dismisses).
  public init(
    role: ButtonStateRole? = nil,
    action: ButtonStateAction<Action> = .send(nil),
    label: () -> TextState
  ) {
    self.role = role
    self.action = action
    self.label = label()
  }

  /// A button that sends `action` when tapped.
  public init(role: ButtonStateRole? = nil, action: Action, label: () -> TextState) {
    self.init(role: role, action: .send(action), label: label)
  }

  /// What tapping the button sends to the feature that presents it: `.presented(action)`, or
  /// `.dismiss` for a button without an action. A UI layer sends this, embedded in the
  /// feature's presentation action:
  ///
  /// ```swift
  /// store.send(.alert(button.presentationAction))
  /// ```
  public var presentationAction: PresentationAction<Action> {
    action.action.map(PresentationAction.presented) ?? .dismiss
  }
}

/// The role of a ``ButtonState``.
public enum ButtonStateRole: String, Equatable, Hashable, Sendable {
  /// Cancels: shown apart from the others, and chosen by the platform's cancel gesture.
  case cancel
  /// Destroys data: shown in a warning style.
  case destructive
}

/// What a ``ButtonState`` sends when tapped.
public enum ButtonStateAction<Action> {
  /// Sends `action` (`nil`: nothing, the button only dismisses), with `animation` (see
  /// ``Animation``): `.send(.deleteTapped, animation: .default)`.
  case send(Action?, animation: Animation? = nil)

  /// The action, or `nil` for a button that only dismisses.
  public var action: Action? {
    switch self {
    case .send(let action, _): action
    }
  }

  /// The animation the action is sent with, if any.
  public var animation: Animation? {
    switch self {
    case .send(_, let animation): animation
    }
  }
}

/// Builds the buttons of an alert or a dialog, one per line, with `if` and `for` allowed.
@resultBuilder
public enum ButtonStateBuilder<Action> {
  /// A button.
  public static func buildExpression(_ button: ButtonState<Action>) -> [ButtonState<Action>] {
    [button]
  }
  /// The buttons of a block, in order.
  public static func buildBlock(_ buttons: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    buttons.flatMap { $0 }
  }
  /// Buttons shown only when an `if` condition held.
  public static func buildOptional(_ buttons: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    buttons ?? []
  }
  /// The `if` branch of an `if`/`else`.
  public static func buildEither(first buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }
  /// The `else` branch of an `if`/`else`.
  public static func buildEither(second buttons: [ButtonState<Action>]) -> [ButtonState<Action>] {
    buttons
  }
  /// The buttons a `for` loop made.
  public static func buildArray(_ buttons: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    buttons.flatMap { $0 }
  }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}
extension ButtonStateAction: Equatable where Action: Equatable {
  /// The same action, sent with the same animation.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.action == rhs.action && lhs.animation == rhs.animation
  }
}

extension ButtonStateAction: Hashable where Action: Hashable {
  /// Hashes the action only. (SwiftUI's animations are not hashable; equal values still hash
  /// alike.)
  public func hash(into hasher: inout Hasher) {
    hasher.combine(action)
  }
}
extension ButtonStateAction: Sendable where Action: Sendable {}

extension ButtonStateAction: CustomDumpRepresentable {
  /// Dumps as it is written: `.send(.delete)`, `.send(.delete, animation: Animation.default)`.
  public var customDumpValue: Any {
    if let animation { return AnimatedSend.send(action, animation: animation) }
    return PlainSend.send(action)
  }

  // NB: the case as it would be written, without the animation when there is none.
  private enum PlainSend {
    case send(Action?)
  }

  private enum AnimatedSend {
    case send(Action?, animation: Animation)
  }
}
