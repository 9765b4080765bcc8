#if canImport(SwiftUI)
  import ReducerKit
  import SwiftUI

  /// The counter's screen: the count with its buttons, the fact, and the alert of a failed
  /// fact request.
  public struct CounterView: View {
    @Bindable var store: StoreOf<Counter>

    public init(store: StoreOf<Counter>) {
      self.store = store
    }

    public var body: some View {
      Form {
        Section {
          HStack {
            Button("−") { store.send(.view(.decrementTapped)) }
            Text("\(store.count)")
            Button("+") { store.send(.view(.incrementTapped)) }
          }
        }
        Section {
          if store.isLoadingFact {
            HStack {
              ProgressView()
              Button("Cancel") { store.send(.view(.cancelFactTapped)) }
            }
          } else {
            Button("Number fact") { store.send(.view(.factTapped)) }
          }
          if let fact = store.fact {
            Text(fact)
          }
        }
      }
      .navigationTitle("Counter")
      .alert($store.scope(state: \.alert, action: \.alert))
    }
  }
#endif
