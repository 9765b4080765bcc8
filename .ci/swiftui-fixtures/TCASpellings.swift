// TCA 1.25's own view spellings, written as TCA writes them, with no annotation: each must
// type-check against the SwiftUI transcription (.ci/swiftui-typecheck). The reducers are written
// as reducerkit-migrate writes a TCA feature.
import ReducerKit
import SwiftUI

struct Note: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var text = ""
  }
  enum Action: Sendable { case textChanged(String) }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}
extension Note.State: ReducerState { typealias StateReducer = Note }

struct Notebook: Reducer {
  struct Destination: CaseReducer {
    @dynamicMemberLookup
    enum State: CasePathable, Equatable, Sendable {
      case edit(Note.State)
      case alert(AlertState<Alert>)
      case dialog(ConfirmationDialogState<Dialog>)
    }
    enum Action: Sendable {
      case edit(Note.Action)
      case alert(Alert)
      case dialog(Dialog)
    }
    enum Alert: Equatable, Sendable { case confirmDeletion }
    enum Dialog: Equatable, Sendable { case share }
    var body: some ReducerOf<Self> {
      Scope(state: \.edit, action: \.edit) { Note() }
    }
  }

  struct Path: CaseReducer {
    @dynamicMemberLookup
    enum State: CasePathable, Equatable, Sendable {
      case note(Note.State)
      case settings(Note.State)
    }
    enum Action: Sendable {
      case note(Note.Action)
      case settings(Note.Action)
    }
    enum CaseScope: CaseScopeEnum {
      case note(StoreOf<Note>)
      case settings(StoreOf<Note>)
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.note, action: \.note) { Note() }
      Scope(state: \.settings, action: \.settings) { Note() }
    }
  }

  struct State: Equatable, Sendable {
    var notes: IdentifiedArrayOf<Note.State> = []
    var path = StackState<Path.State>()
    var draft: Note.State?
    @Presents var destination: Destination.State?
    @Shared(.inMemory("pinned")) var isPinned = false
    @Shared(.inMemory("tags")) var tags: [String] = []
  }
  enum Action: Sendable {
    case notes(IdentifiedActionOf<Note>)
    case path(StackActionOf<Path>)
    case draft(Note.Action)
    case destination(PresentationAction<Destination.Action>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
  }
}
extension Notebook.Destination.State: CaseReducerState {
  typealias StateReducer = Notebook.Destination
}
extension Notebook.Path.State: CaseReducerState { typealias StateReducer = Notebook.Path }

struct NoteView: View {
  @Bindable var store: StoreOf<Note>
  var body: some View {
    TextField("Text", text: $store.text.sending(\.textChanged))
  }
}

struct TagView: View {
  @Binding var tag: String
  var body: some View { TextField("Tag", text: $tag) }
}

struct NotebookView: View {
  @Bindable var store: StoreOf<Notebook>

  var body: some View {
    NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
      List {
        ForEach(store.scope(\.notes, action: \.notes)) { noteStore in
          NoteView(store: noteStore)
        }
        NavigationLink("Settings", state: Notebook.Path.State.settings(Note.State(id: 0)))
        NavigationLink(verbatimTitle, state: Notebook.Path.State.note(Note.State(id: 1)))
        if let draft = store.scope(state: \.draft, action: \.draft) {
          Text(draft.text)
        }
        if let draft = store.scope(\.draft, action: \.draft) {
          NoteView(store: draft)
        }
        Toggle("Pinned", isOn: Binding(store.$isPinned))
        ForEach(Array(store.$tags), id: \.self) { $tag in
          TagView(tag: Binding($tag))
        }
      }
      .sheet(item: $store.scope(\.$destination, action: \.destination).edit) { store in
        NoteView(store: store)
      }
      .sheet(item: $store.scope(\.destination?.edit, action: \.destination.edit)) { store in
        NoteView(store: store)
      }
      .alert($store.scope(state: \.destination?.alert, action: \.destination.alert))
      .confirmationDialog($store.scope(\.destination?.dialog, action: \.destination.dialog))
    } destination: { store in
      switch store.case {
      case .note(let store):
        NoteView(store: store)
      case .settings(let store):
        NoteView(store: store)
      }
    }
  }

  var verbatimTitle: String { "Note" }
}

// A stack with its path unlabelled, and a generic view holding a store.
struct StackOnlyView: View {
  @Bindable var store: StoreOf<Notebook>
  var body: some View {
    NavigationStack(path: $store.scope(\.path, action: \.path)) {
      Text("Root")
    } destination: { store in
      switch store.case {
      case .note(let store): NoteView(store: store)
      case .settings(let store): NoteView(store: store)
      }
    }
  }
}

struct Demo<State, Action: Sendable, Content: View>: View {
  let store: Store<State, Action>
  @ViewBuilder let content: (Store<State, Action>) -> Content
  var body: some View { content(store) }
}

@MainActor func previewDependencies() {
  prepareDependencies { $0.defaultFileStorage = .inMemory }
}
