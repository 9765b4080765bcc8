import ReducerKit
import ReducerKitTesting
import Testing

/// What `$store.scope(state:action:)` reads and writes for `.sheet(item:)` and its kin, and
/// `.alert`, tested without SwiftUI.
@MainActor
@Suite struct PresentationBindingTests {
  private let site = SourceSite(fileID: #fileID, filePath: #filePath, line: #line, column: #column)

  @Test func readsTheChildStoreWhilePresentedAndNilOtherwise() {
    let store = Store(initialState: ViewHost.State()) { ViewHost() }
    let binding: StoreBindingAccessors<StoreOf<ViewHost.Editor>?> = store.presentationAccessors(
      state: \.child, action: \.child, site: site)
    #expect(binding.get() == nil)
    let presented = Store(initialState: ViewHost.State(child: ViewHost.Editor.State())) {
      ViewHost()
    }
    let child: StoreBindingAccessors<StoreOf<ViewHost.Editor>?> = presented.presentationAccessors(
      state: \.child, action: \.child, site: site)
    let first = child.get()
    #expect(first != nil)
    // The same store while the child stays presented: a sheet keeps its identity.
    #expect(child.get() === first)
    first?.send(.textChanged("Hi"))
    #expect(presented.withState(\.child?.text) == "Hi")
    #expect(presented.withState(\.log) == [.child(.presented(.textChanged("Hi")))])
  }

  @Test func settingNilSendsTheDismissal() {
    let store = Store(initialState: ViewHost.State(child: ViewHost.Editor.State())) { ViewHost() }
    let binding: StoreBindingAccessors<StoreOf<ViewHost.Editor>?> = store.presentationAccessors(
      state: \.child, action: \.child, site: site)
    binding.set(nil)
    #expect(store.withState(\.child) == nil)
    #expect(store.withState(\.log) == [.child(.dismiss)])
    // Set again once the child is gone (the view catching up): nothing more is sent.
    binding.set(nil)
    #expect(store.withState(\.log) == [.child(.dismiss)])
  }

  @Test func throughADestinationTheDestinationIsDismissed() {
    let store = Store(
      initialState: ViewHost.State(destination: .editor(ViewHost.Editor.State(text: "draft")))
    ) { ViewHost() }
    let binding: StoreBindingAccessors<StoreOf<ViewHost.Editor>?> = store.presentationAccessors(
      state: \.destination?.editor, action: \.destination.editor, site: site)
    let editor = binding.get()
    #expect(editor?.text == "draft")
    editor?.send(.textChanged("final"))
    #expect(store.withState(\.destination) == .editor(ViewHost.Editor.State(text: "final")))
    binding.set(nil)
    #expect(store.withState(\.destination) == nil)
    #expect(
      store.withState(\.log) == [
        .destination(.presented(.editor(.textChanged("final")))), .destination(.dismiss),
      ])
  }

  @Test func anAlertThroughADestinationSendsItsButtonsAction() {
    let alert = AlertState<ViewHost.Destination.Alert> {
      TextState("Sure?")
    } actions: {
      ButtonState(action: .confirm) { TextState("Yes") }
    }
    let store = Store(initialState: ViewHost.State(destination: .alert(alert))) { ViewHost() }
    let binding:
      StoreBindingAccessors<
        Store<AlertState<ViewHost.Destination.Alert>, ViewHost.Destination.Alert>?
      > =
        store.presentationAccessors(
          state: \.destination?.alert, action: \.destination.alert, site: site)
    #expect(binding.get()?.withState { $0 } == alert)
    binding.get()?.send(.confirm)
    // Sent as the destination's presented action; the alert, ephemeral, is gone after it.
    #expect(store.withState(\.log) == [.destination(.presented(.alert(.confirm)))])
    #expect(store.withState(\.destination) == nil)
    #expect(binding.get() == nil)
  }

  @Test func aPatternThatNamesNoCaseIsReportedAndDropsWhatItIsSent() async {
    let store = Store(initialState: ViewHost.State(child: ViewHost.Editor.State())) { ViewHost() }
    let issues = await capturedIssues {
      let binding: StoreBindingAccessors<StoreOf<ViewHost.Editor>?> = store.presentationAccessors(
        state: \.child, action: \.chlid, site: site)
      binding.get()?.send(.textChanged("lost"))
    }
    #expect(issues.count == 2)
    #expect(
      issues.first?.message.hasPrefix(#""store.scope" was given the case pattern \.chlid"#) == true)
    #expect(issues.last?.message.hasPrefix("A store scoped with the case pattern \\.chlid") == true)
    #expect(store.withState(\.log).isEmpty)
  }

  @Test func aSendingBindingReadsTheFieldAndSendsTheAction() {
    let store = Store(initialState: ViewHost.State()) { ViewHost() }
    let query = store.sendingAccessors(state: \.query, action: \.queryChanged, site: site)
    #expect(query.get() == "")
    query.set("tea")
    #expect(query.get() == "tea")
    #expect(store.withState(\.log) == [.queryChanged("tea")])
  }

  @Test func caseMembersReadThePayloadOfTheirCase() {
    let editing = ViewHost.Destination.State.editor(ViewHost.Editor.State(text: "a"))
    let editor: ViewHost.Editor.State? = editing.editor
    #expect(editor == ViewHost.Editor.State(text: "a"))
    let alert: AlertState<ViewHost.Destination.Alert>? = editing.alert
    #expect(alert == nil)
  }
}
