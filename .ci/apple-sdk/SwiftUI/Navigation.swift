// Part of the transcription of SwiftUI's interface for type-checking (see Views.swift).
import Foundation
import Observation

// MARK: Containers

public struct HorizontalAlignment: Equatable, Sendable {
  public static let leading = HorizontalAlignment()
  public static let center = HorizontalAlignment()
  public static let trailing = HorizontalAlignment()
}

public struct VerticalAlignment: Equatable, Sendable {
  public static let top = VerticalAlignment()
  public static let center = VerticalAlignment()
  public static let bottom = VerticalAlignment()
  public static let firstTextBaseline = VerticalAlignment()
}

public struct VStack<Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {}
}

public struct HStack<Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public init(
    alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {}
}

public struct List<SelectionValue: Hashable, Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

extension List where SelectionValue == Never {
  public init(@ViewBuilder content: () -> Content) {}
}

public struct Form<Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public init(@ViewBuilder content: () -> Content) {}
}

public struct Section<Parent: View, Content: View, Footer: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
  public init(@ViewBuilder content: () -> Content) {}
}

extension Section where Parent == Text, Footer == EmptyView {
  public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
}

extension Section where Footer == EmptyView {
  public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {}
}

/// Views for the elements of a collection, each identified.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
  public var data: Data { fatalError() }
}

extension ForEach: View where Content: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

extension ForEach where Content: View {
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {}
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
  public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {}
}

extension ForEach: DynamicViewContent where Content: View {}

/// A view made of the elements of a collection, which edits can change.
public protocol DynamicViewContent: View {
  associatedtype Data: Collection
  var data: Self.Data { get }
}

extension DynamicViewContent {
  public func onDelete(perform action: Optional<(IndexSet) -> Void>) -> some DynamicViewContent {
    self
  }
  public func onMove(perform action: Optional<(IndexSet, Int) -> Void>) -> some DynamicViewContent {
    self
  }
}

// MARK: Navigation

/// A type-erased list of the values a navigation stack presents.
public struct NavigationPath: Equatable {
  public init() {}
  public var count: Int { 0 }
  public var isEmpty: Bool { true }
  public mutating func append<V: Hashable>(_ value: V) {}
  public mutating func removeLast(_ k: Int = 1) {}
}

// NB: the newest SDK declares it `nonisolated` (its initializers callable from any context);
// the SDKs before, main-actor isolated, as a `View`. The library must compile against both.
#if APPLE_SDK_NEWEST_ISOLATION
  nonisolated public struct NavigationStack<Data, Root: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
  }
#else
  public struct NavigationStack<Data, Root: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
  }
#endif

extension NavigationStack where Data == NavigationPath {
  public init(@ViewBuilder root: () -> Root) {}
  public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) {}
}

extension NavigationStack
where
  Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
  Data.Element: Hashable
{
  public init(path: Binding<Data>, @ViewBuilder root: () -> Root) {}
}

// NB: the newest SDK declares it `nonisolated` (its initializers callable from any context);
// the SDKs before, main-actor isolated, as a `View`. The library must compile against both.
#if APPLE_SDK_NEWEST_ISOLATION
  nonisolated public struct NavigationLink<Label: View, Destination: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
  }
#else
  public struct NavigationLink<Label: View, Destination: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
  }
#endif

extension NavigationLink where Destination == Never {
  public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {}
}

extension NavigationLink where Label == Text, Destination == Never {
  public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) {}
  public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {}
}

public struct Visibility: Equatable, Hashable, Sendable {
  public static let automatic = Visibility()
  public static let visible = Visibility()
  public static let hidden = Visibility()
}
