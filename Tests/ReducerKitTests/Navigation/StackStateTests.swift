import Foundation
import ReducerKit
import Testing

@Suite struct StackStateTests {
  @Test func assignsIDsInOrderAndNeverReusesThem() {
    var stack = StackState(["a", "b"])
    #expect(stack.ids == [0, 1])
    stack.append("c")
    #expect(stack.ids == [0, 1, 2])
    stack.removeLast()
    stack.append("d")
    #expect(stack.ids == [0, 1, 3])
    #expect(Array(stack) == ["a", "b", "d"])
  }

  @Test func popsFromAndToAnElement() {
    var stack: StackState<String> = ["a", "b", "c", "d"]
    stack.pop(to: 1)
    #expect(Array(stack) == ["a", "b"])
    stack.append("e")
    stack.pop(from: 1)
    #expect(Array(stack) == ["a"])
    stack.pop(from: 42)
    #expect(stack.count == 1)
  }

  @Test func readsAndWritesByID() {
    var stack: StackState<String> = ["a", "b", "c"]
    #expect(stack[id: 1] == "b")
    stack[id: 1] = "B"
    #expect(stack[id: 1] == "B")
    stack[id: 1] = nil
    // Setting nil removes that element alone; the ones above it stay.
    #expect(Array(stack) == ["a", "c"])
    #expect(stack.ids == [0, 2])
    #expect(stack[id: 7] == nil)
    stack[id: 7] = "pushed"
    #expect(stack.ids == [0, 2, 7])
    stack.append("next")
    #expect(stack.ids == [0, 2, 7, 8])
  }

  @Test func replacingARangeGivesNewIDs() {
    var stack: StackState<String> = ["a", "b"]
    stack.replaceSubrange(1..<2, with: ["x", "y"])
    #expect(stack.ids == [0, 2, 3])
    stack.insert("first", at: 0)
    #expect(stack.ids == [4, 0, 2, 3])
  }

  @Test func comparesAndCodes() throws {
    let stack: StackState<String> = ["a", "b"]
    var other: StackState<String> = ["a"]
    other.append("b")
    #expect(stack == other)
    var popped: StackState<String> = ["a", "b", "c"]
    popped.removeLast()
    #expect(stack == popped)
    var renumbered: StackState<String> = ["a"]
    renumbered.append("x")
    renumbered.removeLast()
    renumbered.append("b")
    #expect(stack != renumbered)  // same elements, different ids
    let decoded = try JSONDecoder().decode(
      StackState<String>.self, from: JSONEncoder().encode(stack)
    )
    #expect(decoded == stack)
  }

  @Test func dumpsWithIDs() {
    let stack: StackState<String> = ["home", "detail"]
    #expect(customDump(stack) == #"StackState([#0]: "home", [#1]: "detail")"#)
    #expect(customDump(StackElementID(integerLiteral: 3)) == "#3")
  }
}
