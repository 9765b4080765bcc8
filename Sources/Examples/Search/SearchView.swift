#if canImport(SwiftUI)
  import ReducerKit
  import SwiftUI

  /// The search screen: a field bound to the query (each change is a binding action, debounced
  /// by the reducer), the results as they load, and the alert of a failed search.
  public struct SearchView: View {
    @Bindable var store: StoreOf<Search>

    public init(store: StoreOf<Search>) {
      self.store = store
    }

    public var body: some View {
      NavigationStack {
        List {
          TextField("Search places", text: $store.query)
          if store.results.isLoading {
            ProgressView()
          }
          ForEach(store.results.value ?? []) { place in
            Text(place.name)
          }
        }
        .navigationTitle("Places")
        .alert($store.scope(state: \.alert, action: \.alert))
      }
    }
  }
#endif
