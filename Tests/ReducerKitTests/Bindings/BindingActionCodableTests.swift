import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// Binding actions are `Codable` by field name and value, so that a feature with bindings records
/// to a file and replays from it.
@MainActor
@Suite struct BindingActionCodableTests {
  struct Opaque: Equatable, Sendable {}
  struct Compose: Reducer {
    struct State: Equatable, Sendable, Codable {
      var subject = ""
      var isUrgent = false
    }
    enum Action: BindableAction, Equatable, Sendable, Codable {
      case binding(BindingAction<State>)
      case sendTapped
    }
    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        if case .sendTapped = action { state.subject = "" }
        return .none
      }
    }
  }

  @Test func aBindingActionIsItsFieldAndValue() throws {
    let action = BindingAction<Compose.State>.set(\.subject, "Lunch")
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(action)
    #expect(String(decoding: data, as: UTF8.self) == #"{"field":"subject","value":"Lunch"}"#)
    #expect(try JSONDecoder().decode(BindingAction<Compose.State>.self, from: data) == action)
  }

  @Test func aFieldTheStateDoesNotHaveIsNamedWhenRead() {
    let data = Data(#"{"field":"body","value":"x"}"#.utf8)
    let error = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(BindingAction<Compose.State>.self, from: data)
    }
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected a corrupted-data error, got \(String(describing: error))")
      return
    }
    #expect(context.debugDescription.hasSuffix("has no stored field \"body\"."))
  }

  @Test func aSessionWithBindingsIsWrittenToAFileAndReplays() async throws {
    let store = Store(initialState: Compose.State()) { Compose() }
    let recording = store.startRecording()
    store.send(.binding(.set(\.subject, "Lunch")))
    store.send(.binding(.set(\.isUrgent, true)))
    store.send(.sendTapped)
    recording.stop()
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("BindingActionCodableTests-\(UUID().uuidString).json")
    defer { try? FileManager.default.removeItem(at: url) }
    try recording.write(to: url)
    let read = try SessionRecording<Compose.State, Compose.Action>(contentsOf: url)
    #expect(read.steps.map(\.action) == recording.steps.map(\.action))
    #expect(read.steps.map(\.state) == recording.steps.map(\.state))
    #expect(await replay(read) { Compose() })
  }
}
