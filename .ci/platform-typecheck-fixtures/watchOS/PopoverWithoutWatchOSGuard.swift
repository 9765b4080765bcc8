// rejects: 'popover(item:attachmentAnchor:arrowEdge:content:)' is unavailable
// A presentation helper marked unavailable on tvOS only, as ReducerKit's `popover(item:)` for a
// presented store once was: SwiftUI's popover does not exist on watchOS either.
import SwiftUI

extension View {
  @available(tvOS, unavailable)
  public func popover<Item: Identifiable, Content: View>(
    presenting item: Binding<Item?>, @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View {
    popover(item: item, content: content)
  }
}
