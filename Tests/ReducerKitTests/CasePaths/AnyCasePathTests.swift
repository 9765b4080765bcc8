import ReducerKit
import ReducerKitTesting
import Testing

@Suite struct AnyCasePathTests {
  enum Action: Equatable, Sendable {
    case increment
    case count(Int)
    case other(Int)
    case named(String)
    case moved(from: Int, to: Int)
    case pair(String, Int)
    case optional(Int?)
  }

  enum Tupled: Sendable {
    case tuple((Int, String))
    case other(Int)
  }

  @Test func extractsSinglePayload() {
    let path = AnyCasePath(Action.count)
    #expect(path.extract(from: .count(42)) == 42)
    #expect(path.extract(from: .count(-1)) == -1)
    #expect(path.extract(from: .increment) == nil)
    #expect(path.extract(from: .named("x")) == nil)
    #expect(path.embed(7) == .count(7))
  }

  enum Single: Equatable, Sendable {
    case child(Int)
    case reset
  }

  @Test func aFunctionThatIsNotAConstructorExtractsNothingAndWarns() {
    let path = AnyCasePath<Single, Int> { _ in .reset }
    #expect(path.extract(from: .reset) == nil)
    expectIssues {
      #expect(path.extract(from: .child(3)) == nil)
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        #"AnyCasePath(_:) was given a function into "Single" that is not a case constructor: given a payload of .child, it built ".reset"."#
      ) ?? false
    }
    #expect(path.extract(from: .child(4)) == nil)
  }

  @Test func aConstructorOfTheOnlyCaseWithItsPayloadIsCheckedOnceAndThenFast() {
    let path = AnyCasePath(Single.child)
    #expect(path.extract(from: .reset) == nil)
    #expect(path.extract(from: .child(3)) == 3)
    #expect(path.extract(from: .reset) == nil)
    #expect(path.extract(from: .child(5)) == 5)
  }

  @Test func aFunctionBuildingAnotherCaseOfTheSamePayloadExtractsNothing() {
    let path = AnyCasePath<Action, Int> { .other($0) }
    #expect(path.extract(from: .other(1)) == 1)
    #expect(path.extract(from: .count(1)) == nil)
    let wrong = AnyCasePath<Action, Int> { _ in .increment }
    expectIssues {
      #expect(wrong.extract(from: .count(1)) == nil)
    } matching: { issue in
      issue.comments.first?.rawValue.contains("that is not a case constructor") ?? false
    }
  }

  @Test func distinguishesCasesWithTheSamePayloadType() {
    let count = AnyCasePath(Action.count)
    let other = AnyCasePath(Action.other)
    // Miss first, so the path must learn its tag from a case that is not its own.
    #expect(count.extract(from: .other(1)) == nil)
    #expect(count.extract(from: .count(2)) == 2)
    #expect(other.extract(from: .other(3)) == 3)
    #expect(other.extract(from: .count(3)) == nil)
    for index in 0..<100 {
      #expect(
        count.extract(from: index.isMultiple(of: 2) ? .count(index) : .other(index))
          == (index.isMultiple(of: 2) ? index : nil))
    }
  }

  @Test func extractsSeveralLabelledPayloadsAsATuple() throws {
    let moved = AnyCasePath(Action.moved)
    let value = try #require(moved.extract(from: .moved(from: 1, to: 2)))
    #expect(value.0 == 1 && value.1 == 2)
    #expect(moved.extract(from: .pair("a", 1)) == nil)
    #expect(moved.embed((3, 4)) == .moved(from: 3, to: 4))

    let pair = AnyCasePath(Action.pair)
    let extracted = try #require(pair.extract(from: .pair("hi", 9)))
    #expect(extracted.0 == "hi" && extracted.1 == 9)
  }

  enum Screen: Equatable, Sendable {
    case list([Int])
    indirect case detail([Int])
    case empty
  }

  @Test func modifiesAPayloadInPlaceAndLeavesOtherCasesAlone() {
    let list = AnyCasePath(Screen.list)
    var screen = Screen.list([1])
    let copy = screen
    #expect(list.modify(&screen) { $0.append(2) } != nil)
    #expect(list.modify(&screen) { $0.append(3) } != nil)
    #expect(screen == .list([1, 2, 3]))
    #expect(copy == .list([1]))
    var empty = Screen.empty
    #expect(list.modify(&empty) { $0.append(1) } == nil)
    #expect(empty == .empty)
  }

  @Test func modifiesAnIndirectPayloadWithoutTouchingCopies() {
    let detail = AnyCasePath(Screen.detail)
    var screen = Screen.detail([1])
    let copy = screen  // shares the indirect box
    #expect(detail.modify(&screen) { $0.append(2) } != nil)
    #expect(detail.modify(&screen) { $0.append(3) } != nil)
    #expect(screen == .detail([1, 2, 3]))
    #expect(copy == .detail([1]))
    #expect(detail.modify(&screen) { $0.count } == 3)
  }

  @Test func extractsPayloadlessCasesAsVoid() {
    let increment = AnyCasePath<Action, Void>(embed: { .increment }, extract: { _ in nil })
    #expect(increment.embed(()) == .increment)
    let reflective = AnyCasePath<Action, Void> { .increment }
    #expect(reflective.extract(from: .increment) != nil)
    #expect(reflective.extract(from: .count(1)) == nil)
  }

  enum Labelled: Equatable, Sendable {
    case popFrom(id: Int)
    case other(Int)
  }

  @Test func extractsASingleLabelledPayload() {
    let popFrom = AnyCasePath(Labelled.popFrom)
    #expect(popFrom.extract(from: .popFrom(id: 3)) == 3)
    #expect(popFrom.extract(from: .other(3)) == nil)
    #expect(customDump(Labelled.popFrom(id: 3)) == "AnyCasePathTests.Labelled.popFrom(id: 3)")
  }

  @Test func extractsOptionalAndTuplePayloads() throws {
    let optional = AnyCasePath(Action.optional)
    #expect(optional.extract(from: .optional(5)) == .some(5))
    #expect(optional.extract(from: .optional(nil)) == .some(nil))
    #expect(optional.extract(from: .count(5)) == nil)

    let tuple = AnyCasePath(Tupled.tuple)
    let value = try #require(tuple.extract(from: .tuple((1, "one"))))
    #expect(value.0 == 1 && value.1 == "one")
    #expect(tuple.extract(from: .other(1)) == nil)
  }

  indirect enum Tree: Equatable, Sendable {
    case leaf(Int)
    case node(Tree, Tree)
    case wrapped(Tree)
  }

  enum Mixed: Equatable, Sendable {
    case flat(Int)
    indirect case boxed(Mixed)
    indirect case boxedPair(String, Mixed)
  }

  @Test func extractsIndirectPayloads() throws {
    let wrapped = AnyCasePath(Tree.wrapped)
    #expect(wrapped.extract(from: .wrapped(.leaf(1))) == .leaf(1))
    #expect(wrapped.extract(from: .leaf(1)) == nil)
    let node = try #require(AnyCasePath(Tree.node).extract(from: .node(.leaf(1), .leaf(2))))
    #expect(node.0 == .leaf(1) && node.1 == .leaf(2))
    #expect(AnyCasePath(Tree.leaf).extract(from: .leaf(3)) == 3)

    #expect(AnyCasePath(Mixed.boxed).extract(from: .boxed(.flat(4))) == .flat(4))
    let pair = try #require(AnyCasePath(Mixed.boxedPair).extract(from: .boxedPair("s", .flat(5))))
    #expect(pair.0 == "s" && pair.1 == .flat(5))
    #expect(AnyCasePath(Mixed.flat).extract(from: .flat(6)) == 6)
  }

  enum Generic<Value: Sendable>: Sendable {
    case value(Value)
    case values([Value])
    case none
  }

  @Test func extractsFromGenericEnums() {
    #expect(AnyCasePath(Generic<Int>.value).extract(from: .value(1)) == 1)
    #expect(AnyCasePath(Generic<String>.value).extract(from: .value("a")) == "a")
    #expect(AnyCasePath(Generic<String>.values).extract(from: .values(["a", "b"])) == ["a", "b"])
    #expect(AnyCasePath(Generic<String>.value).extract(from: .none) == nil)
    // Generic closures are stored at the most general abstraction, so they can be called.
    let closure = AnyCasePath(Generic<@Sendable (Int) -> Int>.value)
      .extract(from: .value({ $0 * 10 }))
    #expect(closure?(4) == 40)
  }

  enum Parent: Sendable {
    case child(Child)
    case sibling(Child)
    enum Child: Equatable, Sendable {
      case grandchild(Grandchild)
      case leaf
      enum Grandchild: Equatable, Sendable { case value(String) }
    }
  }

  @Test func extractsNestedEnums() {
    let child = AnyCasePath(Parent.child)
    let grandchild = AnyCasePath(Parent.Child.grandchild)
    let value = AnyCasePath(Parent.Child.Grandchild.value)
    let root = Parent.child(.grandchild(.value("deep")))
    #expect(child.extract(from: root).flatMap(grandchild.extract).flatMap(value.extract) == "deep")
    #expect(child.extract(from: .sibling(.leaf)) == nil)
    #expect(AnyCasePath(Parent.sibling).extract(from: .sibling(.leaf)) == .leaf)
  }

  protocol Shape: Sendable { var area: Double { get } }
  struct Square: Shape {
    var side: Double
    var area: Double { side * side }
  }
  struct Failure: Error, Equatable { var code: Int }

  enum Existential: Sendable {
    case shape(any Shape)
    case error(any Error)
    case any(any Sendable)
  }

  @Test func extractsExistentialPayloads() throws {
    let shape = try #require(AnyCasePath(Existential.shape).extract(from: .shape(Square(side: 3))))
    #expect(shape.area == 9)
    let error = try #require(
      AnyCasePath(Existential.error).extract(from: .error(Failure(code: 7)))
    )
    #expect(error as? Failure == Failure(code: 7))
    let any = try #require(AnyCasePath(Existential.any).extract(from: .any("text")))
    #expect(any as? String == "text")
    #expect(AnyCasePath(Existential.error).extract(from: .shape(Square(side: 1))) == nil)
  }

  enum Callbacks: Sendable {
    case run(@Sendable () -> Void)
    case work(@Sendable () async throws -> Void)
    case transform(@Sendable (Int) -> Int)
    case boxed(Transform)
    struct Transform: Sendable { var apply: @Sendable (Int) -> Int }
  }

  @Test func extractsClosurePayloadsThatTakeAndReturnNothing() async throws {
    let counter = Locked(0)
    let run = try #require(
      AnyCasePath(Callbacks.run).extract(from: .run { counter.withLock { $0 += 1 } }))
    run()
    let work = try #require(
      AnyCasePath(Callbacks.work).extract(from: .work { counter.withLock { $0 += 1 } })
    )
    try await work()
    #expect(counter.value == 2)
  }

  @Test func extractsClosuresWrappedInAStruct() throws {
    let boxed = try #require(
      AnyCasePath(Callbacks.boxed).extract(from: .boxed(.init(apply: { $0 + 1 })))
    )
    #expect(boxed.apply(41) == 42)
  }

  @Test func warnsInsteadOfReturningAnUncallableClosure() {
    let transform = AnyCasePath(Callbacks.transform)
    expectIssues {
      #expect(transform.extract(from: .transform { $0 * 2 }) == nil)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.hasPrefix(
          "AnyCasePath(_:) cannot extract the payload of \"Callbacks.transform\""
        )
      }
    }
    // Reported once, then the path keeps extracting nil.
    #expect(transform.extract(from: .transform { $0 }) == nil)
  }

  @Test func extractsFromOptionals() {
    let some = AnyCasePath<Int?, Int>(Optional.some)
    #expect(some.extract(from: 3) == 3)
    #expect(some.extract(from: nil) == nil)
  }

  @Test func usesExplicitClosures() {
    let evens = AnyCasePath<Int, Int>(
      embed: { $0 * 2 }, extract: { $0.isMultiple(of: 2) ? $0 / 2 : nil }
    )
    #expect(evens.extract(from: 8) == 4)
    #expect(evens.extract(from: 7) == nil)
    #expect(evens.embed(5) == 10)
  }

  @Test func isSafeToShareAcrossTasks() async {
    let path = AnyCasePath(Action.other)
    await withTaskGroup(of: Int.self) { group in
      for index in 0..<64 {
        group.addTask {
          path.extract(from: index.isMultiple(of: 2) ? .other(index) : .count(index)) ?? -1
        }
      }
      var hits = 0
      for await value in group where value >= 0 { hits += 1 }
      #expect(hits == 32)
    }
  }
}
