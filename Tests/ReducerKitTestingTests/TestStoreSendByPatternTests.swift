import Foundation
import ReducerKit
import ReducerKitTesting
import Testing

/// `store.send(\.view.tap)` and `store.send(\.rows[id: 1].rename, "Blob")`: actions named by a
/// case pattern, as TCA's tests send them by case key path.
@MainActor
@Suite struct TestStoreSendByPatternTests {
  struct Feature: Reducer {
    struct Row: Equatable, Identifiable, Sendable {
      var id: Int
      var value: String
    }
    struct State: Equatable, Sendable {
      var count = 0
      var rows: IdentifiedArrayOf<Row> = []
      var name: String?
      var error: String?
      var path = StackState<Int>()
    }
    struct Failure: Error, Equatable {}
    enum Action: Sendable {
      case tap
      case view(View)
      case delegate(Delegate)
      case rows(IdentifiedAction<Int, String>)
      case changed(from: Int, to: Int)
      case rename(String?)
      case response(Result<Int, any Error>)
      case path(StackAction<Int, Int>)
      indirect case nested(Action)

      enum View: Sendable {
        case tap
        case delete(IndexSet)
      }
      enum Delegate: Equatable, Sendable { case success(Int) }
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .tap:
          return .send(.delegate(.success(42)))
        case .view(.tap):
          state.count += 1
          return .send(.delegate(.success(42 * 42)))
        case .view(.delete(let indices)):
          let sum = indices.reduce(0, +)
          if sum == 42 { state.count += 1 }
          return .send(.delegate(.success(sum)))
        case .delegate, .rows, .path:
          return .none
        case .nested(let action):
          return .send(action)
        case .changed(let from, let to):
          state.count = from + to
          return .none
        case .rename(let name):
          state.name = name
          return .none
        case .response(.success(let value)):
          state.count = value
          return .none
        case .response(.failure(let error)):
          state.error = "\(error)"
          return .none
        }
      }
      .forEach(\.rows, action: Action.rows) {
        Reduce { state, action in
          state.value = action
          return action.isEmpty ? .run { await $0("Empty") } : .none
        }
      }
      .forEach(\.path, action: Action.path) {
        Reduce { state, action in
          state += action
          return .none
        }
      }
    }
  }

  @Test func sendsCasesWithAndWithoutPayloads() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(\.tap)
    await store.receive(\.delegate.success, 42)
    await store.send(\.view.tap) { $0.count = 1 }
    await store.receive(\.delegate.success, 42 * 42)
    await store.send(\.view.delete, IndexSet([0]))
    await store.receive(\.delegate.success, 0)
    await store.send(\.view.delete, IndexSet([19, 23])) { $0.count = 2 }
    await store.receive(\.delegate.success, 42)
    // An array literal for an IndexSet, as TCA's typed case key path makes it.
    await store.send(\.view.delete, [20, 22]) { $0.count = 3 }
    await store.receive(\.delegate.success, 42)
  }

  @Test func sendsTheActionOfARowByID() async {
    let rows: IdentifiedArrayOf<Feature.Row> = [
      Feature.Row(id: 1, value: "Blob"), Feature.Row(id: 2, value: "Blob Jr."),
    ]
    let store = TestStore(initialState: Feature.State(rows: rows)) { Feature() }
    await store.send(\.rows[id: 1], "Blob Esq.") { $0.rows[id: 1]?.value = "Blob Esq." }
    await store.send(\.rows[id: 2], "") { $0.rows[id: 2]?.value = "" }
    await store.receive(\.rows[id: 2]) { $0.rows[id: 2]?.value = "Empty" }
  }

  @Test func sendsTheActionOfAStackElementAndAPop() async {
    let store = TestStore(initialState: Feature.State(path: StackState([10, 20]))) { Feature() }
    await store.send(\.path[id: 1], 5) { $0.path[id: 1] = 25 }
    await store.send(\.path.popFrom, StackElementID(rawValue: 1)) { $0.path.removeLast() }
    await store.send(\.path.popFrom, 0) { $0.path.removeAll() }
    // A push written as in TCA: the id an integer, the state unlabelled.
    await store.send(\.path.push, (id: 2, 70)) { $0.path[id: 2] = 70 }
    await store.send(\.path.push, (id: StackElementID(rawValue: 3), state: 80)) {
      $0.path[id: 3] = 80
    }
  }

  @Test func sendsPayloadsOfSeveralValuesOptionalsAndResults() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(\.changed, (from: 2, to: 3)) { $0.count = 5 }
    await store.send(\.changed, (4, 5)) { $0.count = 9 }
    await store.send(\.rename, "Blob") { $0.name = "Blob" }
    await store.send(\.rename, String?.none) { $0.name = nil }
    await store.send(\.response.success, 7) { $0.count = 7 }
    await store.send(\.response.failure, Feature.Failure()) { $0.error = "Failure()" }
  }

  @Test func aPatternThatBuildsNoActionFailsAndSendsNothing() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    func failure(_ send: () async -> Void) async -> String? {
      let message = LockIsolated<String?>(nil)
      await expectIssues {
        await send()
      } matching: { issue in
        message.setValue(issue.comments.first?.rawValue)
        return true
      }
      return message.value
    }
    let typo = await failure { await store.send(\.view.tapp) }
    #expect(
      typo == """
        "send" could not build an action from \\.view.tapp: nothing was sent.

        TestStoreSendByPatternTests.Feature.Action.View has no case "tapp"; its cases are: \
        .delete, .tap.
        """)
    let missing = await failure { await store.send(\.view.delete) }
    #expect(missing?.contains("ends at a case whose payload is of type IndexSet") == true)
    let extra = await failure { await store.send(\.tap, 1) }
    #expect(extra?.contains("Action.tap has no payload, but \\.tap gives it one.") == true)
    let wrongType = await failure { await store.send(\.view.delete, ["0"]) }
    #expect(
      wrongType?.contains(
        "expects a value of type IndexSet there, but was given one of type Array<String>.")
        == true)
    let pastTheEnd = await failure { await store.send(\.tap.again) }
    #expect(pastTheEnd?.contains("Action.tap has no payload for the rest of \\.tap.again") == true)
  }

  @Test func sendsIndirectCases() async {
    // An indirect case's payload lives in a box, which the pattern builds as the compiler would.
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(\.nested.tap)
    await store.receive(\.tap)
    await store.receive(\.delegate.success, 42)
    await store.send(\.nested.rename, "Blob")
    await store.receive(\.rename, "Blob") { $0.name = "Blob" }
    await store.send(\.nested.nested.changed, (from: 1, to: 2))
    await store.receive(\.nested.changed)
    await store.receive(\.changed) { $0.count = 3 }
  }

  /// Payloads of existential types.
  struct Canvas: Reducer {
    protocol Shape: Sendable { var name: String { get } }
    struct Circle: Shape { var name: String { "circle" } }
    enum Action: Sendable {
      case draw(any Shape)
      case note(any Sendable)
      case fail(any Error)
    }
    func reduce(into state: inout [String], action: Action) -> Effect<Action> {
      switch action {
      case .draw(let shape): state.append(shape.name)
      case .note(let note): state.append("\(note)")
      case .fail(let error): state.append("\(error)")
      }
      return .none
    }
  }

  @Test func sendsPayloadsOfExistentialTypes() async {
    struct Oops: Error {}
    let store = TestStore(initialState: [String]()) { Canvas() }
    await store.send(\.draw, Canvas.Circle()) { $0 = ["circle"] }
    await store.send(\.note, 42) { $0.append("42") }
    await store.send(\.fail, Oops()) { $0.append("Oops()") }
    await expectIssues {
      await store.send(\.draw, "square")
    } matching: { issue in
      issue.comments.first?.rawValue.contains(
        "expects a value of type any TestStoreSendByPatternTests.Canvas.Shape there, but was "
          + "given one of type String, which is not one. Pass a value of a type that "
          + "conforms.") ?? false
    }
  }

  /// A feature that presents and lists itself, with an `indirect` action enum, as recursive
  /// features are written.
  struct Outline: Reducer {
    struct State: Equatable, Identifiable, Sendable {
      var id: Int
      @Presents var child: State?
      var rows: IdentifiedArrayOf<State> = []
    }
    indirect enum Action: Equatable, Sendable {
      case child(PresentationAction<Action>)
      case rows(IdentifiedAction<Int, Action>)
      case show
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if action == .show { state.child = State(id: state.id + 1) }
        return .none
      }
      .ifLet(\.$child, action: Action.child) { Outline() }
      .forEach(\.rows, action: Action.rows) { Outline() }
    }
  }

  @Test func sendsTheActionsOfARecursiveFeature() async {
    let store = TestStore(initialState: Outline.State(id: 0, rows: [Outline.State(id: 10)])) {
      Outline()
    }
    await store.send(\.show) { $0.child = Outline.State(id: 1) }
    await store.send(\.child.presented.show) { $0.child?.child = Outline.State(id: 2) }
    await store.send(\.rows[id: 10].show) { $0.rows[id: 10]?.child = Outline.State(id: 11) }
    await store.send(\.rows[id: 10].child.presented.show) {
      $0.rows[id: 10]?.child?.child = Outline.State(id: 12)
    }
    await store.send(\.child.dismiss) { $0.child = nil }
  }

  /// A feature whose state and actions share a name, as in TCA's test of bindings by pattern.
  struct Form: Reducer {
    struct State: Equatable, Sendable {
      var isOn = false
      var query = ""
      var volume = 5
    }
    enum Action: BindableAction, Sendable {
      case binding(BindingAction<State>)
      case onAppear
      case isOn(Bool)
    }
    var body: some ReducerOf<Self> {
      BindingReducer()
      Reduce { _, action in
        switch action {
        case .onAppear: .send(.isOn(true))
        case .isOn(let value): .send(.set(\.isOn, value))
        case .binding(\.query): .send(.set(\.volume, 0))
        case .binding: .none
        }
      }
    }
  }

  @Test func sendsAndReceivesBindingsByTheirField() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await store.send(\.onAppear)
    await store.receive(\.isOn)
    await store.receive(\.binding.isOn) { $0.isOn = true }
    // The binding a pattern builds is the one `.set(\.query, …)` makes: the parent's
    // `case .binding(\.query)` sees it.
    await store.send(\.binding.query, "Lis") { $0.query = "Lis" }
    await store.receive(\.binding.volume, 0) { $0.volume = 0 }
    await store.send(\.binding.volume, 7) { $0.volume = 7 }
  }

  @Test func aBindingToAFieldThatIsNotThereFails() async {
    let store = TestStore(initialState: Form.State()) { Form() }
    await expectIssues {
      await store.send(\.binding.qurey, "Lis")
    } matching: { issue in
      issue.comments.first?.rawValue.contains(
        #"Form.State has no stored field "qurey" to bind; its fields are: isOn, query, volume."#)
        ?? false
    }
    await expectIssues {
      await store.send(\.binding.volume, "loud")
    } matching: { issue in
      issue.comments.first?.rawValue.contains(
        "Form.State.volume is not a writable field of type String.") ?? false
    }
    await expectIssues {
      await store.send(\.binding.volume)
    } matching: { issue in
      issue.comments.first?.rawValue.contains("names the bound field \"volume\"") ?? false
    }
  }
}
