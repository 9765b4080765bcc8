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

  @Test func removingAllKeepsHandingOutNewIDs() {
    var stack = StackState(["a", "b"])
    stack.removeAll()
    stack.append("c")
    #expect(stack.ids == [2])
    stack.removeAll(keepingCapacity: true)
    stack.append("d")
    #expect(stack.ids == [3])
  }

  @Test func removingByPredicateKeepsTheOthersIDsAndOrder() {
    var stack = StackState(["a", "bb", "c", "dd", "e"])
    stack.removeAll { $0.count == 2 }
    #expect(Array(stack) == ["a", "c", "e"])
    #expect(stack.ids == [0, 2, 4])
    stack.removeAll { _ in false }
    #expect(stack.ids == [0, 2, 4])
    stack.append("f")
    #expect(stack.ids == [0, 2, 4, 5])
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

  private enum Screen: Equatable {
    case detail(String)
    case record(Int)
  }

  @Test func readsAndWritesACaseOfAnElementByID() {
    var stack: StackState<Screen> = [.detail("a"), .record(1)]
    #expect(stack[id: 0, case: Screen.detail] == "a")
    #expect(stack[id: 1, case: Screen.detail] == nil)
    #expect(stack[id: 9, case: Screen.detail] == nil)
    stack[id: 0, case: Screen.detail]? += "b"
    stack[id: 1, case: Screen.record]? += 1
    #expect(Array(stack) == [.detail("ab"), .record(2)])
    // Setting nil removes that element alone, as in TCA.
    stack.append(.detail("top"))
    stack[id: 1, case: Screen.record] = nil
    #expect(Array(stack) == [.detail("ab"), .detail("top")])
    #expect(stack.ids == [0, 2])
  }

  @Test func writingThroughACaseTheElementDoesNotHoldWarnsAndChangesNothing() {
    var stack: StackState<Screen> = [.detail("a"), .record(1)]
    let warnings = LockedState<[String]>([])
    let capture: @Sendable (RuntimeWarning) -> Void = { warning in
      warnings.withLock { $0.append(warning.message) }
    }
    RuntimeWarnings.$capture.withValue(capture) {
      stack[id: 1, case: Screen.detail] = "c"  // holds .record
      stack[id: 5, case: Screen.record] = 5  // no such element
      stack[id: 0, case: Screen.record] = nil  // holds .detail
      stack[id: 1, case: Screen.detail]? += "x"  // optional chaining writes back too, as in TCA
    }
    #expect(Array(stack) == [.detail("a"), .record(1)])
    #expect(stack.ids == [0, 1])
    let messages = warnings.withLock { $0 }
    #expect(messages.count == 4)
    #expect(messages.first?.contains("Element #1: StackStateTests.Screen.record(1)") == true)
    #expect(messages.dropFirst().first?.contains("the stack holds no such id") == true)
  }

  @Test func modifiesAnElementByIDInPlaceWithoutCopyingIt() {
    var stack: StackState<[Int]> = [[1], [], [3]]
    stack[id: 1]?.reserveCapacity(16)
    let before = stack[id: 1]!.withUnsafeBufferPointer { $0.baseAddress }
    var addresses: [UnsafePointer<Int>?] = []
    for value in 0..<10 {
      stack[id: 1]?.append(value)
      addresses.append(stack[id: 1]!.withUnsafeBufferPointer { $0.baseAddress })
    }
    // NB: checked after every change: a copy per change could alternate between two buffers.
    #expect(addresses.allSatisfy { $0 == before })
    #expect(Array(stack) == [[1], Array(0..<10), [3]])
    #expect(stack.ids == [0, 1, 2])
    // By position too.
    for value in 10..<15 {
      stack[1].append(value)
      addresses.append(stack[1].withUnsafeBufferPointer { $0.baseAddress })
    }
    #expect(addresses.allSatisfy { $0 == before })
    #expect(stack[1] == Array(0..<15))
    // Set to nil while modified: that element alone is removed.
    stack[id: 1]?.removeAll()
    withNilAssignment(&stack[id: 1])
    #expect(Array(stack) == [[1], [3]] && stack.ids == [0, 2])
  }

  private func withNilAssignment(_ element: inout [Int]?) { element = nil }

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
