import ReducerKit
import Testing

/// `store.ifLet(then:else:)`: UIKit code following optional state.
@MainActor
@Suite struct StoreIfLetTests {
  @Test func callsThenOnEachPresentationAndElseOnEachDismissal() async {
    let store = Store(initialState: Int?.none) {
      Reduce<Int?, Int?> { state, action in
        state = action
        return .none
      }
    }
    var events: [String] = []
    let token = store.ifLet { child in
      events.append("then \(child.state)")
    } else: {
      events.append("else")
    }
    #expect(events == ["else"])
    store.send(1)
    await settle()
    #expect(events == ["else", "then 1"])
    // A change within the state: the child store follows it; no new call.
    store.send(2)
    await settle()
    #expect(events == ["else", "then 1"])
    store.send(nil)
    await settle()
    #expect(events == ["else", "then 1", "else"])
    token.cancel()
    store.send(3)
    await settle()
    #expect(events == ["else", "then 1", "else"])
  }

  private func settle() async {
    for _ in 0..<20 { await Task.yield() }
  }
}
