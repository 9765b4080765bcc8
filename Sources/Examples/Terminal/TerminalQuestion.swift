import ReducerKit

/// An alert or a confirmation dialog shown in a terminal, and the user's answer read.
///
/// A question whose title ends in "?" is asked as it is, with `[y/N]`; otherwise the title and
/// message are printed and the one button that does something is asked about (`Send a new
/// code? [y/N]`). Several such buttons are numbered. An alert with nothing to choose is printed
/// and dismissed. A line that is not an answer is taken as "no" and handed back, to run as a
/// command.
@MainActor
public struct TerminalQuestion<Action> {
  /// What was chosen: a button's action, or `.dismiss`.
  public var choice: PresentationAction<Action>
  /// A command typed instead of an answer, to run next.
  public var typedCommand: String?

  /// Shows `alert` with `write`, and reads the answer with `ask`.
  public init(
    _ alert: AlertState<Action>, write: (String) -> Void, ask: () -> String?
  ) {
    self.init(
      title: alert.title.string, message: alert.message?.string, buttons: alert.buttons,
      write: write, ask: ask)
  }

  /// Shows `dialog` with `write`, and reads the answer with `ask`.
  public init(
    _ dialog: ConfirmationDialogState<Action>, write: (String) -> Void, ask: () -> String?
  ) {
    self.init(
      title: dialog.title.string, message: dialog.message?.string, buttons: dialog.buttons,
      write: write, ask: ask)
  }

  private init(
    title: String, message: String?, buttons: [ButtonState<Action>],
    write: (String) -> Void, ask: () -> String?
  ) {
    let choices = buttons.compactMap { button in
      button.role == .cancel ? nil : button.action.action.map { (button.label.string, $0) }
    }
    let titleAsks = title.hasSuffix("?") && choices.count == 1
    if !titleAsks { write(title) }
    if let message { write(message) }
    choice = .dismiss
    typedCommand = nil
    switch choices.count {
    case 0:
      return
    case 1:
      write("\(titleAsks ? title : "\(choices[0].0)?") [y/N]")
    default:
      for (number, (label, _)) in choices.enumerated() { write("\(number + 1). \(label)") }
      write("Choose 1–\(choices.count), or press return for none:")
    }
    let line = ask()
    if choices.count > 1, let number = line.flatMap({ Int($0) }),
      choices.indices.contains(number - 1)
    {
      choice = .presented(choices[number - 1].1)
      return
    }
    switch TerminalAnswer(line) {
    case .yes where choices.count == 1:
      choice = .presented(choices[0].1)
    case .yes, .no:
      break
    case .command(let command):
      write("\"\(printable(command))\" is not y or n: taken as no, and run as a command.")
      typedCommand = command
    }
  }
}
