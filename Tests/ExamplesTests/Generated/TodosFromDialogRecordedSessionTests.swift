import ReducerKit
import Testing
import TodosExample

/// 2 steps of a recorded session, from step 5 on, reduced again
/// by the reducer alone (no effect runs: what effects sent back is among the steps).
@MainActor
@Test func theRecordedTodosSessionFromItsDialogReducesAsItDid() {
  withDependencies {
    $0.uuid = .incrementing
  } operation: {
    let feature = Todos()
    var state = Todos.State()

    // The state steps 0…4 left.
    state.history = [
      [],
      [Todo.State(id: UUID(0), title: "milk", isComplete: false)],
      [
        Todo.State(id: UUID(0), title: "milk", isComplete: false),
        Todo.State(id: UUID(1), title: "eggs", isComplete: false),
      ],
    ]
    state.todos = [
      Todo.State(id: UUID(1), title: "eggs", isComplete: false),
      Todo.State(id: UUID(0), title: "milk", isComplete: true),
    ]
    state.filter = .active

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
