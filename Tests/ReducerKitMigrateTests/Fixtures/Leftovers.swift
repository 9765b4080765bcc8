import ComposableArchitecture
import SwiftUI

@Reducer
enum Route {
  case detail(id: Int)
}

@DependencyClient
struct Flags {
  var isOn: @Sendable () -> Bool
}

@Reducer
struct Feed {
  struct State: Equatable {}
  enum Action { case appeared }
  @Dependency(\.mainQueue) var mainQueue
  @Dependency(\.urlSession) var urlSession
  var body: some ReducerOf<Self> {
    Reduce { _, _ in
      .publisher { Just(Action.appeared).receive(on: mainQueue) }
    }
  }
}

@ViewAction(for: Feed.self)
struct FeedView: View {
  let store: StoreOf<Feed>
  var body: some View {
    WithViewStore(store, observe: { $0 }) { _ in Text("Feed") }
  }
}
