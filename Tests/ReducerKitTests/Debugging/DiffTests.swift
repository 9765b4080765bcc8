import ReducerKit
import Testing

@Suite struct DiffTests {
  struct State: Equatable {
    var count = 0
    var name = "feature"
    var items: [String] = []
  }

  @Test func identicalValuesHaveNoDiff() {
    #expect(diff(State(), State()) == nil)
  }

  @Test func marksExpectedAndActualLines() {
    #expect(
      diff(State(count: 1), State(count: 2)) == """
          DiffTests.State(
        −   count: 1,
        +   count: 2,
            name: "feature",
            items: []
          )
        """
    )
  }

  enum Action: Equatable {
    case delegate(Delegate)
    case changed(from: Int, to: Int)
    case done(Int)
    enum Delegate: Equatable {
      case success(Int)
      case failure(String)
    }
  }

  @Test func actionsOnOneLineAreSplitAtTheirCaseToPointAtThePayload() {
    #expect(
      diff(Action.delegate(.success(43)), Action.delegate(.success(42))) == """
          DiffTests.Action.delegate(
        −   .success(43)
        +   .success(42)
          )
        """
    )
    #expect(
      diff(Action.changed(from: 0, to: 1), Action.changed(from: 0, to: 2)) == """
          DiffTests.Action.changed(
            from: 0,
        −   to: 1
        +   to: 2
          )
        """
    )
  }

  @Test func actionsOfAnotherCaseOrWithOnePlainPayloadStayWhole() {
    #expect(
      diff(Action.done(1), Action.done(0)) == """
        − DiffTests.Action.done(1)
        + DiffTests.Action.done(0)
        """
    )
    #expect(
      diff(Action.delegate(.success(1)), Action.done(1)) == """
        − DiffTests.Action.delegate(.success(1))
        + DiffTests.Action.done(1)
        """
    )
  }

  @Test func insertionsAndRemovalsInCollections() {
    #expect(
      diff(State(items: ["a", "b", "c"]), State(items: ["a", "c", "d"])) == """
          DiffTests.State(
            count: 0,
            name: "feature",
            items: [
              [0]: "a",
        −     [1]: "b",
        −     [2]: "c"
        +     [1]: "c",
        +     [2]: "d"
            ]
          )
        """
    )
  }

  @Test func collapsesLongUnchangedRuns() {
    let before = State(items: (0..<20).map { "item \($0)" })
    var after = before
    after.items[10] = "changed"
    #expect(
      diff(before, after) == """
          DiffTests.State(
            … (11 unchanged)
              [8]: "item 8",
              [9]: "item 9",
        −     [10]: "item 10",
        +     [10]: "changed",
              [11]: "item 11",
              [12]: "item 12",
              … (8 unchanged)
          )
        """
    )
  }

  @Test func diffsPlainTextLineByLine() {
    #expect(lineDiff(expected: "a\nb\nc", actual: "a\nx\nc") == "  a\n− b\n+ x\n  c")
    #expect(lineDiff(expected: "same", actual: "same") == nil)
    #expect(lineDiff(expected: "", actual: "new") == "− \n+ new")
  }

  @Test func findsAShortestEditScript() {
    let expected = "a\nb\nc\na\nb\nb\na"
    let actual = "c\nb\na\nb\na\nc"
    let result = lineDiff(expected: expected, actual: actual, context: 100) ?? ""
    let edits = result.split(separator: "\n").filter { !$0.hasPrefix("  ") }
    #expect(edits.count == 5)
    // Removing the "−" lines gives the actual text; removing the "+" lines gives the expected.
    let lines = result.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.filter { !$0.hasPrefix("−") }.map { $0.dropFirst(2) }.joined(separator: "\n") == actual)
    #expect(
      lines.filter { !$0.hasPrefix("+") }.map { $0.dropFirst(2) }.joined(separator: "\n")
        == expected)
  }

  @Test func diffsLargeStatesQuickly() {
    let before = State(items: (0..<10_000).map { "item \($0)" })
    var after = before
    after.items[5_000] = "changed"
    after.items.append("new")
    let result = diff(before, after) ?? ""
    #expect(result.contains(#"−     [5000]: "item 5000","#))
    #expect(result.contains(#"+     [5000]: "changed","#))
    #expect(result.contains(#"+     [10000]: "new""#))
  }

  @Test func replacesWhollyDifferentTextsBeyondTheEditLimit() {
    let expected = (0..<3_000).map { "a\($0)" }.joined(separator: "\n")
    let actual = (0..<3_000).map { "b\($0)" }.joined(separator: "\n")
    let lines = (lineDiff(expected: expected, actual: actual) ?? "").split(separator: "\n")
    #expect(lines.count == 6_000)
    #expect(lines.first == "− a0")
    #expect(lines.last == "+ b2999")
  }
}
