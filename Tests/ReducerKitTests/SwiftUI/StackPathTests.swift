import ReducerKit
import ReducerKitTesting
import Testing

/// What `NavigationStack(path: $store.scope(state: \.path, action: \.path))` reads and writes,
/// and the row stores of `ForEach(store.scope(state: \.rows, action: \.rows))`, without SwiftUI.
@MainActor
@Suite struct StackPathTests {
  private let site = SourceSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)
  private typealias Editor = ViewHost.Editor

  private func makeStore(_ texts: [String]) -> StoreOf<ViewHost> {
    Store(
      initialState: ViewHost.State(
        path: StackState(texts.map { Editor.State(text: $0) }))
    ) { ViewHost() }
  }

  @Test func thePathListsTheStackBottomFirst() {
    let store = makeStore(["a", "b", "c"])
    let stack: Store<StackState<Editor.State>, StackActionOf<Editor>> = store.scope(
      state: \.path, action: \.path)
    let path = stack.stackPath()
    #expect(path.map(\.id) == [0, 1, 2])
    #expect(path.map(\.state.text) == ["a", "b", "c"])
  }

  @Test func goingBackPopsFromTheFirstScreenLeft() {
    let store = makeStore(["a", "b", "c"])
    let stack: Store<StackState<Editor.State>, StackActionOf<Editor>> = store.scope(
      state: \.path, action: \.path)
    var path = stack.stackPath()
    path.removeLast(2)
    stack.setStackPath(path, site: site)
    #expect(store.withState(\.log) == [.path(.popFrom(id: 1))])
    #expect(store.withState(\.path.ids.elements) == [0])
  }

  @Test func aLinkPushesWithTheStacksNextID() {
    let store = makeStore(["a"])
    let stack: Store<StackState<Editor.State>, StackActionOf<Editor>> = store.scope(
      state: \.path, action: \.path)
    var path = stack.stackPath()
    path.append(StackPath.Route(pushing: Editor.State(text: "new")))
    stack.setStackPath(path, site: site)
    #expect(store.withState(\.log) == [.path(.push(id: 1, state: Editor.State(text: "new")))])
    #expect(stack.stackPath().map(\.id) == [0, 1])
  }

  @Test func aPathThatReordersTheStackIsReportedAndSendsNothing() async {
    let store = makeStore(["a", "b"])
    let stack: Store<StackState<Editor.State>, StackActionOf<Editor>> = store.scope(
      state: \.path, action: \.path)
    let issues = await capturedIssues {
      stack.setStackPath(StackPath(stack.stackPath().reversed()), site: site)
    }
    #expect(
      issues.map { $0.message.prefix(59) } == [
        "A navigation stack's path was set to one that reorders its "
      ])
    #expect(store.withState(\.log).isEmpty)
  }

  @Test func eachElementKeepsItsStoreUntilItIsPopped() {
    let store = makeStore(["a", "b"])
    let stack: Store<StackState<Editor.State>, StackActionOf<Editor>> = store.scope(
      state: \.path, action: \.path)
    let top: StoreOf<Editor>? = stack.stackElement(id: 1)
    #expect(top?.text == "b")
    #expect(stack.stackElement(id: 1) === top)
    top?.send(.textChanged("b2"))
    #expect(store.withState(\.log) == [.path(.element(id: 1, action: .textChanged("b2")))])
    store.send(.path(.popFrom(id: 1)))
    let gone: StoreOf<Editor>? = stack.stackElement(id: 1)
    #expect(gone == nil)
  }

  @Test func rowStoresComeInOrderAndKeepTheirIdentity() {
    let store = Store(
      initialState: ViewHost.State(rows: [.init(id: 3), .init(id: 1), .init(id: 2)])
    ) { ViewHost() }
    let rows: [StoreOf<ViewHost.Row>] = store.scope(state: \.rows, action: \.rows)
    #expect(rows.map(\.id) == [3, 1, 2])
    rows[1].send(.increment)
    #expect(store.withState(\.rows[id: 1]?.count) == 1)
    #expect(store.withState(\.log) == [.rows(.element(id: 1, action: .increment))])
    // Scoping again (a view's next body) gives each remaining row the store it had.
    let again: [StoreOf<ViewHost.Row>] = store.scope(state: \.rows, action: \.rows)
    #expect(zip(rows, again).allSatisfy { $0 === $1 })
  }

  @Test func stackStoresOutsideSwiftUIAreAnArrayToo() {
    let store = makeStore(["a", "b"])
    let screens: [StoreOf<Editor>] = store.scope(state: \.path, action: \.path)
    #expect(screens.map(\.text) == ["a", "b"])
    screens[0].send(.textChanged("z"))
    #expect(store.withState(\.log) == [.path(.element(id: 0, action: .textChanged("z")))])
  }
}
