// Part of the transcription of SwiftUI's interface for type-checking (see Views.swift).
import Foundation
import Observation

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

// NB: the newest SDK declares it `nonisolated` (its initializers callable from any context);
// the SDKs before, main-actor isolated, as a `View`. The library must compile against both.
#if APPLE_SDK_NEWEST_ISOLATION
  nonisolated public struct Button<Label: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
  }
#else
  public struct Button<Label: View>: View {
    public typealias Body = Never
    public var body: Never { fatalError() }
  }
#endif

extension Button {
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

@available(tvOS, unavailable)
public struct Stepper<Label: View>: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@available(tvOS, unavailable)
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
