// Part of the transcription of SwiftUI's interface for type-checking (see Views.swift).
import Foundation
import Observation

// MARK: Toolbars

/// Content of a toolbar.
@MainActor @preconcurrency
public protocol ToolbarContent {
  associatedtype Body: ToolbarContent
  @ToolbarContentBuilder var body: Self.Body { get }
}

@resultBuilder
public struct ToolbarContentBuilder {
  public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: ToolbarContent>(
    _ content: repeat each Content
  ) -> _TranscribedToolbarContent { _TranscribedToolbarContent() }
  public static func buildExpression<Content: ToolbarContent>(_ content: Content) -> Content {
    content
  }
}

public struct _TranscribedToolbarContent: ToolbarContent {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public nonisolated init() {}
}

extension Never: ToolbarContent {}

public struct ToolbarItemPlacement: Sendable {
  public static let automatic = ToolbarItemPlacement()
  public static let primaryAction = ToolbarItemPlacement()
  public static let confirmationAction = ToolbarItemPlacement()
  public static let cancellationAction = ToolbarItemPlacement()
  public static let destructiveAction = ToolbarItemPlacement()
  @available(macOS, unavailable)
  public static let topBarTrailing = ToolbarItemPlacement()
  @available(macOS, unavailable)
  public static let topBarLeading = ToolbarItemPlacement()
}

public struct ToolbarItem<ID, Content: View>: ToolbarContent {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

extension ToolbarItem where ID == () {
  public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}

// MARK: Modifiers

public struct Font: Hashable, Sendable {
  public static let body = Font()
  public static let headline = Font()
  public static let title = Font()
  public static let caption = Font()
  public static let footnote = Font()
  public func monospacedDigit() -> Font { self }
}

public protocol ShapeStyle: Sendable {}

public struct Color: ShapeStyle, Hashable {
  public static let red = Color()
  public static let green = Color()
  public static let secondary = Color()
  public static let accentColor = Color()
}

extension Color: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

extension ShapeStyle where Self == Color {
  public static var secondary: Color { .secondary }
}

public enum Edge: Int8, Sendable {
  case top, leading, bottom, trailing
}

public enum PopoverAttachmentAnchor: Sendable {
  case rect(Anchor)
  public enum Anchor: Sendable { case bounds }
}

extension View {
  public func padding(_ length: CGFloat? = nil) -> some View { _TranscribedView() }
  public func font(_ font: Font?) -> some View { _TranscribedView() }
  public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { _TranscribedView() }
  public func disabled(_ disabled: Bool) -> some View { _TranscribedView() }
  public func opacity(_ opacity: Double) -> some View { _TranscribedView() }
  public func onAppear(perform action: (() -> Void)? = nil) -> some View { _TranscribedView() }
  // NB: iOS 17, macOS 14, tvOS 17, watchOS 10 and later, as ReducerKit's platforms all are.
  public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void
  ) -> some View { _TranscribedView() }
  public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping () -> Void
  ) -> some View { _TranscribedView() }
  public func task(
    priority: TaskPriority = .userInitiated,
    _ action: @escaping @isolated(any) @Sendable () async -> Void
  ) -> some View { _TranscribedView() }
  public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { _TranscribedView() }
  @_disfavoredOverload
  public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { _TranscribedView() }
  public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
    _TranscribedView()
  }
  public func toolbar<Content: ToolbarContent>(
    @ToolbarContentBuilder content: () -> Content
  ) -> some View { _TranscribedView() }
  public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
    _TranscribedView()
  }

  public func sheet<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View { _TranscribedView() }
  public func sheet<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping () -> Content
  ) -> some View { _TranscribedView() }
  @available(tvOS, unavailable)
  @available(watchOS, unavailable)
  public func popover<Item: Identifiable, Content: View>(
    item: Binding<Item?>,
    attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
    arrowEdge: Edge? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View { _TranscribedView() }
  @available(macOS, unavailable)
  public func fullScreenCover<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View { _TranscribedView() }
  public func navigationDestination<D: Hashable, C: View>(
    item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View { _TranscribedView() }
  public func navigationDestination<D: Hashable, C: View>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View { _TranscribedView() }
  public func navigationDestination<V: View>(
    isPresented: Binding<Bool>, @ViewBuilder destination: () -> V
  ) -> some View { _TranscribedView() }

  public func alert<A: View, M: View, T>(
    _ title: Text, isPresented: Binding<Bool>, presenting data: T?,
    @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View { _TranscribedView() }
  public func alert<A: View>(
    _ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A
  ) -> some View { _TranscribedView() }
  public func confirmationDialog<A: View, M: View, T>(
    _ title: Text, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    presenting data: T?, @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M
  ) -> some View { _TranscribedView() }
}
