import ReducerKit
import Testing

@Suite struct LockIsolatedTests {
  struct Counter: Equatable, Sendable {
    var count = 0
  }

  @Test func readsSetsAndChangesTheValue() {
    let counter = LockIsolated(Counter())
    #expect(counter.value == Counter())
    counter.setValue(Counter(count: 2))
    #expect(counter.count == 2)
    let result = counter.withValue { value -> Int in
      value.count += 1
      return value.count
    }
    #expect(result == 3)
    #expect(counter == LockIsolated(Counter(count: 3)))
  }

  @Test func serializesConcurrentChanges() async {
    let counter = LockIsolated(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<1_000 {
        group.addTask { counter.withValue { $0 += 1 } }
      }
    }
    #expect(counter.value == 1_000)
  }
}
