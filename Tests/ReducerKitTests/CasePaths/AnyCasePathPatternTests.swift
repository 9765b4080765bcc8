import ReducerKit
import ReducerKitTesting
import Testing

/// `AnyCasePath(\.child)`: a path to the case a case pattern names, as TCA's case key paths.
@Suite struct AnyCasePathPatternTests {
  struct Child: Equatable, Sendable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case child(Child)
    case labelled(id: Int)
    indirect case nested(Action)
    case pair(Int, String)
    case reset
  }

  enum Generic<Value: Sendable>: Sendable {
    case value(Value)
    case none
  }

  @Test func embedsAndExtractsTheCaseItNames() {
    let child = AnyCasePath<Action, Child>(\.child)!
    #expect(child.embed(Child(count: 2)) == .child(Child(count: 2)))
    #expect(child.extract(from: .child(Child(count: 3))) == Child(count: 3))
    #expect(child.extract(from: .reset) == nil)
  }

  @Test func handlesLabelledIndirectTupleAndGenericPayloads() {
    let labelled = AnyCasePath<Action, Int>(\.labelled)!
    #expect(labelled.embed(7) == .labelled(id: 7))
    #expect(labelled.extract(from: .labelled(id: 8)) == 8)

    let nested = AnyCasePath<Action, Action>(\.nested)!
    #expect(nested.embed(.reset) == .nested(.reset))
    #expect(nested.extract(from: .nested(.child(Child()))) == .child(Child()))
    #expect(nested.extract(from: .reset) == nil)

    let pair = AnyCasePath<Action, (Int, String)>(\.pair)!
    #expect(pair.embed((1, "a")) == .pair(1, "a"))
    #expect(pair.extract(from: .pair(2, "b")).map { [$0.0] } == [2])

    let value = AnyCasePath<Generic<String>, String>(\.value)!
    #expect(value.extract(from: value.embed("x")) == "x")
    #expect(value.extract(from: .none) == nil)
  }

  @Test func aPatternNamingNoCaseWithThePayloadIsAWarningAndMakesNoPath() {
    expectIssues {
      #expect(AnyCasePath<Action, Child>(\.chlid) == nil)
    } matching: { issue in
      issue.comments.first?.rawValue.hasPrefix(
        """
        "AnyCasePath" was given the case pattern \\.chlid, but AnyCasePathPatternTests.Action \
        has no case "chlid"; its cases are: .child, .labelled, .nested, .pair, .reset.
        """) == true
    }
    expectIssues {
      _ = AnyCasePath<Action, Int>(\.child)
    } matching: { issue in
      issue.comments.first?.rawValue.contains(
        "but the payload of AnyCasePathPatternTests.Action.child is of type AnyCasePathPatternTests.Child, not Int."
      ) == true
    }
    expectIssues {
      _ = AnyCasePath<Action, Child>(\.nested.child)
    } matching: { issue in
      issue.comments.first?.rawValue.contains("which names more than one step") == true
    }
  }
}
