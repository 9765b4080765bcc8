// Every TCA view spelling ReducerKit supports, type-checked by .ci/swiftui-typecheck against the
// SwiftUI transcription (the examples' views use most of them; this file covers the rest).
import ReducerKit
import SwiftUI

struct Editor: Reducer {
  struct State: Equatable, Sendable { var text = "" }
  enum Action: Sendable { case textChanged(String) }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

struct Row: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var isOn = false
  }
  enum Action: BindableAction, Sendable { case binding(BindingAction<State>) }
  var body: some ReducerOf<Self> { BindingReducer() }
}

struct Feature: Reducer {
  struct Destination: Reducer {
    @dynamicMemberLookup
    enum State: CasePathable, Equatable, Sendable {
      case editor(Editor.State)
      case picker(Editor.State)
      case cover(Editor.State)
      case pushed(Editor.State)
      case dialog(ConfirmationDialogState<Dialog>)
    }
    enum Action: Sendable {
      case editor(Editor.Action)
      case picker(Editor.Action)
      case cover(Editor.Action)
      case pushed(Editor.Action)
      case dialog(Dialog)
    }
    enum Dialog: Equatable, Sendable { case confirm }
    var body: some ReducerOf<Self> {
      Scope(state: \.editor, action: \.editor) { Editor() }
    }
  }
  struct State: Equatable, Sendable {
    var query = ""
    var title = ""
    var rows: IdentifiedArrayOf<Row.State> = []
    var path = StackState<Editor.State>()
    @Presents var child: Editor.State?
    @Presents var destination: Destination.State?
    @Presents var dialog: ConfirmationDialogState<Action.Dialog>?
  }
  enum Action: BindableAction, Sendable {
    case binding(BindingAction<State>)
    case queryChanged(String)
    case rows(IdentifiedActionOf<Row>)
    case path(StackActionOf<Editor>)
    case child(PresentationAction<Editor.Action>)
    case destination(PresentationAction<Destination.Action>)
    case dialog(PresentationAction<Dialog>)
    enum Dialog: Equatable, Sendable { case confirm }
  }
  var body: some ReducerOf<Self> {
    BindingReducer()
  }
}

struct EditorView: View {
  @Bindable var store: StoreOf<Editor>
  var body: some View {
    TextField("Text", text: $store.text.sending(\.textChanged))
  }
}

struct RowView: View {
  @Bindable var store: StoreOf<Row>
  var body: some View {
    Toggle("On", isOn: $store.isOn)
  }
}

struct FeatureView: View {
  @Bindable var store: StoreOf<Feature>

  var body: some View {
    NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
      List {
        TextField("Title", text: $store.title)
        TextField("Query", text: $store.query.sending(\.queryChanged))
        ForEach(store.scope(state: \.rows, action: \.rows)) { rowStore in
          RowView(store: rowStore)
        }
        NavigationLink(state: Editor.State(text: "pushed")) {
          Text("Push")
        }
      }
      .sheet(item: $store.scope(state: \.child, action: \.child)) { store in
        EditorView(store: store)
      }
      .sheet(item: $store.scope(state: \.destination?.editor, action: \.destination.editor)) {
        store in EditorView(store: store)
      }
      .popover(item: $store.scope(state: \.destination?.picker, action: \.destination.picker)) {
        store in EditorView(store: store)
      }
      .fullScreenCover(
        item: $store.scope(state: \.destination?.cover, action: \.destination.cover)
      ) { store in EditorView(store: store) }
      .navigationDestination(
        item: $store.scope(state: \.destination?.pushed, action: \.destination.pushed)
      ) { store in EditorView(store: store) }
      .confirmationDialog($store.scope(state: \.dialog, action: \.dialog))
      .confirmationDialog(
        $store.scope(state: \.destination?.dialog, action: \.destination.dialog)
          as Binding<
            Store<ConfirmationDialogState<Feature.Destination.Dialog>, Feature.Destination.Dialog>?
          >
      )
    } destination: { store in
      EditorView(store: store)
    }
  }
}

// Outside SwiftUI's closures, row stores are an array of stores.
@MainActor func rowStores(_ store: StoreOf<Feature>) -> [StoreOf<Row>] {
  store.scope(state: \.rows, action: \.rows)
}
