import Foundation
import ReducerKit
import Testing

@Suite struct PresentsTests {
  struct Parent: Equatable, Codable {
    @Presents var child: Child?
    struct Child: Equatable, Codable { var count = 0 }
  }

  @Test func storesOptionalState() {
    var parent = Parent()
    #expect(parent.child == nil)
    parent.child = Parent.Child(count: 1)
    parent.child?.count += 1
    #expect(parent.child?.count == 2)
    parent.child = nil
    #expect(parent.child == nil)
  }

  @Test func comparesByTheStateNotThePresentation() {
    var first = Parent(child: Parent.Child())
    let second = Parent(child: Parent.Child())
    #expect(first == second)
    first.child = Parent.Child()
    #expect(first == second)
  }

  @Test func codesAsAnOptional() throws {
    let parent = Parent(child: Parent.Child(count: 3))
    let data = try JSONEncoder().encode(parent)
    #expect(String(decoding: data, as: UTF8.self) == #"{"child":{"count":3}}"#)
    #expect(try JSONDecoder().decode(Parent.self, from: data) == parent)
  }

  struct Recursive: Equatable {
    var depth = 0
    @Presents var next: Recursive?
  }

  @Test func allowsRecursiveState() {
    var root = Recursive(depth: 0, next: Recursive(depth: 1, next: Recursive(depth: 2)))
    root.next?.next?.depth = 20
    #expect(root.next?.next?.depth == 20)
    #expect(
      customDump(root) == """
        PresentsTests.Recursive(
          depth: 0,
          next: PresentsTests.Recursive(
            depth: 1,
            next: PresentsTests.Recursive(depth: 20, next: nil)
          )
        )
        """
    )
  }
}

/// `$destination[case:]`, as TCA's presentation state has it.
@Suite struct PresentsCaseTests {
  enum Destination: Equatable {
    case editor(String)
    case count(Int)
  }
  struct Parent: Equatable {
    @Presents var destination: Destination?
  }

  @Test func readsWritesAndDismissesThroughTheCasePresented() {
    var parent = Parent(destination: .editor("Milk"))
    #expect(parent.$destination[case: Destination.editor] == "Milk")
    #expect(parent.$destination[case: Destination.count] == nil)
    parent.$destination[case: Destination.editor]? += " and eggs"
    #expect(parent.destination == .editor("Milk and eggs"))
    parent.$destination[case: Destination.editor] = nil
    #expect(parent.destination == nil)
  }

  @Test func writingThroughAnotherCaseWarnsAndChangesNothing() {
    var parent = Parent(destination: .count(1))
    let warnings = LockedState<[String]>([])
    let capture: @Sendable (RuntimeWarning) -> Void = { warning in
      warnings.withLock { $0.append(warning.message) }
    }
    RuntimeWarnings.$capture.withValue(capture) {
      parent.$destination[case: Destination.editor] = "Milk"
    }
    #expect(parent.destination == .count(1))
    #expect(
      warnings.withLock { $0 }.first?.contains("Presented: PresentsCaseTests.Destination.count(1)")
        == true)
  }
}
