import ReducerKit
import ReducerKitTesting
import Testing

extension SharedKey where Self == AppStorageKey<Bool>.Default {
  fileprivate static var isOn: Self { Self[.appStorage("isOn"), default: false] }

  fileprivate static func isActive(default value: @escaping @Sendable () -> Bool) -> Self {
    Self[.appStorage("isActive"), default: value()]
  }
}

extension SharedKey where Self == AppStorageKey<Int?>.Default {
  fileprivate static var optionalWithDefault: Self {
    Self[.appStorage("optionalWithDefault"), default: nil]
  }
}

extension SharedKey where Self == InMemoryKey<[String]>.Default {
  fileprivate static var names: Self { Self[.inMemory("names"), default: ["Blob"]] }
}

struct Member: Equatable, Identifiable, Sendable {
  let id: Int
  var name: String
}

extension SharedKey where Self == InMemoryKey<IdentifiedArrayOf<Member>>.Default {
  fileprivate static var members: Self { Self[.inMemory("members"), default: []] }
}

/// Keys that bring their own default (`SharedKey.Default`), after TCA's tests of them.
@MainActor
@Suite struct SharedKeyDefaultTests {
  @Test func aHolderWithoutADefaultUsesTheKeys() {
    @Shared(.isOn) var isOn
    #expect(isOn == false)
  }

  @Test func aHoldersOwnDefaultOverridesTheKeys() {
    @Shared(.isOn) var isOn = true
    #expect(isOn == true)
  }

  @Test func theKeyAndItsBaseHoldOneValueWithTheFirstHoldersDefault() {
    @Shared(.isOn) var first
    @Shared(.isOn) var second = true
    @Shared(.appStorage("isOn")) var base = true
    #expect([first, second, base] == [false, false, false])
    $second.withLock { $0 = true }
    #expect([first, second, base] == [true, true, true])
    $base.withLock { $0 = false }
    #expect([first, second, base] == [false, false, false])
  }

  @Test func theDefaultIsEvaluatedOnlyWhenUsed() {
    let evaluated = LockIsolated(0)
    let makeDefault: @Sendable () -> Bool = {
      evaluated.withValue { $0 += 1 }
      return true
    }
    @Shared(.isActive(default: makeDefault)) var withOwnDefault = false
    #expect(withOwnDefault == false)
    #expect(evaluated.value == 0)
    @Shared(.isActive(default: makeDefault)) var another
    #expect(another == false)
    #expect(evaluated.value == 0)
  }

  @Test func theKeysDefaultIsEvaluatedWhenItIsTheFirstHolder() {
    let evaluated = LockIsolated(0)
    @Shared(
      .isActive(default: {
        evaluated.withValue { $0 += 1 }
        return true
      })) var isActive
    #expect(isActive == true)
    #expect(evaluated.value == 1)
  }

  @Test func readersUseTheKeysDefaultToo() {
    @Shared(.appStorage("isOn")) var isOn = false
    @SharedReader(.isOn) var first
    @SharedReader(.isOn) var second = true
    #expect([first, second] == [false, false])
    $isOn.withLock { $0 = true }
    #expect([first, second] == [true, true])
  }

  @Test func anOptionalValueWithADefault() {
    @Shared(.optionalWithDefault) var value
    #expect(value == nil)
    $value.withLock { $0 = 3 }
    @Shared(.appStorage("optionalWithDefault")) var base: Int?
    #expect(base == 3)
  }

  @Test func anInMemoryKeyWithADefaultKeepsItsValueWithoutHolders() {
    do {
      @Shared(.names) var names
      #expect(names == ["Blob"])
      $names.withLock { $0.append("Blobby") }
    }
    @Shared(.names) var names
    #expect(names == ["Blob", "Blobby"])
  }

  @Test func aHoldersDefaultLiteralTakesItsTypeFromTheKey() {
    // NB: the literal alone would be an Array; the key makes it an identified array.
    @Shared(.members) var members = [Member(id: 1, name: "Blob")]
    #expect(members[id: 1]?.name == "Blob")
    @SharedReader(.members) var read = [Member(id: 2, name: "Not used")]
    #expect(read.ids == [1])
  }
}
