import ReducerKit
import Testing

/// The token sets of the effect tables: one token inline, a set from the second on.
@Suite struct TokenSetTests {
  @Test func holdsOneTokenInlineAndASetFromTheSecond() {
    var tokens = TokenSet.empty
    tokens.insert(7)
    #expect(tokens == .one(7))
    tokens.insert(7)
    #expect(tokens == .one(7))
    tokens.insert(9)
    #expect(tokens == .many([7, 9]))
    #expect(tokens.count == 2)
    #expect(tokens.contains(9) && !tokens.contains(8))
  }

  @Test func makingRoomKeepsTheTokensHeld() {
    var one = TokenSet.one(3)
    one.reserveCapacity(100)
    #expect(one.count == 1 && one.contains(3))
    var empty = TokenSet.empty
    empty.reserveCapacity(100)
    #expect(empty.isEmpty)
    empty.insert(4)
    #expect(empty.count == 1 && empty.contains(4))
    var many: TokenSet = .many([1, 2])
    many.reserveCapacity(100)
    #expect(many == .many([1, 2]))
    // Room for one more is what inserting makes anyway: nothing changes.
    var single = TokenSet.empty
    single.reserveCapacity(1)
    #expect(single == .empty)
  }

  @Test func removingTheLastTokenLeavesItEmpty() {
    var tokens = TokenSet.empty
    tokens.remove(1)
    #expect(tokens == .empty)
    tokens.insert(1)
    tokens.remove(2)
    #expect(tokens == .one(1))
    tokens.remove(1)
    #expect(tokens.isEmpty)
    tokens.insert(1)
    tokens.insert(2)
    tokens.remove(1)
    tokens.remove(2)
    #expect(tokens == .empty)
  }

  @Test func iteratesEveryToken() {
    #expect(Array(TokenSet.empty).isEmpty)
    #expect(Array(TokenSet.one(3)) == [3])
    #expect(Set(TokenSet.many([1, 2, 3])) == [1, 2, 3])
  }

  @Test func compactingKeepsTheTokens() {
    var tokens = TokenSet.empty
    for token in 0..<1_000 { tokens.insert(EffectToken(UInt64(token))) }
    for token in 1..<1_000 { tokens.remove(EffectToken(UInt64(token))) }
    #expect(tokens.compacted == .one(0))
    #expect(TokenSet.many([4, 5]).compacted == .many([4, 5]))
  }

  @Test func aTableDropsAKeyWhenItsLastTokenLeaves() {
    var table: [String: TokenSet] = [:]
    table.insert(1, at: "a")
    table.insert(2, at: "a")
    table.insert(3, at: "b")
    table.remove(1, at: "a")
    #expect(table == ["a": .many([2]), "b": .one(3)])
    table.remove(2, at: "a")
    table.remove(3, at: "b")
    table.remove(4, at: "c")
    #expect(table.isEmpty)
  }
}
