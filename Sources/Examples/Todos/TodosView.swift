#if canImport(SwiftUI)
  import ReducerKit
  import SwiftUI

  /// The todo list: a row per visible todo (each with its own store), a filter, deletion and
  /// clearing behind a confirmation dialog, reordering, and undo.
  public struct TodosView: View {
    @Bindable var store: StoreOf<Todos>
    @State private var newTitle = ""

    public init(store: StoreOf<Todos>) {
      self.store = store
    }

    public var body: some View {
      NavigationStack {
        List {
          Section {
            HStack {
              TextField("New todo", text: $newTitle)
              Button("Add") {
                store.send(.view(.addTapped(title: newTitle)))
                newTitle = ""
              }
              .disabled(newTitle.isEmpty)
            }
          }
          Section {
            HStack {
              ForEach(Todos.Filter.allCases, id: \.self) { filter in
                Button(filter.rawValue.capitalized) { store.send(.view(.filterChanged(filter))) }
                  .disabled(store.filter == filter)
              }
            }
          }
          Section {
            ForEach(store.scope(state: \.visibleTodos, action: \.todos)) { todo in
              TodoRow(store: todo)
            }
            .onDelete { offsets in
              let visible = store.visibleTodos
              for offset in offsets { store.send(.view(.deleteTapped(id: visible[offset].id))) }
            }
            .onMove { source, destination in
              store.send(.view(.moved(from: source, to: destination)))
            }
          }
        }
        .navigationTitle("Todos")
        .toolbar {
          ToolbarItem(placement: .primaryAction) {
            Button("Undo") { store.send(.view(.undoTapped)) }
              .disabled(store.history.isEmpty)
          }
          ToolbarItem(placement: .destructiveAction) {
            Button("Clear completed") { store.send(.view(.clearCompletedTapped)) }
          }
        }
        .confirmationDialog($store.scope(state: \.dialog, action: \.dialog))
      }
    }
  }

  /// One todo: a checkmark to toggle it, and its title, edited in place.
  struct TodoRow: View {
    @Bindable var store: StoreOf<Todo>

    var body: some View {
      HStack {
        Button {
          store.send(.toggleTapped)
        } label: {
          Image(systemName: store.isComplete ? "checkmark.square" : "square")
        }
        TextField("Title", text: $store.title.sending(\.titleChanged))
      }
    }
  }
#endif
