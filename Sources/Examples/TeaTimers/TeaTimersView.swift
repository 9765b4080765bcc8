#if canImport(SwiftUI)
  import ReducerKit
  import SwiftUI

  /// The teas, each with its countdown; the alert of refused or failed notifications.
  public struct TeaTimersView: View {
    @Bindable var store: StoreOf<TeaTimers>

    public init(store: StoreOf<TeaTimers>) {
      self.store = store
    }

    public var body: some View {
      NavigationStack {
        List {
          ForEach(store.scope(state: \.teas, action: \.teas)) { tea in
            TeaRow(store: tea)
          }
          .onDelete { offsets in
            let teas = store.teas
            for offset in offsets { store.send(.view(.removeTapped(id: teas[offset].id))) }
          }
        }
        .navigationTitle("Tea timers")
        .toolbar {
          ToolbarItem(placement: .primaryAction) {
            Button("Add sencha") {
              store.send(.view(.addTapped(name: "Sencha", steepTime: .seconds(90))))
            }
          }
        }
        .alert($store.scope(state: \.alert, action: \.alert))
      }
    }
  }

  /// One tea: its name, and its countdown or a button to start one.
  struct TeaRow: View {
    let store: StoreOf<Tea>

    var body: some View {
      HStack {
        Text(store.name)
        Spacer()
        switch store.status {
        case .idle:
          Button("Steep") { store.send(.start) }
        case .steeping(let remaining):
          Text("\(remaining.components.seconds) s")
          Button("Stop") { store.send(.stop) }
        case .ready:
          Text("Ready")
        }
      }
    }
  }
#endif
