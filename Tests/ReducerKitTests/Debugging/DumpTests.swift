import Foundation
import ReducerKit
import Testing

@Suite struct DumpTests {
  struct User: Equatable {
    var id: Int
    var name: String
    var tags: [String] = []
    var manager: Manager?
    struct Manager: Equatable { var name: String }
  }

  enum Action {
    case tapped
    case loaded(Result<String, any Error>)
    case moved(from: Int, to: Int)
    case nested(Inner)
    enum Inner { case value(Int?) }
  }

  @Test func structsFitOnOneLineWhenShort() {
    #expect(customDump(User.Manager(name: "M")) == #"DumpTests.User.Manager(name: "M")"#)
  }

  @Test func structsSplitOneFieldPerLineWhenLong() {
    let user = User(id: 1, name: "Blob", tags: ["admin", "editor"], manager: .init(name: "Boss"))
    #expect(
      customDump(user) == """
        DumpTests.User(
          id: 1,
          name: "Blob",
          tags: ["admin", "editor"],
          manager: DumpTests.User.Manager(name: "Boss")
        )
        """
    )
  }

  @Test func enumsPrintTheirCaseAndPayload() {
    #expect(customDump(Action.tapped) == "DumpTests.Action.tapped")
    #expect(
      customDump(Action.loaded(.success("ok"))) == #"DumpTests.Action.loaded(.success("ok"))"#)
    #expect(customDump(Action.moved(from: 1, to: 2)) == "DumpTests.Action.moved(from: 1, to: 2)")
    #expect(customDump(Action.nested(.value(nil))) == "DumpTests.Action.nested(.value(nil))")
  }

  @Test func optionalsPrintTheirValueOrNil() {
    #expect(customDump(Int?.none as Any) == "nil")
    #expect(customDump(Int?.some(3) as Any) == "3")
  }

  @Test func arraysShowIndicesWhenSplit() {
    #expect(customDump([1, 2, 3]) == "[1, 2, 3]")
    #expect(customDump([Int]()) == "[]")
    let long = (0..<3).map { "a long enough string number \($0)" }
    #expect(
      customDump(long) == """
        [
          [0]: "a long enough string number 0",
          [1]: "a long enough string number 1",
          [2]: "a long enough string number 2"
        ]
        """
    )
  }

  @Test func valuesOfManyTypesInOneArrayEachPrintTheirOwnWay() {
    let mixed: [Any] = [
      1, "one", [2, 3], [String](), Int8(4), 5.5, Optional(6) as Any, Int?.none as Any,
    ]
    #expect(customDump(mixed) == #"[1, "one", [2, 3], [], 4, 5.5, 6, nil]"#)
    #expect(customDump(ContiguousArray([7, 8])) == "[7, 8]")
  }

  @Test func dictionariesAndSetsAreSorted() {
    #expect(customDump(["b": 2, "a": 1, "c": 3]) == #"["a": 1, "b": 2, "c": 3]"#)
    #expect(customDump([String: Int]()) == "[:]")
    #expect(customDump(Set([3, 1, 2])) == "Set([1, 2, 3])")
  }

  final class Node {
    var value: Int
    var next: Node?
    init(_ value: Int) { self.value = value }
  }

  @Test func classesPrintOnceAndMarkCycles() {
    let node = Node(1)
    node.next = node
    #expect(customDump(node) == "DumpTests.Node(value: 1, next: DumpTests.Node(↩︎))")
    node.next = nil  // breaks the cycle, which would otherwise leak
    let shared = Node(2)
    #expect(
      customDump([shared, shared]) == "[DumpTests.Node(value: 2, next: nil), DumpTests.Node(↩︎)]")
  }

  @Test func stringsAreQuotedAndEscaped() {
    #expect(customDump("say \"hi\"\n\ttab") == #""say \"hi\"\n\ttab""#)
    #expect(customDump(Character("x")) == #""x""#)
  }

  @Test func tuplesFunctionsAndTypes() {
    #expect(customDump((1, "x")) == #"(1, "x")"#)
    #expect(customDump((x: 1, y: 2)) == "(x: 1, y: 2)")
    #expect(customDump({ (value: Int) in value }) == "(Function)")
    #expect(customDump(Int.self) == "Int.self")
  }

  @Test func foundationValuesPrintTheirDescription() {
    #expect(
      customDump(UUID(uuidString: "00000000-0000-0000-0000-000000000001")!)
        == "UUID(00000000-0000-0000-0000-000000000001)"
    )
    #expect(customDump(Date(timeIntervalSince1970: 0)) == "Date(1970-01-01T00:00:00Z)")
    #expect(customDump(Duration.seconds(2)) == "2.0 seconds")
  }

  struct Secret: CustomDumpRepresentable {
    var token: String
    var customDumpValue: Any { "Secret(•••)" }
  }

  struct Wrapper: CustomDumpRepresentable {
    var raw: Int
    var customDumpValue: Any { ["raw": raw] }
  }

  @Test func typesCanChooseTheirDump() {
    #expect(customDump(Secret(token: "abc")) == "Secret(•••)")
    #expect(customDump(Wrapper(raw: 1)) == #"["raw": 1]"#)
  }

  struct Poem: CustomDumpRepresentable {
    var customDumpValue: Any { "roses are red\nviolets are blue" }
  }
  struct Card: Equatable {
    var title = "card"
    var poem = Poem()
    static func == (lhs: Card, rhs: Card) -> Bool { lhs.title == rhs.title }
  }

  @Test func aCustomDumpOfSeveralLinesKeepsEachOfThem() {
    #expect(customDump(Poem()) == "roses are red\nviolets are blue")
    #expect(
      customDump(Card()) == """
        DumpTests.Card(
          title: "card",
          poem: roses are red
          violets are blue
        )
        """
    )
    #expect(
      diff(Card(title: "a"), Card(title: "b")) == """
          DumpTests.Card(
        −   title: "a",
        +   title: "b",
            poem: roses are red
            violets are blue
          )
        """
    )
  }

  @Test func typeNamesLeaveOutModulesAndLocalContexts() {
    struct Local { var flag = true }
    #expect(customDump(Local()) == "DumpTests.Local(flag: true)")
    #expect(customDump([Int: [String]]()) == "[:]")
    #expect(customDump(Optional<Int>.self) == "Optional<Int>.self")
  }

  @Test func indentsEveryLine() {
    #expect(customDump([1], indent: 4) == "    [1]")
  }

  @Test func expandedDumpsPutEveryFieldOnItsOwnLine() {
    #expect(
      diff(User.Manager(name: "A"), User.Manager(name: "B")) == """
          DumpTests.User.Manager(
        −   name: "A"
        +   name: "B"
          )
        """
    )
  }

  @Test func dumpsIntoAStringAndIntoAnOutputStream() {
    #expect(String(customDumping: [1, 2]) == "[1, 2]")
    var log = "state: "
    let value = customDump(User.Manager(name: "A"), to: &log)
    #expect(log == #"state: DumpTests.User.Manager(name: "A")"#)
    #expect(value.name == "A")
  }
}

/// A shared or presented value dumps as the value it holds: a text quoted, as everywhere else.
@Suite struct WrapperDumpTests {
  struct Profile: Sendable {
    @Shared var name: String
    @SharedReader var motto: String
    @Presents var note: String?
  }

  @Test func aWrappedTextIsQuoted() {
    let profile = Profile(
      name: Shared(value: "Ada"), motto: SharedReader(Shared(value: "Onward")), note: "Hi")
    #expect(
      customDump(profile)
        == #"WrapperDumpTests.Profile(name: "Ada", motto: "Onward", note: "Hi")"#)
  }
}
