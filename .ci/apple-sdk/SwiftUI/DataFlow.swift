// Part of the transcription of SwiftUI's interface for type-checking (see Views.swift).
import Foundation
import Observation

// MARK: State and data flow

/// A reference to a value that a view reads and writes.
@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
  public var transaction: Transaction { Transaction() }
  // NB: the newest SDK takes `@isolated(any) @Sendable` closures (`@preconcurrency`); the SDKs
  // before, plain ones.
  #if APPLE_SDK_NEWEST_ISOLATION
    @preconcurrency public init(
      get: @escaping @isolated(any) @Sendable () -> Value,
      set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) {}
    @preconcurrency public init(
      get: @escaping @isolated(any) @Sendable () -> Value,
      set: @escaping @isolated(any) @Sendable (Value, Transaction) -> Void
    ) {}
  #else
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
    public init(get: @escaping () -> Value, set: @escaping (Value, Transaction) -> Void) {}
  #endif
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
  public init() {}
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
  @MainActor public func callAsFunction(_ url: URL, completion: @escaping (_ accepted: Bool) -> Void) {}
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
  public static func interactiveSpring(
    response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: TimeInterval = 0.25
  ) -> Animation { Animation() }
  public static func interactiveSpring(
    duration: TimeInterval = 0.15, extraBounce: Double = 0.0, blendDuration: TimeInterval = 0.25
  ) -> Animation { Animation() }
  public static var interpolatingSpring: Animation { Animation() }
  public static func interpolatingSpring(
    mass: Double = 1.0, stiffness: Double, damping: Double, initialVelocity: Double = 0.0
  ) -> Animation { Animation() }
  public static func interpolatingSpring(
    duration: TimeInterval = 0.5, bounce: Double = 0.0, initialVelocity: Double = 0.0
  ) -> Animation { Animation() }
  public static func timingCurve(
    _ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: TimeInterval = 0.35
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
