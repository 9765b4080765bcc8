import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// Literals sent or received with a case pattern take the payload's type, as TCA's typed case
/// key paths give them one: a number of another number type, an `IndexSet`, a stack element
/// id, and types of the app's own built from literals (an id wrapping an integer or a string).
@MainActor
@Suite struct TestStoreSendByPatternLiteralTests {
  /// A feature whose payloads are numbers of types a literal is not given without context: as
  /// TCA's typed case key paths would type it, a `1` sent or received with a pattern stands for
  /// the payload's `TimeInterval`.
  struct Meter: Reducer {
    struct State: Equatable, Sendable {
      var elapsed: TimeInterval = 0
      var level: Float = 0
      var channel: UInt8 = 0
      var volume = 5.0
    }
    enum Action: BindableAction, Sendable {
      case binding(BindingAction<State>)
      case tick(TimeInterval)
      case level(Float)
      case channel(UInt8)
      case start
    }
    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .binding: return .none
        case .tick(let elapsed): state.elapsed = elapsed
        case .level(let level): state.level = level
        case .channel(let channel): state.channel = channel
        case .start: return .merge(.send(.tick(2)), .send(.level(0.5)), .send(.channel(9)))
        }
        return .none
      }
    }
  }

  @Test func numberLiteralsTakeThePayloadsType() async {
    let store = TestStore(initialState: Meter.State()) { Meter() }
    await store.send(\.tick, 1) { $0.elapsed = 1 }
    await store.send(\.level, 0.1) { $0.level = 0.1 }
    await store.send(\.channel, 3) { $0.channel = 3 }
    await store.send(\.binding.volume, 7) { $0.volume = 7 }
    await store.send(.start)
    await store.receive(\.tick, 2) { $0.elapsed = 2 }
    await store.receive(\.level, 0.5) { $0.level = 0.5 }
    await store.receive(\.channel, 9) { $0.channel = 9 }
  }

  @Test func aNumberLiteralThatDiffersOrDoesNotFitFails() async {
    let store = TestStore(initialState: Meter.State()) { Meter() }
    await expectIssues {
      await store.send(\.channel, 300)
    } matching: { issue in
      issue.comments.first?.rawValue.contains(
        "expects a value of type UInt8 there, but was given one of type Int") ?? false
    }
    await store.send(.start)
    await expectIssues {
      await store.receive(\.tick, 3) { $0.elapsed = 2 }
    } matching: { issue in
      let message = issue.comments.first?.rawValue ?? ""
      return message.contains("The payload at \\.tick differs") && message.contains("− 3.0")
        && message.contains("+ 2.0")
    }
    await store.skipReceivedActions()
  }

  /// An id of the app's own, wrapping an integer, as swift-tagged's `Tagged` does.
  struct RowID: Hashable, Sendable, ExpressibleByIntegerLiteral {
    let rawValue: Int
    init(integerLiteral value: Int) { rawValue = value }
  }

  /// A name of the app's own, built from a string literal.
  struct Name: Equatable, Sendable, ExpressibleByStringLiteral {
    let text: String
    init(stringLiteral value: String) { text = value }
  }

  struct Roster: Reducer {
    struct Row: Equatable, Identifiable, Sendable {
      let id: RowID
      var name: Name = ""
    }
    struct State: Equatable, Sendable {
      var rows: IdentifiedArray<RowID, Row> = [Row(id: 1), Row(id: 2)]
    }
    enum Action: CasePathable, Sendable {
      case rows(IdentifiedAction<RowID, RowAction>)
      case renamed(Name)
    }
    enum RowAction: Sendable {
      case rename(Name)
    }
    var body: some ReducerOf<Self> {
      Reduce { _, action in
        switch action {
        case .rows(.element(_, .rename(let name))): .send(.renamed(name))
        case .renamed: .none
        }
      }
      .forEach(\.rows, action: Action.rows) {
        Reduce { row, action in
          switch action {
          case .rename(let name): row.name = name
          }
          return .none
        }
      }
    }
  }

  @Test func idsAndPayloadsOfTheAppsOwnTypesAreBuiltFromLiterals() async {
    let store = TestStore(initialState: Roster.State()) { Roster() }
    await store.send(\.rows[id: 2].rename, "Blob") { $0.rows[id: 2]?.name = "Blob" }
    await store.receive(\.renamed, "Blob")
    await expectIssues {
      await store.send(\.rows[id: 2].rename, 7)
    } matching: { issue in
      issue.comments.first?.rawValue.contains("expects a value of type") ?? false
    }
    let action = Roster.Action.rows(.element(id: 1, action: .rename("Blob")))
    #expect(action.is(\.rows[id: 1].rename))
    #expect(!action.is(\.rows[id: 2].rename))
  }
}
