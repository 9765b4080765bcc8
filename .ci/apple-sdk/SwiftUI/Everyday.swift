// Part of the transcription of SwiftUI's interface for type-checking (see Views.swift): the
// everyday interface of a real app's views beyond what the library's view layer calls, so that
// user views and the fixtures are checked, not stubbed. Availability as Apple's documentation
// lists the platforms (see .ci/apple-sdk/README.md).
import Foundation
import Observation

@_exported import Foundation

// MARK: Apps and scenes

@MainActor @preconcurrency
public protocol App {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
  @MainActor @preconcurrency init()
}

@MainActor @preconcurrency
public protocol Scene {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: Scene {}

@resultBuilder
public struct SceneBuilder {
  public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
  public static func buildExpression<Content: Scene>(_ content: Content) -> Content { content }
}

public struct WindowGroup<Content: View>: Scene {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public init(@ViewBuilder content: () -> Content) {}
}

// MARK: Containers

public struct ZStack<Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
}

public struct Group<Content> {
  public init(@ViewBuilder content: () -> Content) where Content: View {}
}

extension Group: View where Content: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

public struct ScrollView<Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public init(
    _ axes: Axis.Set = .vertical, showsIndicators: Bool = true,
    @ViewBuilder content: () -> Content
  ) {}
}

public struct TabView<SelectionValue: Hashable, Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {}
}

extension TabView where SelectionValue == Int {
  public init(@ViewBuilder content: () -> Content) {}
}

public struct GeometryReader<Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
}

public struct GeometryProxy {
  public var size: CGSize { .zero }
}

@available(tvOS, unavailable)
@available(watchOS, unavailable)
public struct DisclosureGroup<Label: View, Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public init(
    isExpanded: Binding<Bool>, @ViewBuilder content: @escaping () -> Content,
    @ViewBuilder label: () -> Label
  ) {}
}

@available(tvOS, unavailable)
@available(watchOS, unavailable)
extension DisclosureGroup where Label == Text {
  public init(
    _ titleKey: LocalizedStringKey, isExpanded: Binding<Bool>,
    @ViewBuilder content: @escaping () -> Content
  ) {}
}

// MARK: Controls

@available(watchOS, unavailable)
public struct Menu<Label: View, Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {}
}

@available(watchOS, unavailable)
extension Menu where Label == Text {
  public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
}

public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public init(
    selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content,
    @ViewBuilder label: () -> Label
  ) {}
}

extension Picker where Label == Text {
  public init(
    _ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>,
    @ViewBuilder content: () -> Content
  ) {}
}

@available(tvOS, unavailable)
public struct Slider<Label: View, ValueLabel: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(tvOS, unavailable)
extension Slider where Label == EmptyView, ValueLabel == EmptyView {
  public init<V: BinaryFloatingPoint>(
    value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
    onEditingChanged: @escaping (Bool) -> Void = { _ in }
  ) where V.Stride: BinaryFloatingPoint {}
}

@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
public struct EditButton: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public init() {}
}

// MARK: Shapes and styles

public protocol Shape: View, Sendable {}

extension Shape {
  public func fill<S: ShapeStyle>(_ content: S) -> some View { _TranscribedView() }
  public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View {
    _TranscribedView()
  }
}

public struct Circle: Shape {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public nonisolated init() {}
}

public struct Rectangle: Shape {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public nonisolated init() {}
}

public struct Capsule: Shape {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public nonisolated init() {}
}

public struct RoundedRectangle: Shape {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public nonisolated init(cornerRadius: CGFloat) {}
}

public protocol PrimitiveButtonStyle {}
public struct BorderedButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct PlainButtonStyle: PrimitiveButtonStyle { public init() {} }

extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
  public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
  public static var borderedProminent: BorderedProminentButtonStyle {
    BorderedProminentButtonStyle()
  }
}
extension PrimitiveButtonStyle where Self == PlainButtonStyle {
  public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

public struct Alignment: Equatable, Sendable {
  public static let center = Alignment()
  public static let leading = Alignment()
  public static let trailing = Alignment()
  public static let top = Alignment()
  public static let bottom = Alignment()
}

public enum Axis: Int8, Sendable {
  case horizontal, vertical
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public static let horizontal = Set(rawValue: 1)
    public static let vertical = Set(rawValue: 2)
  }
}

// MARK: Focus, edit mode, the environment

@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set {}
  }
  public var projectedValue: FocusState<Value>.Binding { fatalError() }
  public init() where Value == Bool {}
  public init<T: Hashable>() where Value == T? {}

  @propertyWrapper
  public struct Binding {
    public var wrappedValue: Value {
      get { fatalError() }
      nonmutating set {}
    }
    public var projectedValue: FocusState<Value>.Binding { self }
    // NB: not in Apple's interface; the compiler asks a property wrapper for an initializer
    // as visible as the type, and nothing calls it.
    public init() {}
  }
}

