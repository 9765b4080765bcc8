import ReducerKit
import ReducerKitTesting
import Testing

/// `update(_:at:)`, `remove(_:)` and `contains(_:)`, as swift-identified-collections has them:
/// elements found by their ids.
@Suite struct IdentifiedArrayUpdatesTests {
  struct Todo: Identifiable, Equatable, Sendable {
    var id: Int
    var title: String
  }

  @Test func updateReplacesTheElementAtAnIndexKeepingItsID() {
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
    let original = todos.update(Todo(id: 2, title: "Bread"), at: 1)
    #expect(original == Todo(id: 2, title: "Eggs"))
    #expect(todos.elements == [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Bread")])
    #expect(todos.index(id: 2) == 1)
  }

  @Test func updateWithAnotherIDIsAWarningAndLeavesTheArray() {
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk")]
    expectIssues {
      let current = todos.update(Todo(id: 7, title: "Bread"), at: 0)
      #expect(current == Todo(id: 1, title: "Milk"))
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #""IdentifiedArray.update(_:at:)" was given an element whose id is 7 under the id 1"#)
        == true
    }
    #expect(todos.elements == [Todo(id: 1, title: "Milk")])
  }

  @Test func removeAndContainsFindAnElementByItsIDAlone() {
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk"), Todo(id: 2, title: "Eggs")]
    let edited = Todo(id: 1, title: "Oat milk")
    #expect(todos.contains(edited))
    #expect(!todos.contains(Todo(id: 3, title: "Milk")))
    #expect(todos.remove(edited) == Todo(id: 1, title: "Milk"))
    #expect(todos.remove(edited) == nil)
    #expect(todos.elements == [Todo(id: 2, title: "Eggs")])
    #expect(todos.index(id: 2) == 0)
  }
}
