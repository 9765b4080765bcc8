import ReducerKit
import Testing
import TodosExample

/// A recorded session of 7 steps, reduced again by the reducer alone (no
/// effect runs: what effects sent back is among the steps).
@MainActor
@Test func aRecordedTodosSessionReducesAsItDid() {
  withDependencies {
    $0.uuid = .incrementing
  } operation: {
    let feature = Todos()
    var state = Todos.State()

    // Step 0, sent from outside the store.
    _ = feature.reduce(into: &state, action: .view(.addTapped(title: "milk")))
    #expect(state.todos == [Todo.State(id: UUID(0), title: "milk", isComplete: false)])
    #expect(state.history == [[]])

    // Step 1, sent from outside the store.
    _ = feature.reduce(into: &state, action: .view(.addTapped(title: "eggs")))
    #expect(
      state.todos == [
        Todo.State(id: UUID(0), title: "milk", isComplete: false),
        Todo.State(id: UUID(1), title: "eggs", isComplete: false),
      ])
    #expect(state.history == [[], [Todo.State(id: UUID(0), title: "milk", isComplete: false)]])

    // Step 2, sent from outside the store.
    _ = feature.reduce(into: &state, action: .todos(.element(id: UUID(0), action: .toggleTapped)))
    #expect(
      state.todos == [
        Todo.State(id: UUID(0), title: "milk", isComplete: true),
        Todo.State(id: UUID(1), title: "eggs", isComplete: false),
      ])
    #expect(
      state.history == [
        [],
        [Todo.State(id: UUID(0), title: "milk", isComplete: false)],
        [
          Todo.State(id: UUID(0), title: "milk", isComplete: false),
          Todo.State(id: UUID(1), title: "eggs", isComplete: false),
        ],
      ])

    // Step 3, sent by the effect at TodosExample/Todos.swift:139.
    _ = feature.reduce(into: &state, action: .internal(.sortCompleted))
    #expect(
      state.todos == [
        Todo.State(id: UUID(1), title: "eggs", isComplete: false),
        Todo.State(id: UUID(0), title: "milk", isComplete: true),
      ])

    // Step 4, sent from outside the store.
    _ = feature.reduce(into: &state, action: .view(.filterChanged(.active)))
    #expect(state.filter == .active)

    // Step 5, sent from outside the store.
    _ = feature.reduce(into: &state, action: .view(.deleteTapped(id: UUID(1))))
    #expect(
      state.dialog == ConfirmationDialogState(
        titleVisibility: .visible,
        title: TextState("Delete “eggs”?"),
        buttons: [
          ButtonState(role: .destructive, action: .confirmDeletion(id: UUID(1))) {
            TextState("Delete")
          },
          ButtonState(role: .cancel) { TextState("Cancel") },
        ]))

    // Step 6, sent from outside the store.
    _ = feature.reduce(into: &state, action: .dialog(.presented(.confirmDeletion(id: UUID(1)))))
    #expect(state.todos == [Todo.State(id: UUID(0), title: "milk", isComplete: true)])
    #expect(state.dialog == nil)
    #expect(
      state.history == [
        [],
        [Todo.State(id: UUID(0), title: "milk", isComplete: false)],
        [
          Todo.State(id: UUID(0), title: "milk", isComplete: false),
          Todo.State(id: UUID(1), title: "eggs", isComplete: false),
        ],
        [
          Todo.State(id: UUID(1), title: "eggs", isComplete: false),
          Todo.State(id: UUID(0), title: "milk", isComplete: true),
        ],
      ])
  }
}
