// A transcription of part of SwiftUI's public interface, for type-checking only.
//
// Linux has no SwiftUI, so the code ReducerKit and its examples keep behind
// `#if canImport(SwiftUI)` would otherwise never be compiled here. `.ci/swiftui-typecheck` builds
// this file as a module named `SwiftUI` and puts it on the import path: then that code compiles
// against these declarations. Nothing here is ever linked or run: bodies only satisfy the
// compiler.
//
// Written from Apple's SwiftUI documentation (developer.apple.com/documentation/swiftui) and the
// Observation documentation (for `Bindable`): the names, generic signatures, constraints, actor
// isolation and availability of the declarations that ReducerKit's view layer and ordinary views
// use. Where a declaration returns `some View`, the stub returns a placeholder view; a caller sees
// the same opaque type either way. It is not complete: add what a view needs, transcribed the
// same way, when the check reports a missing declaration.
import Foundation
import Observation

// MARK: Views

/// A piece of user interface.
@MainActor @preconcurrency
public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

extension Optional: View where Wrapped: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

/// What the stub's `some View` results are made of.
public struct _TranscribedView: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public nonisolated init() {}
}

public struct EmptyView: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public nonisolated init() {}
}

public struct TupleView<T>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public nonisolated init(_ value: T) {}
}

public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

public struct AnyView: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public nonisolated init<V: View>(_ view: V) {}
}

/// Builds views from closures' statements.
@resultBuilder
public struct ViewBuilder {
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<each Content: View>(
    _ content: repeat each Content
  ) -> TupleView<(repeat each Content)> { TupleView((repeat each content)) }
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
  public static func buildEither<TrueContent: View, FalseContent: View>(
    first: TrueContent
  ) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
  public static func buildEither<TrueContent: View, FalseContent: View>(
    second: FalseContent
  ) -> _ConditionalContent<TrueContent, FalseContent> { fatalError() }
  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView {
    AnyView(content)
  }
}

// MARK: Modifiers of one's own

/// A modifier that applies to a view and returns a new one.
@MainActor @preconcurrency
public protocol ViewModifier {
  associatedtype Body: View
  typealias Content = _ViewModifier_Content<Self>
  @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

public struct ModifiedContent<Content, Modifier> {
  public var content: Content
  public var modifier: Modifier
  public nonisolated init(content: Content, modifier: Modifier) {
    self.content = content
    self.modifier = modifier
  }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

extension View {
  public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
    ModifiedContent(content: self, modifier: modifier)
  }
}

// MARK: Text and controls

public struct LocalizedStringKey: ExpressibleByStringInterpolation, Equatable, Sendable {
  public init(_ value: String) {}
  public init(stringLiteral value: String) {}
  public init(stringInterpolation: DefaultStringInterpolation) {}
}

public struct Text: View, Equatable, Sendable {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public nonisolated init(_ key: LocalizedStringKey) {}
  @_disfavoredOverload public nonisolated init<S: StringProtocol>(_ content: S) {}
  public nonisolated init(verbatim content: String) {}
  public nonisolated init<F: FormatStyle>(_ input: F.FormatInput, format: F)
  where F.FormatInput: Equatable, F.FormatOutput == String {}
  public nonisolated func bold() -> Text { self }
  public nonisolated func italic() -> Text { self }
  public nonisolated func underline(_ isActive: Bool = true) -> Text { self }
  public nonisolated func strikethrough(_ isActive: Bool = true) -> Text { self }
  public nonisolated func monospaced(_ isActive: Bool = true) -> Text { self }
  public nonisolated func font(_ font: Font?) -> Text { self }
  public nonisolated func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { self }
  public nonisolated static func + (lhs: Text, rhs: Text) -> Text { lhs }
}

public struct ButtonRole: Equatable, Sendable {
  public static let cancel = ButtonRole()
  public static let destructive = ButtonRole()
}

public struct Button<Label: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
  public init(
    role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
  ) {}
}

extension Button where Label == Text {
  public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
  public init(
    _ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void
  ) {}
}

public struct TextField<Label: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

extension TextField where Label == Text {
  public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
  @_disfavoredOverload
  public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

public struct SecureField<Label: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

extension SecureField where Label == Text {
  public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
}

public struct Toggle<Label: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {}
}

extension Toggle where Label == Text {
  public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {}
}

public struct Stepper<Label: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

extension Stepper where Label == Text {
  public init<V: Strideable>(
    _ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>,
    step: V.Stride = 1
  ) {}
}

public struct ProgressView<Label: View, CurrentValueLabel: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
  public init() {}
}

extension ProgressView where CurrentValueLabel == EmptyView {
  public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) where Label == EmptyView {}
}

public struct Spacer: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public nonisolated init(minLength: CGFloat? = nil) {}
}

public struct Divider: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public nonisolated init() {}
}

public struct Label<Title: View, Icon: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

