import ReducerKit
import Testing

/// Effect tokens as the effect tables use them: as dictionary and set keys, hashed without
/// `Hasher`.
@Suite struct EffectTokenTests {
  @Test func consecutiveTokensHashApartAndAreFoundAgain() {
    let tokens = (0..<UInt64(10_000)).map { EffectToken($0) }
    // The mix is a bijection before the seed: no two tokens share a raw hash.
    #expect(Set(tokens.map { $0._rawHashValue(seed: 0) }).count == tokens.count)
    var table: [EffectToken: UInt64] = [:]
    for token in tokens { table[token] = token.value }
    #expect(tokens.allSatisfy { table[$0] == $0.value })
    for token in tokens where token.value % 2 == 0 { table[token] = nil }
    #expect(table.count == 5_000)
    #expect(table[EffectToken(4)] == nil && table[EffectToken(5)] == 5)
    #expect(Set(tokens).count == tokens.count)
  }

  @Test func tokensOrderAndPrintAsTheirValues() {
    let tokens: [EffectToken] = [3, 1, 2]
    #expect(tokens.sorted() == [1, 2, 3])
    #expect(EffectToken(7) == 7 && EffectToken(7) != 8)
    #expect("\(EffectToken(42))" == "42")
  }
}
