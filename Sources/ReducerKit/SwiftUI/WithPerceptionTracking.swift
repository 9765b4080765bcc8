#if canImport(SwiftUI)
  import SwiftUI

  /// A view that shows `content`: TCA's wrapper for views that read a store on iOS 16, where
  /// SwiftUI does not observe by itself.
  ///
  /// SwiftUI observes ReducerKit's stores on every platform ReducerKit builds for (iOS 18,
  /// macOS 15 and later), so the wrapper does nothing but show its content; it is here so that
  /// views written against TCA compile as they are. Removing it changes nothing.
  ///
  /// ```swift
  /// var body: some View {
  ///   WithPerceptionTracking {
  ///     Text("\(store.count)")
  ///   }
  /// }
  /// ```
  public struct WithPerceptionTracking<Content: View>: View {
    let content: () -> Content

    /// A view showing what `content` builds.
    public init(@ViewBuilder content: @escaping () -> Content) {
      self.content = content
    }

    /// `content`, as it is.
    public var body: Content {
      content()
    }
  }
#endif