public protocol DynamicProperty {}

@available(macOS, unavailable)
@available(watchOS, unavailable)
public enum EditMode: Equatable, Hashable, Sendable {
  case inactive, transient, active
  public var isEditing: Bool { self != .inactive }
}

public enum ColorScheme: Equatable, Hashable, Sendable, CaseIterable {
  case light, dark
}

extension EnvironmentValues {
  @available(macOS, unavailable)
  @available(watchOS, unavailable)
  public var editMode: Binding<EditMode>? {
    get { nil }
    set {}
  }
  public var colorScheme: ColorScheme {
    get { .light }
    set {}
  }
}

// MARK: Bindings as collections

extension Binding: Sequence where Value: MutableCollection, Value: RandomAccessCollection {
  public typealias Element = Binding<Value.Element>
  public typealias Iterator = IndexingIterator<Binding<Value>>
  public typealias SubSequence = Slice<Binding<Value>>
}

extension Binding: Collection where Value: MutableCollection, Value: RandomAccessCollection {
  public typealias Index = Value.Index
  public typealias Indices = Value.Indices
  public var startIndex: Binding<Value>.Index { fatalError() }
  public var endIndex: Binding<Value>.Index { fatalError() }
  public var indices: Value.Indices { fatalError() }
  public func index(after i: Binding<Value>.Index) -> Binding<Value>.Index { fatalError() }
  public func formIndex(after i: inout Binding<Value>.Index) {}
  public subscript(position: Binding<Value>.Index) -> Binding<Value>.Element { fatalError() }
}

extension Binding: BidirectionalCollection
where Value: MutableCollection, Value: RandomAccessCollection {
  public func index(before i: Binding<Value>.Index) -> Binding<Value>.Index { fatalError() }
  public func formIndex(before i: inout Binding<Value>.Index) {}
}

extension Binding: RandomAccessCollection
where Value: MutableCollection, Value: RandomAccessCollection {}

// MARK: Modifiers

public struct PresentationDetent: Hashable, Sendable {
  public static let medium = PresentationDetent()
  public static let large = PresentationDetent()
  public static func fraction(_ fraction: CGFloat) -> PresentationDetent { PresentationDetent() }
  public static func height(_ height: CGFloat) -> PresentationDetent { PresentationDetent() }
}

public enum ContentMode: Hashable, Sendable { case fit, fill }

extension View {
  public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V)
    -> some View
  { _TranscribedView() }
  public func task<T: Equatable>(
    id value: T, priority: TaskPriority = .userInitiated,
    _ action: @escaping @isolated(any) @Sendable () async -> Void
  ) -> some View { _TranscribedView() }
  public func refreshable(action: @escaping @Sendable () async -> Void) -> some View {
    _TranscribedView()
  }
  public func safeAreaInset<V: View>(
    edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> V
  ) -> some View { _TranscribedView() }
  public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View {
    _TranscribedView()
  }
  public func focused(_ condition: FocusState<Bool>.Binding) -> some View { _TranscribedView() }
  public func focused<Value: Hashable>(
    _ binding: FocusState<Value>.Binding, equals value: Value
  ) -> some View { _TranscribedView() }
  public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
    -> some View
  { _TranscribedView() }
  public func frame(
    minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
    minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
    alignment: Alignment = .center
  ) -> some View { _TranscribedView() }
  public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
    _TranscribedView()
  }
  public func background<S: ShapeStyle>(_ style: S) -> some View { _TranscribedView() }
  public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
    -> some View
  { _TranscribedView() }
  public func clipShape<S: Shape>(_ shape: S) -> some View { _TranscribedView() }
  public func tint<S: ShapeStyle>(_ tint: S?) -> some View { _TranscribedView() }
  public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { _TranscribedView() }
  public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View { _TranscribedView() }
  public func tag<V: Hashable>(_ tag: V) -> some View { _TranscribedView() }
  public func swipeActions<T: View>(
    edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true,
    @ViewBuilder content: () -> T
  ) -> some View { _TranscribedView() }
  public func bold(_ isActive: Bool = true) -> some View { _TranscribedView() }
  public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
    _TranscribedView()
  }
}

public enum VerticalEdge: Int8, Hashable, Sendable { case top, bottom }
public enum HorizontalEdge: Int8, Hashable, Sendable { case leading, trailing }

extension Edge {
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public static let top = Set(rawValue: 1)
    public static let leading = Set(rawValue: 2)
    public static let bottom = Set(rawValue: 4)
    public static let trailing = Set(rawValue: 8)
    public static let all: Set = [.top, .leading, .bottom, .trailing]
    public static let horizontal: Set = [.leading, .trailing]
    public static let vertical: Set = [.top, .bottom]
  }
}
