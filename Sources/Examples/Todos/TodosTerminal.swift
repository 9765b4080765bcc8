import Foundation
import ReducerKit

/// The Todos feature driven from a terminal: each command line becomes actions sent to a real
/// `Store`, the list is printed after each change, and it is saved as JSON after each change.
///
/// Commands: `add <title>`, `done <n>`, `edit <n> <title>`, `delete <n>`, `clear`,
/// `move <n> <m>`, `filter all|active|completed`, `undo`, `list`, `help`, `quit`.
@MainActor
public final class TodosTerminal {
  let store: StoreOf<Todos>
  private let file: URL
  private let write: (String) -> Void

  /// A terminal over the todos saved at `file` (an empty list when there is none); output goes
  /// to `write`, a line at a time.
  public init(file: URL, write: @escaping (String) -> Void) {
    self.file = file
    self.write = write
    let saved = Self.load(file, write: write)
    // NB: an immediate clock: a toggled row moves down before the list is printed, so what a
    // command prints does not depend on how fast the next one is typed.
    store = Store(initialState: Todos.State(todos: saved)) {
      Todos()
    } withDependencies: {
      $0.continuousClock = ImmediateClock()
    }
  }

  /// Where the todos are kept: `$TODOS_FILE`, else the user's data directory.
  public static func defaultFile(environment: [String: String]) -> URL {
    if let path = environment["TODOS_FILE"], !path.isEmpty { return URL(fileURLWithPath: path) }
    let data =
      environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share")
    return data.appendingPathComponent("reducerkit-todos/todos.json")
  }

  /// Prints the list as it is at start.
  public func start() {
    write("Todos (\(file.path)). Type \"help\" for the commands.")
    printList()
  }

  /// Runs one command line; `confirm` reads the answer to a confirmation. Returns false when
  /// the user quit.
  public func handle(_ line: String, confirm: () -> String?) async -> Bool {
    let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    guard let command = words.first?.lowercased() else { return true }
    let rest = words.dropFirst().joined(separator: " ")
    switch command {
    case "quit", "exit":
      return false
    case "help":
      write(Self.commands)
    case "list":
      printList()
    case "add":
      guard !rest.isEmpty else { return fail("\"add\" needs a title, as in \"add milk\".") }
      await perform(.view(.addTapped(title: rest)))
    case "done":
      guard let todo = todo(at: words.dropFirst().first) else { return true }
      await perform(.todos(.element(id: todo.id, action: .toggleTapped)))
    case "edit":
      guard let todo = todo(at: words.dropFirst().first) else { return true }
      let title = words.dropFirst(2).joined(separator: " ")
      guard !title.isEmpty else { return fail("\"edit\" needs a number and a new title.") }
      await perform(.todos(.element(id: todo.id, action: .titleChanged(title))))
    case "delete":
      guard let todo = todo(at: words.dropFirst().first) else { return true }
      await perform(.view(.deleteTapped(id: todo.id)), confirm: confirm)
    case "clear":
      await perform(.view(.clearCompletedTapped), confirm: confirm)
    case "move":
      guard words.count == 3, let target = Int(words[2]) else {
        return fail("\"move\" needs two row numbers, as in \"move 3 1\".")
      }
      guard let todo = todo(at: words[1]), let from = index(of: todo) else { return true }
      // Both numbers are rows of the list as shown (under the current filter).
      let visible = store.visibleTodos
      guard target >= 1, target <= visible.count, let to = index(of: visible[target - 1]) else {
        return fail("There is no row \(target) to move to: the list has \(visible.count).")
      }
      await perform(.view(.moved(from: [from], to: to > from ? to + 1 : to)))
    case "filter":
      guard let filter = Todos.Filter(rawValue: rest.lowercased()) else {
        return fail("\"filter\" takes all, active or completed.")
      }
      await perform(.view(.filterChanged(filter)))
    case "undo":
      guard !store.history.isEmpty else { return fail("Nothing to undo.") }
      await perform(.view(.undoTapped))
    default:
      return fail("Unknown command \"\(command)\". \(Self.commands)")
    }
    return true
  }

  static let commands = """
    Commands: add <title>, done <n>, edit <n> <title>, delete <n>, clear, move <n> <m>, \
    filter all|active|completed, undo, list, help, quit.
    """
  private func fail(_ message: String) -> Bool {
    write("error: \(message)")
    return true
  }

  /// The todo shown as row `text` (1-based) under the current filter.
  private func todo(at text: String?) -> Todo.State? {
    let visible = store.visibleTodos
    guard let text, let number = Int(text) else {
      _ = fail("Give the todo's number, as in \"done 1\".")
      return nil
    }
    guard number >= 1, number <= visible.count else {
      _ = fail(
        visible.isEmpty
          ? "There is no todo \(number): the list is empty."
          : "There is no todo \(number): the list has \(visible.count).")
      return nil
    }
    return visible[number - 1]
  }

  private func index(of todo: Todo.State) -> Int? {
    store.todos.firstIndex { $0.id == todo.id }
  }

  /// Sends `action`, waits for its effects, answers a confirmation dialog it raised, then
  /// saves and prints the list if it changed.
  private func perform(_ action: Todos.Action, confirm: () -> String? = { nil }) async {
    let before = store.withState { ($0.todos, $0.filter) }
    await store.send(action).finish()
    if let dialog = store.dialog {
      write("\(dialog.title.string) [y/N]")
      let answer = confirm()?.lowercased()
      let button = (answer == "y" || answer == "yes") ? dialog.buttons.first : dialog.buttons.last
      if let button { await store.send(.dialog(button.presentationAction)).finish() }
    }
    let after = store.withState { ($0.todos, $0.filter) }
    guard before.0 != after.0 || before.1 != after.1 else { return }
    if before.0 != after.0 { save() }
    printList()
  }

  private func printList() {
    let visible = store.visibleTodos
    let filter = store.filter == .all ? "" : " (\(store.filter.rawValue))"
    guard !visible.isEmpty else { return write("No todos\(filter).") }
    write("Todos\(filter):")
    for (offset, todo) in visible.enumerated() {
      write("\(offset + 1). [\(todo.isComplete ? "x" : " ")] \(todo.title)")
    }
  }

  private func save() {
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      try FileStorage.live.save(try encoder.encode(Array(store.todos)), file)
    } catch {
      write("error: could not save to \(file.path): \(error.localizedDescription)")
    }
  }

  private static func load(_ file: URL, write: (String) -> Void) -> IdentifiedArrayOf<Todo.State> {
    do {
      guard let data = try FileStorage.live.load(file) else { return [] }
      return IdentifiedArray(
        uniqueElements: try JSONDecoder().decode([Todo.State].self, from: data))
    } catch {
      let kept =
        (try? FileStorage.live.keepCopy(file)).map { " It was copied to \($0.path)." } ?? ""
      write(
        "error: could not read \(file.path): \(error.localizedDescription).\(kept) Starting empty.")
      return []
    }
  }
}
