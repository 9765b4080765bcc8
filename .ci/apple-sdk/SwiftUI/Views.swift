// A transcription of part of SwiftUI's public interface, for type-checking only.
//
// Linux has no SwiftUI, so the code ReducerKit and its examples keep behind
// `#if canImport(SwiftUI)` would otherwise never be compiled here. `.ci/swiftui-typecheck` builds
// the files of this folder as a module named `SwiftUI` and puts it on the import path: then that
// code compiles against these declarations. Nothing here is ever linked or run: bodies only
// satisfy the compiler.
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
