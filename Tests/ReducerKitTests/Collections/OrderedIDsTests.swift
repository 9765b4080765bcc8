import ReducerKit
import Testing

/// `ids` of identified arrays and stacks: an ordered set, as TCA's `OrderedSet<ID>`, so that code
/// written against it (membership, `elements`, set algebra, comparisons with literals) compiles
/// and means the same.
@Suite struct OrderedIDsTests {
  struct Row: Identifiable, Equatable, Sendable {
    var id: Int
  }

  @Test func anArraysIDsAnswerMembershipAndPositionsAfterChanges() {
    var rows: IdentifiedArrayOf<Row> = [Row(id: 4), Row(id: 7), Row(id: 9)]
    #expect(rows.ids.contains(7) && !rows.ids.contains(8))
    #expect(rows.ids.firstIndex(of: 9) == 2 && rows.ids.lastIndex(of: 9) == 2)
    rows.remove(id: 4)
    rows.insert(Row(id: 1), at: 0)
    rows.move(fromOffsets: [0], toOffset: 3)
    #expect(rows.ids == [7, 9, 1])
    #expect(rows.ids.elements == [7, 9, 1])
    #expect(rows.ids.firstIndex(of: 1) == 2 && rows.ids.firstIndex(of: 4) == nil)
    #expect(!rows.ids.contains(4) && rows.ids.contains(1))
    #expect(Array(rows.ids.reversed()) == [1, 9, 7] && rows.ids[1] == 9 && rows.ids.count == 3)
  }

  @Test func aStacksIDsAreOrderedToo() {
    var stack = StackState([1, 2, 3])
    stack.pop(from: stack.ids[1])
    stack.append(4)
    #expect(stack.ids == [0, 3])
    #expect(stack.ids.contains(3) && !stack.ids.contains(1))
    #expect(stack.ids.firstIndex(of: 3) == 1 && stack.ids.firstIndex(of: 2) == nil)
  }

  @Test func setAlgebraKeepsTheReceiversOrder() {
    let ids: OrderedIDs = [5, 3, 8, 1]
    #expect(ids.subtracting([8, 9]) == [5, 3, 1])
    #expect(ids.intersection([1, 9, 5]) == [5, 1])
    #expect(ids.union([2, 3, 7]) == [5, 3, 8, 1, 2, 7])
    #expect(ids.isSubset(of: [1, 3, 5, 8, 13]) && !ids.isSubset(of: [1, 3, 5]))
    #expect(ids.isSuperset(of: [8, 5]) && !ids.isSuperset(of: [8, 6]))
    #expect(ids.isDisjoint(with: [2, 4]) && !ids.isDisjoint(with: [4, 3]))
  }

  @Test func literalsCountEachIDOnceAndCompareByOrder() {
    let ids: OrderedIDs = [2, 1, 2, 3, 1]
    #expect(ids.elements == [2, 1, 3])
    #expect(ids.firstIndex(of: 3) == 2)
    #expect(ids != [1, 2, 3])
    #expect(Set([ids, [2, 1, 3], [1, 2, 3]]).count == 2)
    #expect(OrderedIDs(["b", "a", "b"]).elements == ["b", "a"])
  }

  @Test func printsAndDumpsAsAList() {
    let rows: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    #expect(rows.ids.description == "[1, 2]")
    #expect(customDump(rows.ids) == "[1, 2]")
    #expect(customDump(OrderedIDs<Int>()) == "[]")
  }
}