extension Label where Title == Text, Icon == Image {
  public init(_ titleKey: LocalizedStringKey, systemImage name: String) {}
}

public struct Image: View, Equatable, Sendable {
  public typealias Body = Never
  public var body: Never { fatalError() }
  public nonisolated init(systemName: String) {}
}

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

public struct NavigationStack<Data, Root: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

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

public struct NavigationLink<Label: View, Destination: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

extension NavigationLink where Destination == Never {
  public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {}
}

extension NavigationLink where Label == Text, Destination == Never {
  public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) {}
}

public struct Visibility: Equatable, Hashable, Sendable {
  public static let automatic = Visibility()
  public static let visible = Visibility()
  public static let hidden = Visibility()
}

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

// MARK: State and data flow

/// A reference to a value that a view reads and writes.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
  public var transaction: Transaction { Transaction() }
  public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
  public init(get: @escaping () -> Value, set: @escaping (Value, Transaction) -> Void) {}
  public init(projectedValue: Binding<Value>) {}
  public static func constant(_ value: Value) -> Binding<Value> { fatalError() }
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set {}
  }
  public var projectedValue: Binding<Value> { self }
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<
    Subject
  > { fatalError() }
  public func animation(_ animation: Animation? = .default) -> Binding<Value> { self }
  public func transaction(_ transaction: Transaction) -> Binding<Value> { self }
}

extension Binding: @unchecked Sendable where Value: Sendable {}

extension Binding: Identifiable where Value: Identifiable {
  public var id: Value.ID { fatalError() }
}

extension Binding {
  /// A binding to the optional value, `nil` when it is `nil`.
  public init?(_ base: Binding<Value?>) {}
  public init<V>(_ base: Binding<V>) where Value == V? {}
}

/// A value a view owns.
@propertyWrapper
public struct State<Value>: @unchecked Sendable {
  public init(wrappedValue value: Value) {}
  public init(initialValue value: Value) {}
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set {}
  }
  public var projectedValue: Binding<Value> { fatalError() }
}

/// Bindings to the properties of an observable object.
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value> {
  public var wrappedValue: Value
  public var projectedValue: Bindable<Value> { self }
  public init(wrappedValue: Value) where Value: AnyObject, Value: Observable {
    self.wrappedValue = wrappedValue
  }
  public init(_ wrappedValue: Value) where Value: AnyObject, Value: Observable {
    self.wrappedValue = wrappedValue
  }
  public init(projectedValue: Bindable<Value>) { wrappedValue = projectedValue.wrappedValue }
  public subscript<Subject>(
    dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>
  ) -> Binding<Subject> where Value: AnyObject { fatalError() }
}

extension Bindable: Identifiable where Value: Identifiable {
  public var id: Value.ID { wrappedValue.id }
}

extension Bindable: Sendable where Value: Sendable {}

/// The environment's values a view reads.
public struct EnvironmentValues: CustomStringConvertible {
  public var description: String { "" }
  public var dismiss: DismissAction { DismissAction() }
  public var isPresented: Bool { false }
  public var openURL: OpenURLAction { OpenURLAction() }
}

public struct DismissAction: Sendable {
  @MainActor public func callAsFunction() {}
}

public struct OpenURLAction: Sendable {
  @MainActor public func callAsFunction(_ url: URL) {}
}

@propertyWrapper
public struct Environment<Value>: Sendable {
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
  public var wrappedValue: Value { fatalError() }
}

// MARK: Animation

public struct Animation: Equatable, Sendable {
  public static let `default` = Animation()
  public static let linear = Animation()
  public static let easeIn = Animation()
  public static let easeOut = Animation()
  public static let easeInOut = Animation()
  public static let spring = Animation()
  public static let interactiveSpring = Animation()
  public static let bouncy = Animation()
  public static let smooth = Animation()
  public static let snappy = Animation()
  public static func linear(duration: TimeInterval) -> Animation { Animation() }
  public static func easeIn(duration: TimeInterval) -> Animation { Animation() }
  public static func easeOut(duration: TimeInterval) -> Animation { Animation() }
  public static func easeInOut(duration: TimeInterval) -> Animation { Animation() }
  public static func spring(
    response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0
  ) -> Animation { Animation() }
  public static func spring(
    duration: TimeInterval = 0.5, bounce: Double = 0.0, blendDuration: Double = 0
  ) -> Animation { Animation() }
  public func delay(_ delay: TimeInterval) -> Animation { self }
  public func speed(_ speed: Double) -> Animation { self }
}

public struct Transaction {
  public init() {}
  public init(animation: Animation?) {}
  public var animation: Animation?
  public var disablesAnimations: Bool = false
}

@MainActor
public func withAnimation<Result>(
  _ animation: Animation? = .default, _ body: () throws -> Result
) rethrows -> Result { try body() }

@MainActor
public func withTransaction<Result>(
  _ transaction: Transaction, _ body: () throws -> Result
) rethrows -> Result { try body() }
