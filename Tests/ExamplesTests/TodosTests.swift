import Foundation
import ReducerKit
import ReducerKitTesting
import Testing
import TodosExample

@MainActor
@Suite struct TodosTests {
  private func makeStore(
    _ todos: IdentifiedArrayOf<Todo.State> = [], clock: TestClock = TestClock()
  ) -> TestStoreOf<Todos> {
    TestStore(initialState: Todos.State(todos: todos)) {
      Todos()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.continuousClock = clock
    }
  }

  private static let milk = Todo.State(id: UUID(0), title: "milk")
  private static let eggs = Todo.State(id: UUID(1), title: "eggs")

  @Test func addsTrimmedTodosAndIgnoresBlankOnes() async {
    let store = makeStore()
    await store.send(.view(.addTapped(title: "  milk "))) {
      $0.history = [[]]
      $0.todos = [Self.milk]
    }
    await store.send(.view(.addTapped(title: "   ")))
  }

  @Test func completedTodosMoveDownASecondAfterTheLastToggle() async {
    let clock = TestClock()
    let store = makeStore([Self.milk, Self.eggs], clock: clock)
    await store.send(.todos(.element(id: UUID(0), action: .toggleTapped))) {
      $0.todos[id: UUID(0)]?.isComplete = true
      $0.history = [[Self.milk, Self.eggs]]
    }
    await clock.advance(by: .milliseconds(500))
    // A second toggle restarts the wait.
    await store.send(.todos(.element(id: UUID(1), action: .toggleTapped))) {
      $0.todos[id: UUID(1)]?.isComplete = true
      $0.history.append([Todo.State(id: UUID(0), title: "milk", isComplete: true), Self.eggs])
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(.todos(.element(id: UUID(1), action: .toggleTapped))) {
      $0.todos[id: UUID(1)]?.isComplete = false
      $0.history.append([
        Todo.State(id: UUID(0), title: "milk", isComplete: true),
        Todo.State(id: UUID(1), title: "eggs", isComplete: true),
      ])
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.internal.sortCompleted) {
      $0.todos = [Self.eggs, Todo.State(id: UUID(0), title: "milk", isComplete: true)]
    }
  }

  @Test func editingCancelsThePendingSort() async {
    let clock = TestClock()
    let store = makeStore([Self.milk, Self.eggs], clock: clock)
    await store.send(.todos(.element(id: UUID(0), action: .toggleTapped))) {
      $0.todos[id: UUID(0)]?.isComplete = true
      $0.history = [[Self.milk, Self.eggs]]
    }
    await store.send(.todos(.element(id: UUID(1), action: .titleChanged("free-range eggs")))) {
      $0.todos[id: UUID(1)]?.title = "free-range eggs"
      // Undo takes back the edit alone: the list as it was after the toggle.
      $0.history.append([Todo.State(id: UUID(0), title: "milk", isComplete: true), Self.eggs])
    }
    await clock.run()
    await store.send(.view(.undoTapped)) {
      $0.todos[id: UUID(1)]?.title = "eggs"
      $0.history.removeLast()
    }
  }

  @Test func deletingAsksFirst() async {
    let store = makeStore([Self.milk, Self.eggs])
    let dialog = ConfirmationDialogState<Todos.Action.Dialog>(titleVisibility: .visible) {
      TextState("Delete “milk”?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion(id: UUID(0))) {
        TextState("Delete")
      }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
    await store.send(.view(.deleteTapped(id: UUID(0)))) { $0.dialog = dialog }
    await store.send(.dialog(.dismiss)) { $0.dialog = nil }
    await store.send(.view(.deleteTapped(id: UUID(0)))) { $0.dialog = dialog }
    await store.send(.dialog(.presented(.confirmDeletion(id: UUID(0))))) {
      $0.dialog = nil
      $0.history = [[Self.milk, Self.eggs]]
      $0.todos = [Self.eggs]
    }
    // A row that no longer exists asks nothing.
    await store.send(.view(.deleteTapped(id: UUID(0))))
  }

  @Test func clearsCompletedTodosAfterConfirming() async {
    var done = Self.eggs
    done.isComplete = true
    let store = makeStore([Self.milk, done])
    await store.send(.view(.clearCompletedTapped)) {
      $0.dialog = ConfirmationDialogState(titleVisibility: .visible) {
        TextState("Clear completed todos?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmClearCompleted) { TextState("Clear") }
        ButtonState(role: .cancel) { TextState("Cancel") }
      }
    }
    await store.send(.dialog(.presented(.confirmClearCompleted))) {
      $0.dialog = nil
      $0.history = [[Self.milk, done]]
      $0.todos = [Self.milk]
    }
    // Nothing completed: nothing to ask.
    await store.send(.view(.clearCompletedTapped))
  }

  @Test func movesFiltersAndUndoes() async {
    var done = Self.eggs
    done.isComplete = true
    let store = makeStore([Self.milk, done])
    await store.send(.view(.moved(from: [1], to: 0))) {
      $0.history = [[Self.milk, done]]
      $0.todos = [done, Self.milk]
    }
    await store.send(.view(.filterChanged(.completed))) { $0.filter = .completed }
    #expect(store.state.visibleTodos == [done])
    await store.send(.view(.filterChanged(.active))) { $0.filter = .active }
    #expect(store.state.visibleTodos == [Self.milk])
    await store.send(.view(.undoTapped)) {
      $0.history = []
      $0.todos = [Self.milk, done]
    }
    // Nothing left to undo.
    await store.send(.view(.undoTapped))
  }

  @Test func undoRevertsAToggle() async {
    let clock = TestClock()
    let store = makeStore([Self.milk], clock: clock)
    await store.send(.todos(.element(id: UUID(0), action: .toggleTapped))) {
      $0.todos[id: UUID(0)]?.isComplete = true
      $0.history = [[Self.milk]]
    }
    await store.send(.view(.undoTapped)) {
      $0.todos = [Self.milk]
      $0.history = []
    }
    await clock.run()
  }
}
