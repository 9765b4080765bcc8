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
