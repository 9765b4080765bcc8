import ExampleTerminal
import Foundation
import ReducerKit

/// The Todos feature driven from a terminal: each command line becomes actions sent to a real
/// `Store`, the list is printed after each change, and it is saved as JSON after each change.
///
/// Commands: `add <title>`, `done <n>`, `edit <n> <title>`, `delete <n>`, `clear`,
/// `move <n> <m>`, `filter all|active|completed`, `undo`, `list`, `help`, `quit`. Blank lines
/// are ignored; a command typed at a `[y/N]` question answers it "no" and then runs.
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

  /// Where the todos are kept: `$TODOS_FILE`, else the user's data directory (`$XDG_DATA_HOME`,
  /// else the application support directory: `~/.local/share` on Linux).
  public static func defaultFile(environment: [String: String]) -> URL {
    if let path = environment["TODOS_FILE"], !path.isEmpty { return URL(fileURLWithPath: path) }
    let data =
      environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0) }
      ?? URL.applicationSupportDirectory
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
    guard let input = TerminalInput(line) else { return true }
    let words = input.arguments
    switch input.command {
    case "quit", "exit":
      return false
    case "help":
      write(Self.commands)
    case "list":
      printList()
    case "add":
      guard !input.rest.isEmpty else { return fail("\"add\" needs a title, as in \"add milk\".") }
      await perform(.view(.addTapped(title: input.rest)))
    case "done":
      guard let todo = todo(at: words.first, command: "done") else { return true }
      await perform(.todos(.element(id: todo.id, action: .toggleTapped)))
    case "edit":
      guard let todo = todo(at: words.first, command: "edit") else { return true }
      let title = words.dropFirst().joined(separator: " ")
      guard !title.isEmpty else {
        return fail("\"edit\" needs a number and a new title, as in \"edit 1 oat milk\".")
      }
      guard title != todo.title else { return fail("Todo \(words[0]) is “\(title)” already.") }
      await perform(.todos(.element(id: todo.id, action: .titleChanged(title))))
    case "delete":
      guard let todo = todo(at: words.first, command: "delete") else { return true }
      return await perform(.view(.deleteTapped(id: todo.id)), confirm: confirm)
    case "clear":
      guard store.todos.contains(where: \.isComplete) else {
        return fail("Nothing to clear: no todo is done. \"done <n>\" marks todo n done.")
      }
      return await perform(.view(.clearCompletedTapped), confirm: confirm)
    case "move":
      guard words.count == 2, let target = Int(words[1]) else {
        return fail("\"move\" needs two row numbers, as in \"move 3 1\".")
      }
      guard let todo = todo(at: words[0], command: "move"), let from = index(of: todo) else {
        return true
      }
      // Both numbers are rows of the list as shown (under the current filter).
      let visible = store.visibleTodos
      guard target >= 1, target <= visible.count, let to = index(of: visible[target - 1]) else {
        return fail("There is no row \(target) to move to: the list has \(visible.count).")
      }
      await perform(.view(.moved(from: [from], to: to > from ? to + 1 : to)))
    case "filter":
      guard let filter = Todos.Filter(rawValue: input.rest.lowercased()) else {
        return fail("\"filter\" takes all, active or completed, as in \"filter active\".")
      }
      await perform(.view(.filterChanged(filter)))
    case "undo":
      guard !store.history.isEmpty else { return fail("Nothing to undo.") }
      await perform(.view(.undoTapped))
    default:
      return fail("Unknown command \"\(printable(input.word))\". \(Self.commands)")
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

  /// The todo shown as row `text` (1-based) under the current filter, or nil after saying why.
  private func todo(at text: String?, command: String) -> Todo.State? {
    let visible = store.visibleTodos
    guard let text, let number = Int(text) else {
      _ = fail("Give the todo's number, as in \"\(command) 1\".")
      return nil
    }
    guard number >= 1, number <= visible.count else {
      let all = store.todos.count
      let message =
        if visible.count == all {
          all == 0
            ? "There is no todo \(number): the list is empty. \"add <title>\" adds one."
            : "There is no todo \(number): the list has \(all)."
        } else {
          """
          There is no todo \(number) under the \(store.filter.rawValue) filter: it shows \
          \(visible.count) of \(all). "filter all" shows them all.
          """
        }
      _ = fail(message)
      return nil
    }
    return visible[number - 1]
  }

  private func index(of todo: Todo.State) -> Int? {
    store.todos.firstIndex { $0.id == todo.id }
  }

  /// Sends `action`, waits for its effects, asks the question of a confirmation dialog it
  /// raised, then saves and prints the list if it changed. A command typed instead of an answer
  /// runs next; returns false when that command quit.
  @discardableResult
  private func perform(_ action: Todos.Action, confirm: () -> String? = { nil }) async -> Bool {
    let before = store.withState { ($0.todos, $0.filter) }
    await store.send(action).finish()
    var typed: String?
    if let dialog = store.dialog {
      let question = TerminalQuestion(dialog, write: write, ask: confirm)
      await store.send(.dialog(question.choice)).finish()
      if case .dismiss = question.choice, question.typedCommand == nil { write("Nothing changed.") }
      typed = question.typedCommand
    }
    let after = store.withState { ($0.todos, $0.filter) }
    if before.0 != after.0 { save() }
    if before.0 != after.0 || before.1 != after.1 { printList() }
    guard let typed else { return true }
    return await handle(typed, confirm: confirm)
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

  /// Starts recording the session (see `swift run todos --record FILE`).
  public func startRecording() -> SessionRecording<Todos.State, Todos.Action> {
    store.startRecording()
  }
}
