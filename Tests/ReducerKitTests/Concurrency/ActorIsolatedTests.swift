import ReducerKit
import Testing

/// `ActorIsolated`, as ported tests use it. It is deprecated, as in TCA; each use here is in a
/// deprecated witness, called through its protocol, so that the suite warns of nothing.
@Suite struct ActorIsolatedTests {
  @Test func readsSetsAndChangesTheValueOnTheActor() async {
    let (initial, doubled, read) = await use(ChangesOnTheActor.self)
    #expect(initial == 0)
    #expect(doubled == 4)
    #expect(read == 4)
  }

  @Test func tasksChangingItConcurrentlyLoseNoChange() async {
    #expect(await use(ConcurrentChanges.self) == 100)
  }
}

private protocol ActorIsolatedUse {
  associatedtype Result: Sendable
  static func run() async -> Result
}

/// Runs a use through its protocol, which names no deprecated declaration.
private func use<Use: ActorIsolatedUse>(_: Use.Type) async -> Use.Result {
  await Use.run()
}

private struct Counter: Equatable, Sendable { var count = 0 }

private enum ChangesOnTheActor: ActorIsolatedUse {
  @available(*, deprecated)
  static func run() async -> (Int, Int, Int) {
    let counter = ActorIsolated(Counter())
    let initial = await counter.value.count
    await counter.setValue(Counter(count: 2))
    let doubled = await counter.withValue { counter in
      counter.count *= 2
      return counter.count
    }
    return (initial, doubled, await counter.count)
  }
}

private enum ConcurrentChanges: ActorIsolatedUse {
  @available(*, deprecated)
  static func run() async -> Int {
    let total = ActorIsolated(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 {
        group.addTask { await total.withValue { $0 += 1 } }
      }
    }
    return await total.value
  }
}
