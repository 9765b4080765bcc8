// A small app of real shape, written only in TCA's spellings with no annotation, type-checked
// by .ci/swiftui-typecheck: a pantry list with swipe actions, an item's detail with a
// destination enum (sheet, alert, dialog, push), a stack of two screen kinds, and a form with
// focus and bindings. The reducers are as reducerkit-migrate writes them.
import ReducerKit
import SwiftUI

struct PantryItem: Equatable, Identifiable, Sendable {
  let id: Int
  var name: String
  var quantity: Double
}

// MARK: The form: focus and bindings

struct ItemForm: Reducer {
  struct State: Equatable, Sendable {
    var item: PantryItem
    var focus: Field? = .name
    enum Field: Hashable, Sendable { case name, quantity }
  }
  enum Action: BindableAction, Sendable {
    case binding(BindingAction<State>)
    case saveTapped
  }
  var body: some ReducerOf<Self> { BindingReducer() }
}
extension ItemForm.State: ReducerState { typealias StateReducer = ItemForm }

struct ItemFormView: View {
  @Bindable var store: StoreOf<ItemForm>
  @FocusState var focus: ItemForm.State.Field?

  var body: some View {
    // NB: as a TCA app supporting iOS 16 writes it; a wrapper that changes nothing here.
    WithPerceptionTracking {
      form
    }
    .bind($store.focus, to: $focus)
  }

  var form: some View {
    Form {
      TextField("Name", text: $store.item.name)
        .focused($focus, equals: .name)
      Slider(value: $store.item.quantity, in: 0...20)
        .focused($focus, equals: .quantity)
      Button("Save") { store.send(.saveTapped) }
        .buttonStyle(.borderedProminent)
    }
  }
}

// MARK: The detail: a destination enum

struct ItemDetail: Reducer {
  struct Destination: CaseReducer {
    @dynamicMemberLookup
    enum State: CasePathable, Equatable, Sendable {
      case edit(ItemForm.State)
      case alert(AlertState<Alert>)
      case dialog(ConfirmationDialogState<Dialog>)
    }
    enum Action: Sendable {
      case edit(ItemForm.Action)
      case alert(Alert)
      case dialog(Dialog)
    }
    enum Alert: Equatable, Sendable { case confirmDeletion }
    enum Dialog: Equatable, Sendable { case halve, double }
    var body: some ReducerOf<Self> {
      Scope(state: \.edit, action: \.edit) { ItemForm() }
    }
  }
  struct State: Equatable, Sendable {
    var item: PantryItem
    @Presents var destination: Destination.State?
  }
  enum Action: Sendable {
    case editTapped, deleteTapped, adjustTapped
    case destination(PresentationAction<Destination.Action>)
  }
  var body: some ReducerOf<Self> {
    EmptyReducer().ifLet(\.$destination, action: \.destination)
  }
}
extension ItemDetail.Destination.State: CaseReducerState {
  typealias StateReducer = ItemDetail.Destination
}

struct ItemDetailView: View {
  @Bindable var store: StoreOf<ItemDetail>

  var body: some View {
    List {
      Text(store.item.name).bold()
      NavigationLink("Restock history", state: Pantry.Path.State.history(History.State()))
      Menu("Adjust") {
        Button("Edit") { store.send(.editTapped) }
        Button("Adjust quantity") { store.send(.adjustTapped) }
      }
    }
    .toolbar {
      ToolbarItem(placement: .destructiveAction) {
        Button("Delete", role: .destructive) { store.send(.deleteTapped) }
      }
    }
    .sheet(item: $store.scope(\.$destination, action: \.destination).edit) { store in
      ItemFormView(store: store)
        .presentationDetents([.medium, .large])
    }
    .alert($store.scope(state: \.destination?.alert, action: \.destination.alert))
    .confirmationDialog($store.scope(state: \.destination?.dialog, action: \.destination.dialog))
  }
}

// MARK: A second kind of screen

struct History: Reducer {
  struct State: Equatable, Sendable { var entries: [String] = [] }
  enum Action: Sendable { case refresh }
  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

struct HistoryView: View {
  let store: StoreOf<History>
  var body: some View {
    ScrollView {
      ForEach(store.entries, id: \.self) { entry in Text(entry) }
    }
    .refreshable { await store.send(.refresh).finish() }
  }
}

// MARK: The list and the stack

struct Pantry: Reducer {
  struct Path: CaseReducer {
    @dynamicMemberLookup
    enum State: CasePathable, Equatable, Sendable {
      case detail(ItemDetail.State)
      case history(History.State)
    }
    enum Action: Sendable {
      case detail(ItemDetail.Action)
      case history(History.Action)
    }
    enum CaseScope: CaseScopeEnum {
      case detail(StoreOf<ItemDetail>)
      case history(StoreOf<History>)
    }
    var body: some ReducerOf<Self> {
      Scope(state: \.detail, action: \.detail) { ItemDetail() }
      Scope(state: \.history, action: \.history) { History() }
    }
  }
  struct State: Equatable, Sendable {
    var items: IdentifiedArrayOf<PantryItem> = []
    var path = StackState<Path.State>()
    var newItem: ItemForm.State?
  }
  enum Action: Sendable {
    case path(StackActionOf<Path>)
    case newItem(ItemForm.Action)
    case deleteTapped(id: PantryItem.ID)
    case addTapped
    case task
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .forEach(\.path, action: \.path)
  }
}
extension Pantry.Path.State: CaseReducerState { typealias StateReducer = Pantry.Path }

struct PantryView: View {
  @Bindable var store: StoreOf<Pantry>
  @Environment(\.colorScheme) var colorScheme

  var body: some View {
    NavigationStack(path: $store.scope(state: \.path, action: \.path)) {
      List {
        ForEach(store.items) { item in
          NavigationLink(
            state: Pantry.Path.State.detail(ItemDetail.State(item: item))
          ) {
            HStack {
              Text(item.name)
              Spacer()
              Text("\(item.quantity)")
            }
          }
          .swipeActions {
            Button("Delete", role: .destructive) { store.send(.deleteTapped(id: item.id)) }
          }
        }
        if let newItem = store.scope(state: \.newItem, action: \.newItem) {
          ItemFormView(store: newItem)
        }
      }
      .navigationTitle("Pantry")
      .safeAreaInset(edge: .bottom) {
        Button("Add") { store.send(.addTapped) }
          .frame(maxWidth: .infinity)
          .padding()
      }
      .task { await store.send(.task).finish() }
    } destination: { store in
      switch store.case {
      case let .detail(store):
        ItemDetailView(store: store)
      case let .history(store):
        HistoryView(store: store)
      }
    }
    .tint(colorScheme == .dark ? Color.green : Color.red)
  }
}

struct PantryApp: App {
  let store = Store(initialState: Pantry.State()) { Pantry() }
  var body: some Scene {
    WindowGroup {
      TabView {
        PantryView(store: store)
          .tabItem { Label("Pantry", systemImage: "cabinet") }
      }
    }
  }
}
