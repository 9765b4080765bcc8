import ReducerKit
import Testing

/// Alerts, dialogs, buttons and text as plain values: built with result builders, compared,
/// dumped, and read by a UI layer.
@Suite struct AlertStateTests {
  enum Choice: Equatable, Hashable, Sendable {
    case delete
    case archive(id: Int)
  }

  static func deleteAlert(title: String = "Delete?") -> AlertState<Choice> {
    AlertState {
      TextState(title)
    } actions: {
      ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("This cannot be undone.")
    }
  }

  @Test func buildsTitleButtonsAndMessage() {
    let alert = Self.deleteAlert()
    #expect(alert.title == "Delete?")
    #expect(alert.message == TextState("This cannot be undone."))
    #expect(alert.buttons.map(\.label.string) == ["Delete", "Cancel"])
    #expect(alert.buttons.map(\.role) == [.destructive, .cancel])
    #expect(alert.buttons.map(\.action) == [.send(.delete), .send(nil)])
  }

  @Test func buildsButtonsWithConditionsAndLoops() {
    for canArchive in [false, true] {
      let alert = AlertState<Choice> {
        TextState("Manage")
      } actions: {
        if canArchive {
          for id in 1...2 {
            ButtonState(action: .send(.archive(id: id))) { TextState("Archive \(id)") }
          }
        } else {
          ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
        }
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
      let labels = alert.buttons.map(\.label.string)
      #expect(
        labels == (canArchive ? ["Archive 1", "Archive 2", "Cancel"] : ["Delete", "Cancel"]))
      #expect(alert.message == nil)
    }
  }

  @Test func anAlertWithoutButtonsHasNone() {
    let alert = AlertState<Choice> { TextState("Saved") }
    #expect(alert.buttons.isEmpty)
    #expect(alert == AlertState(title: "Saved"))
  }

  @Test func comparesByContentNotByInstance() {
    #expect(Self.deleteAlert() == Self.deleteAlert())
    #expect(Self.deleteAlert().hashValue == Self.deleteAlert().hashValue)
    #expect(Self.deleteAlert() != Self.deleteAlert(title: "Remove?"))
    #expect(Self.deleteAlert().id != Self.deleteAlert().id)
    let alert = Self.deleteAlert()
    let copy = alert
    #expect(copy.id == alert.id)
  }

  @Test func aButtonTapMeansItsActionOrADismissal() {
    let alert = Self.deleteAlert()
    #expect(alert.buttons[0].presentationAction == .presented(.delete))
    #expect(alert.buttons[1].presentationAction == .dismiss)
  }

  @Test func dumpsReadably() {
    #expect(
      customDump(Self.deleteAlert()) == """
        AlertState<AlertStateTests.Choice>(
          title: "Delete?",
          message: "This cannot be undone.",
          buttons: [
            [0]: ButtonState<AlertStateTests.Choice>(
              role: .destructive,
              action: .send(.delete),
              label: "Delete"
            ),
            [1]: ButtonState<AlertStateTests.Choice>(
              role: .cancel,
              action: .send(nil),
              label: "Cancel"
            )
          ]
        )
        """
    )
  }

  @Test func buildsADialogWithItsTitleVisibility() {
    let dialog = ConfirmationDialogState<Choice>(titleVisibility: .visible) {
      TextState("Share")
    } actions: {
      ButtonState(action: .archive(id: 7)) { TextState("Archive") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
    #expect(dialog.titleVisibility == .visible)
    #expect(dialog.buttons.map(\.presentationAction) == [.presented(.archive(id: 7)), .dismiss])
    #expect(ConfirmationDialogState<Choice> { TextState("Share") }.titleVisibility == .automatic)
    #expect(
      customDump(dialog) == """
        ConfirmationDialogState<AlertStateTests.Choice>(
          title: "Share",
          titleVisibility: .visible,
          message: nil,
          buttons: [
            [0]: ButtonState<AlertStateTests.Choice>(
              role: nil,
              action: .send(.archive(id: 7)),
              label: "Archive"
            ),
            [1]: ButtonState<AlertStateTests.Choice>(
              role: .cancel,
              action: .send(nil),
              label: "Cancel"
            )
          ]
        )
        """
    )
  }

  @Test func textConcatenatesAndKeepsItsEmphasis() {
    let text: TextState = TextState("Delete").bold() + " " + TextState("forever").italic().bold()
    #expect(text.string == "Delete forever")
    #expect(text.runs.map(\.emphasis) == [[.bold], [], [.bold, .italic]])
    #expect(text != TextState("Delete forever"))
    #expect(customDump(text) == #""Delete" (bold) + " " + "forever" (bold, italic)"#)
    #expect("\(TextState("plain"))" == "plain")
  }
}
