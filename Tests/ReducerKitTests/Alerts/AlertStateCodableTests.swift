import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// Alerts and dialogs are `Codable` when their actions are, so that a feature holding one
/// records to a file and replays from it.
@MainActor
@Suite struct AlertStateCodableTests {
  enum Choice: Codable, Equatable, Sendable { case delete, keep }

  func roundTrip<Value: Codable>(_ value: Value) throws -> (json: String, value: Value) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(value)
    return (String(decoding: data, as: UTF8.self), try JSONDecoder().decode(Value.self, from: data))
  }

  @Test func anAlertReadsBackEqualWithItsFormattingRolesAndActions() throws {
    let alert = AlertState<Choice> {
      TextState("Delete ") + TextState("Groceries").bold().italic() + TextState("?")
    } actions: {
      ButtonState(role: .destructive, action: .delete) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("This cannot be undone.")
    }
    let (json, read) = try roundTrip(alert)
    #expect(read == alert)
    #expect(json.contains(#""message":"This cannot be undone.""#))
    #expect(json.contains(#"{"emphasis":["bold","italic"],"string":"Groceries"}"#))
    #expect(json.contains(#"{"action":{"delete":{}},"label":"Delete","role":"destructive"}"#))
    #expect(json.contains(#"{"label":"Cancel","role":"cancel"}"#))
  }

  @Test func aDialogReadsBackEqualWithItsTitleVisibility() throws {
    let dialog = ConfirmationDialogState<Choice>(titleVisibility: .visible) {
      TextState("Keep the list?")
    } actions: {
      ButtonState(action: .keep) { TextState("Keep") }
    }
    let (json, read) = try roundTrip(dialog)
    #expect(read == dialog)
    #expect(json.contains(#""titleVisibility":"visible""#))
  }

  struct Inbox: Reducer {
    struct State: Equatable, Sendable, Codable {
      var messages = ["Hello"]
      @Presents var alert: AlertState<Alert>?
    }
    enum Action: Equatable, Sendable, Codable {
      case deleteTapped
      case alert(PresentationAction<Alert>)
    }
    enum Alert: Equatable, Sendable, Codable { case confirmDeletion }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .deleteTapped:
          state.alert = AlertState {
            TextState("Delete every message?")
          } actions: {
            ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
          }
        case .alert(.presented(.confirmDeletion)):
          state.messages = []
        case .alert:
          break
        }
        return .none
      }
      .ifLet(\.$alert, action: \.alert)
    }
  }

  @Test func aSessionWithAnAlertIsWrittenToAFileAndReplays() async throws {
    let store = Store(initialState: Inbox.State()) { Inbox() }
    let recording = store.startRecording()
    store.send(.deleteTapped)
    store.send(.alert(.presented(.confirmDeletion)))
    recording.stop()
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("AlertStateCodableTests-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    try recording.write(to: url)
    let read = try SessionRecording<Inbox.State, Inbox.Action>(contentsOf: url)
    #expect(read.steps.map(\.state) == recording.steps.map(\.state))
    #expect(read.steps.first?.state.alert?.title == TextState("Delete every message?"))
    #expect(await replay(read) { Inbox() })
  }
}
