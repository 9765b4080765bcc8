import ReducerKit
import Testing

@MainActor
@Suite struct PrintChangesTests {
  struct Counter: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var title = "counter"
    }
    enum Action: Equatable, Sendable { case increment, noop }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .increment = action { state.count += 1 }
      return .none
    }
  }

  final class Printed: @unchecked Sendable {
    // NB: @unchecked Sendable: written only by the reducer, on the main actor.
    var lines: [String] = []
  }

  struct SharedCounter: Reducer {
    struct State: Equatable, Sendable {
      @Shared var count: Int
    }
    enum Action: Equatable, Sendable { case increment }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.$count.withLock { $0 += 1 }
      return .none
    }
  }

  @Test func printsTheChangeOfASharedValueAsTCADoes() {
    #if DEBUG
      let printed = Printed()
      let store = Store(initialState: SharedCounter.State(count: Shared(value: 0))) {
        SharedCounter()._printChanges { printed.lines.append($0) }
      }
      store.send(.increment)
      #expect(
        printed.lines == [
          """
          received action:
            PrintChangesTests.SharedCounter.Action.increment
            PrintChangesTests.SharedCounter.State(
          −   count: 0
          +   count: 1
            )
          """
        ])
    #endif
  }

  @Test func printsTheActionAndADiffOfTheState() {
    #if DEBUG
      let printed = Printed()
      let store = Store(initialState: Counter.State()) {
        Counter()._printChanges { printed.lines.append($0) }
      }
      store.send(.increment)
      store.send(.noop)
      #expect(
        printed.lines == [
          """
          received action:
            PrintChangesTests.Counter.Action.increment
            PrintChangesTests.Counter.State(
          −   count: 0,
          +   count: 1,
              title: "counter"
            )
          """,
          """
          received action:
            PrintChangesTests.Counter.Action.noop
            (No state changes)
          """,
        ]
      )
    #endif
  }

  @Test func aPrinterOfOnesOwnGetsTheActionAndTheStateBeforeAndAfter() {
    #if DEBUG
      let printed = Printed()
      let store = Store(initialState: Counter.State()) {
        Counter()._printChanges(
          ReducerPrinter { action, old, new in
            printed.lines.append("\(action) \(old.count) → \(new.count)")
          })
      }
      store.send(.increment)
      store.send(.noop)
      #expect(printed.lines == ["increment 0 → 1", "noop 1 → 1"])
    #endif
  }

  @Test func noPrinterPrintsNothingAndTheReducerStillRuns() {
    let store = Store(initialState: Counter.State()) {
      Counter()._printChanges(nil)
    }
    store.send(.increment)
    #expect(store.count == 1)
  }

  @Test func theCustomDumpPrinterWritesWhereItIsTold() {
    #if DEBUG
      let printed = Printed()
      let store = Store(initialState: Counter.State()) {
        Counter()._printChanges(.customDump(to: { printed.lines.append($0) }))
      }
      store.send(.noop)
      #expect(
        printed.lines == [
          "received action:\n  PrintChangesTests.Counter.Action.noop\n  (No state changes)"
        ])
    #endif
  }
}
