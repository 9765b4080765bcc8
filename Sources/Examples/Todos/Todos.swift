import Foundation
import ReducerKit

/// A todo list: rows with their own reducer, a filter, deletion behind a confirmation dialog,
/// reordering, undo (of every change to the list, a row's toggle and edit included), and a
/// re-sort that moves completed rows down a second after the last toggle (a toggle or an edit
/// in the meantime restarts or cancels it).
public struct Todos: Reducer {
  public enum Filter: String, CaseIterable, Equatable, Sendable, Codable {
    case all, active, completed
  }

  public struct State: Equatable, Sendable, Codable {
    public var todos: IdentifiedArrayOf<Todo.State>
    public var filter = Filter.all
    @Presents public var dialog: ConfirmationDialogState<Action.Dialog>?
    /// Earlier lists, newest last, for undo.
    public var history: [IdentifiedArrayOf<Todo.State>] = []

    public init(todos: IdentifiedArrayOf<Todo.State> = []) {
      self.todos = todos
    }

    /// The rows the filter shows.
    public var visibleTodos: IdentifiedArrayOf<Todo.State> {
      switch filter {
      case .all: todos
      case .active: todos.filter { !$0.isComplete }
      case .completed: todos.filter(\.isComplete)
      }
    }
  }

  public enum Action: CasePathable, Sendable, Codable {
    case view(View)
    case `internal`(Internal)
    case todos(IdentifiedActionOf<Todo>)
    case dialog(PresentationAction<Dialog>)

    public enum View: Equatable, Sendable, Codable {
      case addTapped(title: String)
      case deleteTapped(id: Todo.State.ID)
      case clearCompletedTapped
      case filterChanged(Filter)
      case moved(from: IndexSet, to: Int)
      case undoTapped
    }
    public enum Internal: Equatable, Sendable, Codable {
      case sortCompleted
    }
    public enum Dialog: Equatable, Sendable, Codable {
      case confirmDeletion(id: Todo.State.ID)
      case confirmClearCompleted
    }
  }

  public enum CancelID: Hashable, Sendable { case sort }

  /// How long after the last toggle completed rows move down.
  public static let sortDelay = Duration.seconds(1)

  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    // NB: before the rows' reducer, so that undo keeps the list as it was before a row changed.
    Reduce { state, action in
      switch action {
      case .todos(.element(let id, action: .toggleTapped)) where state.todos[id: id] != nil:
        state.remember()
      case .todos(.element(let id, action: .titleChanged(let title)))
      where state.todos[id: id].map({ $0.title != title }) ?? false:
        state.remember()
      default:
        break
      }
      return .none
    }
    Reduce { state, action in
      switch action {
      case .view(.addTapped(let title)):
        let title = title.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { return .none }
        state.remember()
        state.todos.append(Todo.State(id: uuid(), title: title))
        return .none

      case .view(.deleteTapped(let id)):
        guard let todo = state.todos[id: id] else { return .none }
        state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
          TextState("Delete “\(todo.title)”?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmDeletion(id: id)) {
            TextState("Delete")
          }
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
        return .none

      case .view(.clearCompletedTapped):
        guard state.todos.contains(where: \.isComplete) else { return .none }
        state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
          TextState("Clear completed todos?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmClearCompleted) {
            TextState("Clear")
          }
          ButtonState(role: .cancel) { TextState("Cancel") }
        }
        return .none

      case .dialog(.presented(.confirmDeletion(let id))):
        state.remember()
        state.todos.remove(id: id)
        return .none

      case .dialog(.presented(.confirmClearCompleted)):
        state.remember()
        state.todos.removeAll(where: \.isComplete)
        return .none

      case .view(.filterChanged(let filter)):
        state.filter = filter
        return .none

      case .view(.moved(let source, let destination)):
        state.remember()
        state.todos.move(fromOffsets: source, toOffset: destination)
        return .cancel(id: CancelID.sort)

      case .view(.undoTapped):
        guard let previous = state.history.popLast() else { return .none }
        state.todos = previous
        return .cancel(id: CancelID.sort)

      case .todos(.element(_, action: .toggleTapped)):
        return .run { [clock] send in
          try await clock.sleep(for: Self.sortDelay)
          await send(.internal(.sortCompleted))
        }
        .cancellable(id: CancelID.sort, cancelInFlight: true)

      case .todos(.element(_, action: .titleChanged)):
        return .cancel(id: CancelID.sort)

      case .internal(.sortCompleted):
        let sorted = Array(state.todos.filter { !$0.isComplete }) + state.todos.filter(\.isComplete)
        state.todos = IdentifiedArray(uniqueElements: sorted)
        return .none

      case .dialog:
        return .none
      }
    }
    .forEach(\.todos, action: Action.todos) { Todo() }
    .ifLet(\.$dialog, action: Action.dialog)
  }
}

extension Todos.State {
  /// Keeps the list as it is now, for undo (the last fifty changes).
  mutating func remember() {
    history.append(todos)
    if history.count > 50 { history.removeFirst() }
  }
}
