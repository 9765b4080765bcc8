import ReducerKit
import Testing

/// `_printChanges(.actionLabels)`: each action's case path without its values (TCA's
/// DebugTests).
@MainActor
@Suite struct CaseLabelTests {
  enum Action: Equatable, Sendable {
    case first(Bool, label: String)
    case second(Bool, Int, String)
    case screen(Screen)
    case rows(IdentifiedAction<Int, Screen.Row>)
    case sheet(PresentationAction<Screen.Row>)
    case tap

    enum Screen: Equatable, Sendable {
      case row(index: Int, action: Row)

      enum Row: Equatable, Sendable {
        case tapped
        case textChanged(query: String)
      }
    }
  }

  /// Lists what the printer was given.
  final class Printed: @unchecked Sendable {
    // NB: @unchecked Sendable: written only by the reducer, on the main actor.
    var lines: [String] = []
  }

  private func labels(of actions: [Action]) -> [String] {
    let printed = Printed()
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { _, _ in .none }._printChanges(
        .actionLabels(to: { printed.lines.append($0) }))
    }
    for action in actions { store.send(action) }
    return printed.lines
  }

  @Test func labelsCasesAndPayloadsWithoutValues() {
    #if DEBUG
      let prefix = "received action:\n  CaseLabelTests.Action"
      #expect(
        labels(of: [
          .first(true, label: "Blob"),
          .second(true, 1, "Blob"),
          .screen(.row(index: 1, action: .tapped)),
          .screen(.row(index: 1, action: .textChanged(query: "Hi"))),
          .tap,
        ]) == [
          "\(prefix).first(_:, label:)",
          "\(prefix).second(_:, _:, _:)",
          "\(prefix).screen(.row(index:, action: .tapped))",
          "\(prefix).screen(.row(index:, action: .textChanged(query:)))",
          "\(prefix).tap",
        ])
    #endif
  }

  @Test func debugCaseOutputWritesTheSameLabelAsTCANamesIt() {
    let action = Action.rows(.element(id: 7, action: .textChanged(query: "Hi")))
    #expect(
      debugCaseOutput(action)
        == "CaseLabelTests.Action.rows(.element(id:, action: .textChanged(query:)))")
    #expect(
      debugCaseOutput(action, abbreviated: true)
        == ".rows(.element(id:, action: .textChanged(query:)))")
    #expect(debugCaseOutput(Action.tap, abbreviated: true) == ".tap")
  }

  @Test func labelsTheLibrarysNavigationActions() {
    #if DEBUG
      let prefix = "received action:\n  CaseLabelTests.Action"
      #expect(
        labels(of: [
          .rows(.element(id: 7, action: .tapped)),
          .sheet(.presented(.textChanged(query: "Hi"))),
          .sheet(.dismiss),
        ]) == [
          "\(prefix).rows(.element(id:, action: .tapped))",
          "\(prefix).sheet(.presented(.textChanged(query:)))",
          "\(prefix).sheet(.dismiss)",
        ])
    #endif
  }

  @Test func anActionThatDescribesItselfGivesItsDescription() {
    #if DEBUG
      struct Described: CustomDebugStringConvertible, Sendable {
        var debugDescription: String { "the described action" }
      }
      let printed = Printed()
      let store = Store(initialState: 0) {
        Reduce<Int, Described> { _, _ in .none }._printChanges(
          .actionLabels(to: { printed.lines.append($0) }))
      }
      store.send(Described())
      #expect(printed.lines == ["received action:\n  the described action"])
    #endif
  }
}
