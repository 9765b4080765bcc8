import Foundation
import ReducerKit
import Testing

/// `SessionRecording.testSource(…)`: a recorded session as Swift Testing source.
@MainActor
@Suite struct SessionRecordingTestSourceTests {
  final class Handle: Sendable {}
  enum Phase: Equatable, Sendable {
    case idle
    case steeping(remaining: Duration, note: String)
  }
  struct Inbox: Reducer {
    struct Draft: Equatable, Sendable {
      var to: [String]
      var tags: [String: Int]
    }
    struct State: Sendable {
      var title = "Inbox"
      var id: UUID?
      var sent: Date?
      var phase = Phase.idle
      var draft = Draft(to: [], tags: [:])
      var handle: Handle?
    }
    enum Action: Sendable {
      case compose(to: String, tag: String)
      case rename(String)
      case stamp(UUID, Date)
      case steep(Duration)
      case attach(Handle)
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .compose(let to, let tag):
        state.draft.to.append(to)
        state.draft.tags[tag] = state.draft.to.count
      case .rename(let title):
        state.title = title
      case .stamp(let id, let date):
        state.id = id
        state.sent = date
      case .steep(let duration):
        state.phase = .steeping(remaining: duration, note: "hot")
      case .attach(let handle):
        state.handle = handle
      }
      return .none
    }
  }

  func source(_ actions: Inbox.Action...) -> String {
    let store = Store(initialState: Inbox.State()) { Inbox() }
    let recording = store.startRecording()
    for action in actions { store.send(action) }
    recording.stop()
    return recording.testSource(feature: "Inbox()", initialState: "Inbox.State()")
  }

  @Test func eachStepReducesItsActionAndExpectsTheFieldsItChanged() {
    let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    let source = source(
      .compose(to: "ada@example.com", tag: "work"),
      .rename("Quote \"this\"\nplease"),
      .stamp(id, Date(timeIntervalSince1970: 86_400)),
      .steep(.milliseconds(1_500)))
    #expect(
      source == #"""
        import ReducerKit
        import Testing

        /// A recorded session of 4 steps, reduced again by the reducer alone (no
        /// effect runs: what effects sent back is among the steps).
        @MainActor
        @Test func recordedSession() {
          let feature = Inbox()
          var state = Inbox.State()

          // Step 0, sent from outside the store.
          _ = feature.reduce(into: &state, action: .compose(to: "ada@example.com", tag: "work"))
          #expect(state.draft.to == ["ada@example.com"])
          #expect(state.draft.tags == ["work": 1])

          // Step 1, sent from outside the store.
          _ = feature.reduce(into: &state, action: .rename("Quote \"this\"\nplease"))
          #expect(state.title == "Quote \"this\"\nplease")

          // Step 2, sent from outside the store.
          _ = feature.reduce(
            into: &state,
            action: .stamp(
              UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
              Date(timeIntervalSince1970: 86400.0)))
          #expect(state.id == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!)
          #expect(state.sent == Date(timeIntervalSince1970: 86400.0))

          // Step 3, sent from outside the store.
          _ = feature.reduce(into: &state, action: .steep(.milliseconds(1500)))
          #expect(state.phase == .steeping(remaining: .milliseconds(1500), note: "hot"))
        }

        """#)
  }

  @Test func aValueThatCannotBeWrittenIsNamedAndFlagged() {
    let source = source(.attach(Handle()))
    #expect(source.contains("action: .attach(/* SessionRecordingTestSourceTests.Handle */)"))
    #expect(
      source.contains("#expect(state.handle == /* SessionRecordingTestSourceTests.Handle */)"))
    #expect(source.contains("// NB: values written as /* Type */ could not be written as Swift"))
  }

  struct Notice: Reducer {
    enum Choice: Equatable, Sendable { case archive, keep }
    struct State: Equatable, Sendable {
      @Presents var alert: AlertState<Choice>?
      @Presents var dialog: ConfirmationDialogState<Choice>?
      var banner: TextState = ""
    }
    enum Action: Sendable {
      case warn
      case ask
      case announce
    }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .warn:
        state.alert = AlertState {
          TextState("Archive?").bold()
        } actions: {
          ButtonState(role: .destructive, action: .send(.archive, animation: .easeOut)) {
            TextState("Archive")
          }
          ButtonState(role: .cancel) { TextState("Keep") }
        } message: {
          TextState("It leaves the inbox.")
        }
      case .ask:
        state.dialog = ConfirmationDialogState(titleVisibility: .hidden) {
          TextState("Keep it?")
        } actions: {
          ButtonState(action: .keep) { TextState("Keep").italic().underline() }
        }
      case .announce:
        state.banner = TextState("New: ") + TextState("threads").monospaced()
      }
      return .none
    }
  }

  @Test func alertsDialogsAndTextsAreWrittenThroughTheirInitializers() {
    let store = Store(initialState: Notice.State()) { Notice() }
    let recording = store.startRecording()
    store.send(.warn)
    store.send(.ask)
    store.send(.announce)
    recording.stop()
    let source = recording.testSource(feature: "Notice()", initialState: "Notice.State()")
    // NB: SwiftUI's animation cannot be read back as Swift; the one without SwiftUI can.
    #if canImport(SwiftUI)
      let animation = "/* Animation */"
    #else
      let animation = ".easeOut"
    #endif
    #expect(
      source.contains(
        #"""
          #expect(
            state.alert == AlertState(
              title: TextState("Archive?").bold(),
              message: TextState("It leaves the inbox."),
              buttons: [
                ButtonState(role: .destructive, action: .send(.archive, animation: \#(animation))) {
                  TextState("Archive")
                },
                ButtonState(role: .cancel) { TextState("Keep") },
              ]))
        """#))
    #expect(
      source.contains(
        #"""
          #expect(
            state.dialog == ConfirmationDialogState(
              titleVisibility: .hidden,
              title: TextState("Keep it?"),
              buttons: [ButtonState(action: .keep) { TextState("Keep").italic().underline() }]))
        """#))
    #expect(
      source.contains(
        #"#expect(state.banner == TextState("New: ") + TextState("threads").monospaced())"#))
    #if !canImport(SwiftUI)
      #expect(!source.contains("/*"))
    #endif
  }
}
