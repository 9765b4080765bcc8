// rejects: call to main actor-isolated instance method 'modifier' in a synchronous nonisolated context
// An initializer over a navigation stack that wraps its root in a main-actor modifier, without
// being main-actor isolated itself, as ReducerKit's stack initializer once was: against the newest
// SDK, where `NavigationStack` is `nonisolated`, so is the initializer.
import SwiftUI

struct Destinations<Destination: View>: ViewModifier {
  let destination: (Int) -> Destination

  func body(content: Content) -> some View {
    content.navigationDestination(for: Int.self) { destination($0) }
  }
}

extension NavigationStack {
  init<R: View, Destination: View>(
    path: Binding<[Int]>, @ViewBuilder root: () -> R,
    @ViewBuilder destination: @escaping (Int) -> Destination
  ) where Data == [Int], Root == ModifiedContent<R, Destinations<Destination>> {
    self.init(path: path) {
      root().modifier(Destinations(destination: destination))
    }
  }
}
