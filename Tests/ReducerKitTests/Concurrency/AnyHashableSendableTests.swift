import ReducerKit
import Testing

/// Type-erased cancel IDs and identities: equal exactly when their types and values are.
@Suite struct AnyHashableSendableTests {
  enum ID: Hashable, Sendable {
    case row(Int)
    case name(String)
  }

  class Base: Hashable, @unchecked Sendable {
    // NB: @unchecked Sendable: immutable (a `let` of a Sendable type); no lock needed.
    let value: Int
    init(_ value: Int) { self.value = value }
    static func == (lhs: Base, rhs: Base) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
  }
  final class Derived: Base, @unchecked Sendable {}

  @Test func equalValuesOfOneTypeAreEqual() {
    #expect(AnyHashableSendable(ID.row(1)) == AnyHashableSendable(ID.row(1)))
    #expect(AnyHashableSendable(ID.name("a")) == AnyHashableSendable(ID.name("a")))
    #expect(AnyHashableSendable(ID.row(1)) != AnyHashableSendable(ID.row(2)))
    #expect(AnyHashableSendable(ID.row(1)) != AnyHashableSendable(ID.name("1")))
  }

  @Test func valuesOfDifferentTypesAreNeverEqual() {
    #expect(AnyHashableSendable(1) != AnyHashableSendable(Int8(1)))
    #expect(AnyHashableSendable("row") != AnyHashableSendable(ID.name("row")))
    // Either way round: a subclass instance is not its superclass's.
    #expect(AnyHashableSendable(Base(1)) != AnyHashableSendable(Derived(1)))
    #expect(AnyHashableSendable(Derived(1)) != AnyHashableSendable(Base(1)))
    #expect(AnyHashableSendable(Derived(1)) == AnyHashableSendable(Derived(1)))
  }

  @Test func erasingTwiceKeepsOneLayer() {
    let once = AnyHashableSendable(ID.row(3))
    #expect(AnyHashableSendable(once) == once)
    #expect(AnyHashableSendable(once).base is ID)
    // Also when the erased value arrives as an existential (checked at run time), or through a
    // generic function (where the check is decided when specializing).
    let existential: any Hashable & Sendable = once
    #expect(AnyHashableSendable(existential).base is ID)
    func erase<ID: Hashable & Sendable>(_ id: ID) -> AnyHashableSendable { AnyHashableSendable(id) }
    #expect(erase(once).base is ID && erase(once) == once)
  }

  @Test func findsKeysInATable() {
    var table: [AnyHashableSendable: String] = [:]
    for index in 0..<1_000 { table[AnyHashableSendable(ID.row(index))] = "row \(index)" }
    table[AnyHashableSendable(7)] = "int"
    #expect(table[AnyHashableSendable(ID.row(7))] == "row 7")
    #expect(table[AnyHashableSendable(7)] == "int")
    #expect(table[AnyHashableSendable(ID.name("7"))] == nil)
  }

  @Test func literalsAreErasedAsTheyAreWritten() {
    let ids: [AnyHashableSendable] = [1, 1.5, "one", true]
    #expect(
      ids == [
        AnyHashableSendable(1), AnyHashableSendable(1.5), AnyHashableSendable("one"),
        AnyHashableSendable(true),
      ])
    #expect(
      ids[0].base is Int && ids[1].base is Double && ids[2].base is String && ids[3].base is Bool)
  }

  @Test func describesItsValue() {
    let id: AnyHashableSendable = "row"
    #expect(id.description == "row")
    #expect(id.debugDescription == #"AnyHashableSendable("row")"#)
    #expect(String(describing: AnyHashableSendable(ID.row(2))) == "row(2)")
  }

  /// A reusable feature keeps the ID its parent gives it, of any type, and cancels by it.
  @MainActor
  @Test func aFeatureCancelsItsEffectsByAnIDOfItsParentsType() async {
    struct Row: Reducer {
      struct State: Equatable, Sendable { let id: AnyHashableSendable }
      enum Action: Sendable { case start, stop }
      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        switch action {
        case .start: .run { _ in try await Task.never() }.cancellable(id: state.id)
        case .stop: .cancel(id: state.id)
        }
      }
    }
    let store = Store(initialState: Row.State(id: AnyHashableSendable(ID.row(1)))) { Row() }
    let running = store.send(.start)
    store.send(.stop)
    await running.finish()
    #expect(running.isCancelled)
  }
}
